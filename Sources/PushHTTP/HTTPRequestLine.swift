import Foundation

/// Where a request for a URL goes and what it sends: the host and port to connect to, and the
/// request's bytes (a `GET` unless told otherwise).
struct HTTPRequestLine {
  /// Whether the request goes over TLS (`https:`).
  let isSecure: Bool
  /// The host to resolve: the URL's, without IPv6 brackets.
  let host: String
  /// The port to connect to: the URL's, else the scheme's default.
  let port: Int
  /// The request: the method, the path and query as the URL spells them, `Host`, Basic
  /// credentials when the URL carries a user, the caller's header fields, and the body.
  let bytes: [UInt8]

  /// The header fields the request sets itself; a caller's field of one of these names is
  /// dropped.
  static let ownFields: Set<String> = [
    "host", "accept-encoding", "connection", "content-length", "transfer-encoding",
  ]

  /// The request for `url`; `unsupportedURL` when it has no host, or when the URL, the method
  /// or a header field has characters a request cannot carry.
  ///
  /// - Parameters:
  ///   - method: The request method (`GET`, `POST`, …), a token of letters.
  ///   - fields: Header fields to send besides the request's own (``ownFields``).
  ///   - body: The body, sent with its `Content-Length` when not empty or not a `GET`/`HEAD`.
  init(
    url: URL, method: String = "GET", fields: [(name: String, value: String)] = [],
    body: [UInt8] = []
  ) throws(HTTPError) {
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
    guard !method.isEmpty, method.utf8.allSatisfy(HTTPToken.contains) else {
      throw HTTPError(
        .unsupportedURL, url: url, reason: "the method \(method.debugDescription) is not a token")
    }
    var lines = [
      "\(method) \(target) HTTP/1.1", "Host: \(authority)", "Accept-Encoding: identity",
      "Connection: close",
    ]
    var named = Set<String>()
    for field in fields where !Self.ownFields.contains(field.name.lowercased()) {
      guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPToken.contains),
        field.value.utf8.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
      else {
        throw HTTPError(
          .unsupportedURL, url: url,
          reason: "the header field \(field.name.debugDescription) has characters a request "
            + "cannot carry")
      }
      named.insert(field.name.lowercased())
      lines.append("\(field.name): \(field.value)")
    }
    if !named.contains("accept") { lines.append("Accept: */*") }
    if !named.contains("user-agent") { lines.append("User-Agent: PushSim") }
    if let user = components?.user, !named.contains("authorization") {
      let credentials = Data("\(user):\(components?.password ?? "")".utf8).base64EncodedString()
      lines.append("Authorization: Basic \(credentials)")
    }
    if !body.isEmpty || !["GET", "HEAD"].contains(method) {
      lines.append("Content-Length: \(body.count)")
    }
    bytes = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
  }
}
