/// One header field of a request or a response, as received or to be sent (names lowercase).
public struct HeaderField: Sendable, Hashable {
  /// The name, lowercase (HTTP/2 requires it; HTTP/1.1 names are lowercased when read).
  public var name: String
  /// The value, as received.
  public var value: String

  /// Creates a field.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// The protocol a request came over.
public enum WireProtocol: String, Sendable {
  /// HTTP/1.1 (not what APNs speaks; accepted, Rules.md §18).
  case http1 = "HTTP/1.1"
  /// HTTP/2 without TLS, with prior knowledge (h2c).
  case http2 = "HTTP/2"
}

/// A request as the connection read it: method, path, header fields in order, and the body,
/// under the server's limits.
public struct ServeRequest: Sendable {
  /// `:method` or the request line's method.
  public var method: String
  /// `:path` or the request target (origin form).
  public var path: String
  /// The header fields other than HTTP/2 pseudo-headers, in order, names lowercase.
  public var fields: [HeaderField]
  /// The body (empty when ``bodyTooLarge``).
  public var body: [UInt8]
  /// The body was longer than the server's limit and was not kept.
  public var bodyTooLarge: Bool
  /// How it came.
  public var wire: WireProtocol
  /// Its credentials as its connection judged them (set by the connection before the devices
  /// see it); `nil`: judged from its own `authorization` header alone.
  var authentication: RequestAuthentication?

  /// Creates a request.
  public init(
    method: String, path: String, fields: [HeaderField], body: [UInt8] = [],
    bodyTooLarge: Bool = false, wire: WireProtocol
  ) {
    self.method = method
    self.path = path
    self.fields = fields
    self.body = body
    self.bodyTooLarge = bodyTooLarge
    self.wire = wire
  }

  /// The values of the fields named `name` (lowercase), in order.
  public func values(_ name: String) -> [String] {
    fields.filter { $0.name == name }.map(\.value)
  }

  /// The value of the first field named `name` (lowercase), when there is one.
  func value(of name: String) -> String? {
    fields.first { $0.name == name }?.value
  }
}

/// A response to send: status, header fields (lowercase names) and body.
public struct ServeResponse: Sendable, Equatable {
  /// The HTTP status.
  public var status: Int
  /// The header fields, in order (without `content-length`, which the connection adds).
  public var fields: [HeaderField]
  /// The body.
  public var body: [UInt8]

  /// Creates a response.
  public init(status: Int, fields: [HeaderField] = [], body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = body
  }

  /// The value of the field named `name`, when present.
  public func value(_ name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  /// The reason phrase HTTP/1.1 writes after the status.
  var reasonPhrase: String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 410: "Gone"
    case 413: "Payload Too Large"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
