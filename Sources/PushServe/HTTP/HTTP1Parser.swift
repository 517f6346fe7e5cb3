/// Reads HTTP/1.1 requests from the bytes of one connection (RFC 9112), under limits: a
/// synchronous state machine the connection feeds and asks what to do next.
///
/// Bodies are `Content-Length` only: `Transfer-Encoding` is refused (501), as is a head over
/// ``ServeLimits/head`` (431). A body over ``ServeLimits/body`` is not read: the request is
/// answered 413 and the connection closed, since the rest of the body is never read.
struct HTTP1Parser {
  /// What the connection does next.
  enum Step {
    /// Read more bytes.
    case needMore
    /// A request is complete; `keepAlive` says whether the connection goes on after its answer.
    case request(ServeRequest, keepAlive: Bool)
    /// The bytes are not a request PushSim reads: answer `status` with `message`, then close.
    case fail(status: Int, message: String)
  }

  let limits: ServeLimits
  private(set) var buffer: [UInt8] = []
  /// How far the buffer is known to hold no `\r\n\r\n`: a head that arrives a byte at a
  /// time is scanned once, not once per byte.
  private var scanned = 0

  init(limits: ServeLimits) { self.limits = limits }

  /// Adds bytes read from the connection.
  mutating func feed(_ bytes: some Collection<UInt8>) { buffer.append(contentsOf: bytes) }

  /// Whether bytes of a next request are waiting.
  var hasBufferedBytes: Bool { !buffer.isEmpty }

  /// The next request, when its head and body are all in the buffer (consumed from it).
  mutating func next() -> Step {
    // The head's size counts its closing blank line, and the test is the same whether the
    // head is whole in the buffer or still arriving (a head that has not ended in `count`
    // bytes will be at least `count + 1` long), so how the bytes were split never matters.
    guard let end = Self.headEnd(buffer, from: scanned) else {
      scanned = max(0, buffer.count - 3)
      return buffer.count >= limits.head
        ? .fail(status: 431, message: "the request head is over \(limits.head) bytes")
        : .needMore
    }
    guard end + 4 <= limits.head else {
      return .fail(status: 431, message: "the request head is over \(limits.head) bytes")
    }
    guard let head = String(validating: buffer[..<end], as: UTF8.self) else {
      return .fail(status: 400, message: "the request head is not UTF-8")
    }
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else {
      return .fail(status: 400, message: "no request line")
    }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"),
      parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
    else {
      return .fail(status: 400, message: "the request line is not 'METHOD /path HTTP/1.1'")
    }
    var fields: [HeaderField] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        line.first != " ", line.first != "\t"
      else {
        return .fail(status: 400, message: "a header line is not 'name: value'")
      }
      let name = line[..<colon]
      guard !name.contains(" "), !name.contains("\t") else {
        return .fail(status: 400, message: "a header name holds white space")
      }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
      fields.append(HeaderField(name.lowercased(), value))
    }
    var keepAlive = parts[2] == "HTTP/1.1"
    for field in fields where field.name == "connection" {
      let options = field.value.lowercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if options.contains("close") { keepAlive = false }
      if options.contains("keep-alive") { keepAlive = true }
    }
    if fields.contains(where: { $0.name == "transfer-encoding" }) {
      return .fail(status: 501, message: "Transfer-Encoding is not read; send Content-Length")
    }
    let lengths = fields.filter { $0.name == "content-length" }.map(\.value)
    var length = 0
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
        first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let value = Int(first)
      else {
        return .fail(status: 400, message: "Content-Length is not one decimal number")
      }
      length = value
    }
    let method = String(parts[0])
    let path = String(parts[1])
    if length > limits.body {
      buffer.removeAll()
      scanned = 0
      let request = ServeRequest(
        method: method, path: path, fields: fields, bodyTooLarge: true, wire: .http1)
      return .request(request, keepAlive: false)
    }
    let bodyStart = end + 4
    guard buffer.count >= bodyStart + length else { return .needMore }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    buffer.removeFirst(bodyStart + length)
    scanned = 0
    return .request(
      ServeRequest(method: method, path: path, fields: fields, body: body, wire: .http1),
      keepAlive: keepAlive)
  }

  /// The offset of the `\r\n\r\n` that ends the head.
  static func headEnd(_ bytes: [UInt8], from start: Int = 0) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var index = start
    while index + 3 < bytes.count {
      if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13,
        bytes[index + 3] == 10
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The response's bytes: status line, fields, `content-length`, body.
  static func serialize(_ response: ServeResponse, keepAlive: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(response.reasonPhrase)\r\n"
    for field in response.fields { head += "\(field.name): \(field.value)\r\n" }
    head += "content-length: \(response.body.count)\r\n"
    if !keepAlive { head += "connection: close\r\n" }
    head += "\r\n"
    return Array(head.utf8) + response.body
  }
}
