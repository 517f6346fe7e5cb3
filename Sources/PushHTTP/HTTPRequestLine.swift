import Foundation

/// Where a `GET` for a URL goes and what it sends: the host and port to connect to, and the
/// request's bytes.
struct HTTPRequestLine {
  /// Whether the request goes over TLS (`https:`).
  let isSecure: Bool
  /// The host to resolve: the URL's, without IPv6 brackets.
  let host: String
  /// The port to connect to: the URL's, else the scheme's default.
  let port: Int
  /// The request: `GET`, the path and query as the URL spells them, `Host`, and Basic
  /// credentials when the URL carries a user.
  let bytes: [UInt8]

  /// The request for `url`; `unsupportedURL` when it has no host or has characters a request
  /// line cannot carry.
  init(url: URL) throws(HTTPError) {
    isSecure = url.scheme?.lowercased() == "https"
    guard let host = url.host, !host.isEmpty else {
      throw HTTPError(.unsupportedURL, url: url, reason: "the URL has no host")
    }
    self.host =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let defaultPort = isSecure ? 443 : 80
    port = url.port ?? defaultPort

    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    var target = components?.percentEncodedPath ?? ""
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    var authority = self.host.contains(":") ? "[\(self.host)]" : self.host
    if let port = url.port, port != defaultPort { authority += ":\(port)" }
    guard (target + authority).utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw HTTPError(
        .unsupportedURL, url: url, reason: "the URL has characters a request line cannot carry")
    }
    var lines = [
      "GET \(target) HTTP/1.1", "Host: \(authority)", "Accept: */*", "Accept-Encoding: identity",
      "User-Agent: PushSim", "Connection: close",
    ]
    if let user = components?.user {
      let credentials = Data("\(user):\(components?.password ?? "")".utf8).base64EncodedString()
      lines.append("Authorization: Basic \(credentials)")
    }
    bytes = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }
}
