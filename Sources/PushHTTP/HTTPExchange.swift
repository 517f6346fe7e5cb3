import Foundation

/// One HTTP/1.1 request and its response over a connection of its own: `http:` over a TCP socket
/// (``HTTPSocket``), `https:` over a TLS session (``TLSStream``). The connection is read only as
/// fast as the caller reads the head and the body, so a hostile server cannot push more than
/// the limit, the allowance for framing and the kernel's socket buffers before the connection
/// closes.
///
/// The request is a `GET` unless told otherwise, with `Accept-Encoding: identity` and
/// `Connection: close`, and Basic credentials when the URL carries a user. What the response means (a redirect, a status, a
/// media type) is the caller's to judge, between ``readHead()`` and
/// ``readBody(head:limit:)``.
package struct HTTPExchange {
  /// The URL requested.
  package let url: URL
  /// The request's method: the answer to a `HEAD` has no body, whatever its head says.
  package let method: String
  /// The deadline every wait of the exchange is bounded by.
  package let deadline: SocketDeadline
  private let stream: any ByteStream
  /// Bytes read from the connection and not used yet.
  var pending: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: Self.readSize)

  /// The most bytes of a response head (status line and fields, interim responses included).
  static let maximumHead = 64 * 1024
  /// The most interim (1xx) responses skipped.
  static let maximumInterimResponses = 8
  /// The bytes read from the connection at once.
  static let readSize = 64 * 1024

  /// Connects to the URL's host and sends the request.
  ///
  /// - Parameters:
  ///   - url: An `http:` or `https:` URL.
  ///   - deadline: The deadline and stop signal every wait is bounded by.
  ///   - curl: For `https:`, the loaded libcurl (``LibCurl/shared``); `nil` fails an `https:`
  ///     request.
  ///   - trustedCertificateFile: For `https:`, a PEM file trusted in place of the system's CA
  ///     bundle (tests only).
  ///   - method: The request method.
  ///   - fields: Header fields besides the request's own (`Host`, `Connection`, …).
  ///   - body: The request body.
  package static func open(
    url: URL, deadline: SocketDeadline, curl: LibCurl?, trustedCertificateFile: String?,
    method: String = "GET", fields: [(name: String, value: String)] = [], body: [UInt8] = []
  ) throws(HTTPError) -> HTTPExchange {
    let request = try HTTPRequestLine(url: url, method: method, fields: fields, body: body)
    let stream: any ByteStream
    if request.isSecure {
      guard let curl else {
        throw HTTPError(
          .connection, url: url, reason: "TLS is not available (libcurl could not be loaded)",
          elapsed: deadline.elapsed, bytesReceived: 0)
      }
      stream = try TLSStream.open(
        host: request.host, port: request.port, url: url, deadline: deadline,
        certificateAuthorityFile: trustedCertificateFile, curl: curl)
    } else {
      stream = try HTTPSocket.open(
        host: request.host, port: request.port, url: url, deadline: deadline)
    }
    try stream.write(request.bytes)
    return HTTPExchange(url: url, method: method, deadline: deadline, stream: stream)
  }

  /// An exchange over a connection already open, its request sent.
  init(url: URL, method: String, deadline: SocketDeadline, stream: any ByteStream) {
    self.url = url
    self.method = method
    self.deadline = deadline
    self.stream = stream
  }

  /// Reads the final response head, skipping interim (1xx) responses. The heads together,
  /// interim ones included, may take ``maximumHead`` bytes, exactly: each is measured where it
  /// ends, and one whose end has not arrived within what is left of the limit fails then.
  package mutating func readHead() throws(HTTPError) -> HTTPResponseHead {
    var interim = 0
    var used = 0
    func tooLong() -> HTTPError {
      HTTPError(
        .connection, url: url,
        reason: "the response head is longer than \(Self.maximumHead) bytes",
        elapsed: deadline.elapsed)
    }
    while true {
      var end = HTTPResponseHead.end(in: pending)
      while end == nil {
        // Without its end, the head is longer than what has arrived.
        guard used + pending.count < Self.maximumHead else { throw tooLong() }
        guard try fill() else {
          throw HTTPError(
            .connection, url: url,
            reason: "the connection closed before a complete response head arrived",
            elapsed: deadline.elapsed, bytesReceived: 0)
        }
        end = HTTPResponseHead.end(in: pending)
      }
      let length = end ?? 0
      guard used + length <= Self.maximumHead else { throw tooLong() }
      used += length
      let head: HTTPResponseHead
      switch HTTPResponseHead.parse(pending[..<length]) {
      case .success(let parsed): head = parsed
      case .failure(let malformed):
        throw HTTPError(
          .malformedResponse, url: url, reason: malformed.reason, elapsed: deadline.elapsed)
      }
      pending.removeFirst(length)
      guard (100...199).contains(head.status) else { return head }
      interim += 1
      guard interim <= Self.maximumInterimResponses else {
        throw HTTPError(
          .connection, url: url,
          reason: "the server sent more than \(Self.maximumInterimResponses) interim responses",
          elapsed: deadline.elapsed)
      }
    }
  }

  /// Reads what arrives next into `pending`; `false` at the end of the stream. Looks at the
  /// stop signal and the deadline first: a fast server keeps the socket readable, and the
  /// socket's wait (which looks at them too) is then never reached.
  mutating func fill() throws(HTTPError) -> Bool {
    try deadline.check(url: url)
    let count = try stream.receive(into: &buffer)
    pending.append(contentsOf: buffer[..<count])
    return count > 0
  }
}
