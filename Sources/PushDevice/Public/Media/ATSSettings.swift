import Foundation
internal import PushMedia

/// The extension's App Transport Security settings (`NSAppTransportSecurity`, scenario `app.ats`).
///
/// ATS covers apps and app extensions (Behavior.md §6.2): a plain `http:` download is allowed only
/// where these settings say so; `https:` always is. The rule PushSim applies is Rules.md §7:
/// arbitrary loads, an exception domain that allows insecure loads, or local networking for
/// loopback and `.local` names. Field names match the Info.plist keys without their `NS` prefix.
///
/// Precedence follows Apple's key documentation: a host covered by `NSExceptionDomains` is
/// decided by its entry, whatever `NSAllowsArbitraryLoads` says
/// (developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsallowsarbitraryloads).
/// Apple documents `NSAllowsLocalNetworking` as covering unqualified names, `.local` names and
/// all IP addresses; PushSim narrows it to loopback and `.local` as Rules.md §7 says.
public struct ATSSettings: Sendable, Equatable {
  /// `NSAllowsArbitraryLoads`: plain http to any host.
  public var allowsArbitraryLoads: Bool
  /// `NSAllowsLocalNetworking`: plain http to loopback addresses (`127.0.0.0/8` written as four
  /// decimal numbers, `[::1]` in any spelling), `localhost` and `.local` names.
  public var allowsLocalNetworking: Bool
  /// `NSExceptionDomains`: per-domain exceptions, keyed by domain name.
  public var exceptionDomains: [String: ExceptionDomain]

  /// Creates settings; the default is ATS's own: https only.
  public init(
    allowsArbitraryLoads: Bool = false, allowsLocalNetworking: Bool = false,
    exceptionDomains: [String: ExceptionDomain] = [:]
  ) {
    self.allowsArbitraryLoads = allowsArbitraryLoads
    self.allowsLocalNetworking = allowsLocalNetworking
    self.exceptionDomains = exceptionDomains
  }

  /// One `NSExceptionDomains` entry.
  public struct ExceptionDomain: Sendable, Equatable {
    /// `NSExceptionAllowsInsecureHTTPLoads`: plain http to this domain.
    public var allowsInsecureHTTPLoads: Bool
    /// `NSIncludesSubdomains`: the exception covers subdomains too.
    public var includesSubdomains: Bool

    /// Creates an exception; as with Apple's keys, both default to `false`.
    public init(allowsInsecureHTTPLoads: Bool = false, includesSubdomains: Bool = false) {
      self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
      self.includesSubdomains = includesSubdomains
    }
  }

  /// Whether a download from `url` may start (or a redirect may go there), and if not, why.
  ///
  /// `https:` is always allowed; `http:` per Rules.md §7; every other scheme
  /// (`file:`, `data:`, `ftp:`) never.
  package func verdict(for url: URL) -> Verdict {
    let scheme = url.scheme?.lowercased() ?? ""
    guard let host = url.host?.lowercased(), !host.isEmpty else {
      return .blocked("\(url.redactedString) has no host")
    }
    switch scheme {
    case "https":
      return .allowed("https")
    case "http":
      if let domain = exceptionDomain(for: host) {
        // Exception domains are not affected by NSAllowsArbitraryLoads (Apple, NSAllowsArbitraryLoads).
        if domain.exception.allowsInsecureHTTPLoads {
          return .allowed("exception domain \(domain.name) allows insecure http loads")
        }
        if !(allowsLocalNetworking && Self.isLocal(host)) {
          return .blocked(
            "App Transport Security blocks plain http to \(host): its exception domain "
              + "\(domain.name) does not allow insecure http loads")
        }
      }
      if allowsLocalNetworking && Self.isLocal(host) {
        return .allowed("allowsLocalNetworking covers \(host)")
      }
      if allowsArbitraryLoads { return .allowed("allowsArbitraryLoads") }
      return .blocked(
        "App Transport Security blocks plain http to \(host): no arbitrary loads, no exception "
          + "domain allowing insecure loads, no local networking for it")
    default:
      return .blocked("the \(scheme.isEmpty ? "(none)" : scheme): scheme is never downloaded")
    }
  }

  /// The ATS answer for one URL.
  package enum Verdict: Sendable, Equatable {
    /// Allowed, with the rule that allows it.
    case allowed(String)
    /// Blocked, with the reason in plain words.
    case blocked(String)

    /// Whether the load may go ahead.
    package var isAllowed: Bool {
      if case .allowed = self { return true }
      return false
    }
  }

  /// The exception entry that covers `host`: the exact name, else the nearest parent domain
  /// whose entry includes subdomains.
  private func exceptionDomain(for host: String) -> (name: String, exception: ExceptionDomain)? {
    var lowered: [String: ExceptionDomain] = [:]
    for (name, exception) in exceptionDomains { lowered[name.lowercased()] = exception }
    if let exact = lowered[host] { return (host, exact) }
    var labels = host.split(separator: ".")
    while labels.count > 1 {
      labels.removeFirst()
      let parent = labels.joined(separator: ".")
      if let exception = lowered[parent], exception.includesSubdomains {
        return (parent, exception)
      }
    }
    return nil
  }

  /// Loopback addresses, `localhost`, `.local` names and unqualified names: what
  /// `NSAllowsLocalNetworking` covers (Rules.md §7).
  static func isLocal(_ host: String) -> Bool {
    let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host.hasSuffix(".local") { return true }
    return isLoopbackIPv4(host) || isLoopbackIPv6(host)
  }

  /// The IPv6 loopback address in any spelling (`::1`, `0:0:0:0:0:0:0:1`, `0000::0001`), and
  /// IPv4-mapped loopback addresses (`::ffff:127.0.0.1`), as written inside a URL's brackets.
  static func isLoopbackIPv6(_ host: String) -> Bool {
    guard let groups = ipv6Groups(host) else { return false }
    if groups == [0, 0, 0, 0, 0, 0, 0, 1] { return true }
    return groups[0..<5].allSatisfy { $0 == 0 } && groups[5] == 0xFFFF && groups[6] >> 8 == 127
  }

  /// The eight 16-bit groups of an IPv6 address written as RFC 4291 allows (hexadecimal groups,
  /// one `::` for a run of zeros, dotted IPv4 in the last 32 bits); `nil` for anything else.
  static func ipv6Groups(_ text: String) -> [UInt16]? {
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    var parsed: [[UInt16]] = []
    for (index, half) in halves.enumerated() {
      var groups: [UInt16] = []
      let pieces = half.isEmpty ? [] : half.split(separator: ":", omittingEmptySubsequences: false)
      for (position, piece) in pieces.enumerated() {
        let isLast = index == halves.count - 1 && position == pieces.count - 1
        if isLast && piece.contains(".") {
          guard isDottedIPv4(String(piece)) else { return nil }
          let bytes = piece.split(separator: ".").compactMap { UInt16($0) }
          groups += [bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3]]
          continue
        }
        guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit),
          let group = UInt16(piece, radix: 16)
        else { return nil }
        groups.append(group)
      }
      parsed.append(groups)
    }
    guard let head = parsed.first else { return nil }
    if parsed.count == 1 { return head.count == 8 ? head : nil }
    let tail = parsed[1]
    guard head.count + tail.count <= 7 else { return nil }
    return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
  }

  /// Four decimal numbers 0…255 separated by dots.
  static func isDottedIPv4(_ host: String) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
          && (Int(part) ?? 256) <= 255
      }
  }

  /// `127.x.y.z` written as four decimal numbers 0…255: a name such as `127.evil.example.com`
  /// is not an address, and resolving it could lead anywhere.
  static func isLoopbackIPv4(_ host: String) -> Bool {
    host.hasPrefix("127.") && isDottedIPv4(host)
  }
}
