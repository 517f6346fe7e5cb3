import Foundation

/// What one request of a download ends with, short of an error.
enum DownloadStep: Sendable {
  /// The body, checked.
  case media(FetchedMedia)
  /// A redirect that passed ``HTTPFetcher/judgeRedirect(location:from:hop:status:ats:maximumRedirects:)``,
  /// and the redirects followed so far, this one included.
  case redirect(URL, redirects: Int)
}

/// One request of ``HTTPFetcher`` over its own HTTP/1.1 client: `http:` over a TCP socket
/// (``HTTPSocket``), `https:` over a TLS session (``TLSStream``). The connection is read only as
/// fast as the body is judged, so a hostile server cannot push more than the limit, the
/// allowance for framing and the kernel's socket buffers before the connection closes
/// (Rules.md §7).
///
/// Why not `URLSession`: on Linux, swift-corelibs-foundation reads the socket (libcurl) on its
/// own queue and queues every chunk for the delegate without back-pressure; a cancel at
/// limit + 1 lands after the queue drains, by which time a fast server has sent hundreds of
/// megabytes (Architecture.md, "Foundation on Linux").
///
/// The request is `GET` with `Accept-Encoding: identity` and `Connection: close`. The response
/// body may be framed by `Content-Length`, `chunked` or the end of the connection; a `gzip` or
/// `deflate` body is decoded (as iOS's URLSession does) and its decoded bytes count against the
/// limit, while its bytes on the wire count against ``wireLimit(forBodyLimit:)``.
struct HTTPDownload: Sendable {
  /// The URL of this request (an `http:` or `https:` URL that passed ATS).
  var url: URL
  /// The caller's size limit, before the media type lowers it.
  var limit: Int
  /// Redirects followed before this request.
  var redirects: Int
  /// The app's ATS settings, for redirects.
  var ats: ATSSettings
  /// The most redirects followed.
  var maximumRedirects: Int
  /// The whole fetch's deadline.
  var deadline: SocketDeadline
  /// For `https:`: the loaded libcurl (``LibCurl/shared``).
  var curl: LibCurl?
  /// For `https:`: a PEM file trusted in place of the system's CA bundle (tests only).
  var trustedCertificateFile: String?

  /// Whether this request goes over TLS.
  private var isSecure: Bool { url.scheme?.lowercased() == "https" }

  /// The port to connect to: the URL's, else the scheme's default.
  private var port: Int { url.port ?? (isSecure ? 443 : 80) }

  /// The most bytes of a response head (status line and fields, interim responses included).
  static let maximumHead = 64 * 1024
  /// The most interim (1xx) responses skipped.
  static let maximumInterimResponses = 8
  /// The bytes read from the socket at once.
  static let readSize = 64 * 1024

  /// The largest size limit taken as given (2^60 bytes, more than any machine holds); a larger
  /// one is read as this, so `limit + 1` and ``wireLimit(forBodyLimit:)`` never overflow.
  static let largestLimit = 1 << 60

  /// The most bytes a body may take on the wire: its limit plus an allowance of an eighth (at
  /// least 64 KiB) for chunk framing and for a compressed body, which may be a little longer
  /// than what it decodes to. A compressed stream that decodes to little or nothing is cut here.
  static func wireLimit(forBodyLimit limit: Int) -> Int {
    limit + 1 + max(64 * 1024, limit / 8)
  }

  /// Runs the request on a thread of its own (the socket waits block), resuming the caller when
  /// it ends.
  func run() async -> Result<DownloadStep, MediaFetchError> {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: Result { () throws(MediaFetchError) in try self.perform() })
      }
      thread.name = "PushSim HTTP download"
      thread.start()
    }
  }

  /// The request, on the calling thread.
  func perform() throws(MediaFetchError) -> DownloadStep {
    let socket = try open()
    try socket.write(try request())
    var reader = ResponseReader(socket: socket)
    let head = try readHead(&reader)
    let status = head.status
    if [301, 302, 303, 307, 308].contains(status) {
      switch HTTPFetcher.judgeRedirect(
        location: head.value("location"), from: url, hop: redirects + 1, status: status,
        ats: ats, maximumRedirects: maximumRedirects)
      {
      case .success(let target): return .redirect(target, redirects: redirects + 1)
      case .failure(let error): throw error.at(deadline.elapsed)
      }
    }
    guard (200...299).contains(status) else {
      throw MediaFetchError(
        .httpStatus, url: url, reason: "the server answered HTTP \(status)",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    let contentType = head.value("content-type")
    let bodyLimit = try HTTPFetcher.bodyLimit(
      contentType: contentType, limit: limit, url: url, status: status,
      elapsed: deadline.elapsed)
    let body = Data(try readBody(&reader, head: head, limit: bodyLimit))
    let elapsed = deadline.elapsed
    let type = try FetchedMedia.confirmType(
      contentType: contentType, data: body, url: url, elapsed: elapsed, status: status)
    return .media(
      FetchedMedia(
        url: url, status: status, contentType: contentType, data: body, type: type,
        elapsed: elapsed, redirects: redirects))
  }

  /// Connects: a TCP socket for `http:`, a TLS session for `https:`.
  private func open() throws(MediaFetchError) -> any ByteStream {
    let host = try hostForConnecting()
    guard isSecure else {
      return try HTTPSocket.open(host: host, port: port, url: url, deadline: deadline)
    }
    guard let curl else {
      throw MediaFetchError(
        .connection, url: url, reason: "TLS is not available (libcurl could not be loaded)",
        elapsed: deadline.elapsed, bytesReceived: 0)
    }
    return try TLSStream.open(
      host: host, port: port, url: url, deadline: deadline,
      certificateAuthorityFile: trustedCertificateFile, curl: curl)
  }

  /// The host to resolve: the URL's, without IPv6 brackets.
  private func hostForConnecting() throws(MediaFetchError) -> String {
    guard let host = url.host, !host.isEmpty else {
      throw MediaFetchError(.unsupportedURL, url: url, reason: "\(url.redactedString) has no host")
    }
    return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }

  /// The request bytes: `GET`, the path and query as the URL spells them, `Host`, and Basic
  /// credentials when the URL carries a user.
  private func request() throws(MediaFetchError) -> [UInt8] {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    var target = components?.percentEncodedPath ?? ""
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    var host = try hostForConnecting()
    if host.contains(":") { host = "[\(host)]" }
    if let port = url.port, port != (isSecure ? 443 : 80) { host += ":\(port)" }
    guard (target + host).utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw MediaFetchError(
        .unsupportedURL, url: url,
        reason: "\(url.redactedString) has characters a request line cannot carry")
    }
    var lines = [
      "GET \(target) HTTP/1.1", "Host: \(host)", "Accept: */*", "Accept-Encoding: identity",
      "User-Agent: PushSim", "Connection: close",
    ]
    if let user = components?.user {
      let credentials = Data("\(user):\(components?.password ?? "")".utf8).base64EncodedString()
      lines.append("Authorization: Basic \(credentials)")
    }
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }

  /// Reads the final response head, skipping interim (1xx) responses.
  private func readHead(_ reader: inout ResponseReader) throws(MediaFetchError) -> HTTPResponseHead
  {
    var interim = 0
    while true {
      var end = HTTPResponseHead.end(in: reader.pending)
      while end == nil {
        guard reader.pending.count <= Self.maximumHead else {
          throw MediaFetchError(
            .connection, url: url,
            reason: "the response head is longer than \(Self.maximumHead) bytes",
            elapsed: deadline.elapsed)
        }
        guard try reader.fill() else {
          throw MediaFetchError(
            .connection, url: url,
            reason: "the connection closed before a complete response head arrived",
            elapsed: deadline.elapsed, bytesReceived: 0)
        }
        end = HTTPResponseHead.end(in: reader.pending)
      }
      let length = end ?? 0
      let head: HTTPResponseHead
      switch HTTPResponseHead.parse(reader.pending[..<length]) {
      case .success(let parsed): head = parsed
      case .failure(let malformed):
        throw MediaFetchError(
          .connection, url: url, reason: malformed.reason, elapsed: deadline.elapsed)
      }
      reader.pending.removeFirst(length)
      guard (100...199).contains(head.status) else { return head }
      interim += 1
      guard interim <= Self.maximumInterimResponses else {
        throw MediaFetchError(
          .connection, url: url,
          reason: "the server sent more than \(Self.maximumInterimResponses) interim responses",
          elapsed: deadline.elapsed)
      }
    }
  }

  /// Reads the body under `limit` (decoded bytes) and ``wireLimit(forBodyLimit:)`` (bytes on
  /// the wire), stopping the moment either is passed.
  private func readBody(_ reader: inout ResponseReader, head: HTTPResponseHead, limit: Int)
    throws(MediaFetchError) -> [UInt8]
  {
    let status = head.status
    let lengths = Set(head.values("content-length"))
    guard lengths.count <= 1 else {
      throw MediaFetchError(
        .connection, url: url, reason: "the response has conflicting Content-Length headers",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    let chunked =
      head.values("transfer-encoding").joined(separator: ",").split(separator: ",").last?
      .trimmingCharacters(in: .whitespaces).lowercased() == "chunked"
    let declared = lengths.first
    let expected: Int64? =
      chunked ? nil : declared.map { HTTPFetcher.announcedLength($0, fallback: -1) }
    if let declared, let expected, expected < 0 {
      throw MediaFetchError(
        .connection, url: url, reason: "the Content-Length \(declared) is not a number",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    if let declared, let expected, expected > Int64(limit) {
      throw HTTPFetcher.tooLargeAtHeaders(
        declared: declared, limit: limit, url: url, status: status, elapsed: deadline.elapsed)
    }
    let encodingName = head.value("content-encoding").flatMap { name in
      name.isEmpty || name.lowercased() == "identity" ? nil : name
    }
    var encoding: ContentDecoder.Encoding?
    if let encodingName {
      guard let known = ContentDecoder.Encoding(header: encodingName) else {
        throw MediaFetchError(
          .unsupportedType, url: url,
          reason: "Content-Encoding \(encodingName) is not decoded (the request asks for "
            + "identity; gzip and deflate are decoded)", elapsed: deadline.elapsed,
          httpStatus: status)
      }
      encoding = known
    }

    var body = BodyAccumulator(
      limit: limit, wireLimit: Self.wireLimit(forBodyLimit: limit), encoding: encoding,
      encodingName: encodingName, url: url, status: status, deadline: deadline)
    var chunks = ChunkedBodyReader()
    var complete = false
    while !complete {
      if !reader.pending.isEmpty {
        let piece = reader.pending[...]
        reader.pending.removeAll(keepingCapacity: true)
        if chunked {
          let used: Int
          do {
            used = try chunks.read(piece, into: &body.received)
          } catch {
            throw MediaFetchError(
              .truncated, url: url, reason: "the chunked body is malformed: \(error.reason)",
              elapsed: deadline.elapsed, httpStatus: status, bytesReceived: body.count)
          }
          try body.wire(used)
          complete = chunks.isDone
        } else {
          let wanted = expected.map { Int(min(Int64(piece.count), $0 - Int64(body.count))) }
          let take = wanted ?? piece.count
          body.received.append(contentsOf: piece.prefix(take))
          try body.wire(take)
          complete = expected.map { Int64(body.count) >= $0 } ?? false
        }
        try body.check()
        if !complete && !chunked && expected == nil && body.decodedStreamEnded { complete = true }
        continue
      }
      guard try reader.fill() else {
        if chunked || expected != nil {
          let announced = expected.map { " of the \($0) bytes its Content-Length announced" } ?? ""
          throw MediaFetchError(
            .truncated, url: url,
            reason: "the connection ended after \(body.count) bytes\(announced), "
              + "before the body was complete", elapsed: deadline.elapsed, httpStatus: status,
            bytesReceived: body.count)
        }
        complete = true
        continue
      }
    }
    return try body.decoded()
  }
}

extension MediaFetchError {
  /// The same error, with the time it took.
  func at(_ elapsed: Duration) -> MediaFetchError {
    var copy = self
    copy.elapsed = elapsed
    return copy
  }
}

/// The bytes read from the socket and not used yet.
private struct ResponseReader {
  let socket: any ByteStream
  var pending: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: HTTPDownload.readSize)

  init(socket: any ByteStream) { self.socket = socket }

  /// Reads what arrives next into `pending`; `false` at the end of the stream.
  mutating func fill() throws(MediaFetchError) -> Bool {
    let count = try socket.receive(into: &buffer)
    pending.append(contentsOf: buffer[..<count])
    return count > 0
  }
}

/// A body as it arrives: the bytes received (decoded as they come for an encoded body), the
/// bytes it took on the wire, and the limit checks.
private struct BodyAccumulator {
  let limit: Int
  let wireLimit: Int
  let encodingName: String?
  let url: URL
  let status: Int
  let deadline: SocketDeadline
  /// Body bytes not yet handed on: the whole body when it is not encoded.
  var received: [UInt8] = []
  /// Bytes the body took on the wire (framing included).
  var wireBytes = 0
  /// An encoded body's decoder, fed as the bytes arrive.
  var stream: ContentDecoder.Stream?
  /// Whether an encoded body's stream has ended (a close-delimited body is then complete).
  var decodedStreamEnded = false
  /// The decoded body, once an encoded stream has ended.
  private var decodedBody: [UInt8] = []

  init(
    limit: Int, wireLimit: Int, encoding: ContentDecoder.Encoding?, encodingName: String?,
    url: URL, status: Int, deadline: SocketDeadline
  ) {
    self.limit = limit
    self.wireLimit = wireLimit
    self.stream = encoding.map { ContentDecoder.Stream(encoding: $0, cap: limit + 1) }
    self.encodingName = encodingName
    self.url = url
    self.status = status
    self.deadline = deadline
  }

  /// Body bytes received so far (encoded bytes for an encoded body).
  var count: Int { (stream?.encodedCount ?? 0) + received.count }

  /// Counts `count` more bytes on the wire; cuts the body past the wire limit.
  mutating func wire(_ count: Int) throws(MediaFetchError) {
    wireBytes += count
    guard wireBytes > wireLimit else { return }
    throw MediaFetchError(
      .tooLarge, url: url,
      reason: "the body took more than \(wireLimit) bytes on the wire (chunk framing"
        + (encodingName.map { " and Content-Encoding \($0)" } ?? "")
        + ") for a limit of \(limit) bytes; the download was cancelled",
      elapsed: deadline.elapsed, httpStatus: status, bytesReceived: min(self.count, limit + 1))
  }

  /// Cuts a plain body at limit + 1 bytes; decodes an encoded one as far as it has arrived,
  /// so a bomb stops at limit + 1 decoded bytes.
  mutating func check() throws(MediaFetchError) {
    guard var stream else {
      if received.count > limit {
        throw HTTPFetcher.tooLargeBody(
          limit: limit, kept: limit + 1, encoding: nil, url: url, status: status,
          elapsed: deadline.elapsed)
      }
      return
    }
    self.stream = nil
    defer { self.stream = stream }
    stream.append(received[...])
    received.removeAll(keepingCapacity: true)
    guard !decodedStreamEnded else { return }
    switch stream.advance() {
    case .reachedCap(let output):
      throw HTTPFetcher.tooLargeBody(
        limit: limit, kept: output.count, encoding: encodingName, url: url, status: status,
        elapsed: deadline.elapsed)
    case .corrupt(let reason):
      throw corrupt(reason)
    case .complete(let output):
      decodedStreamEnded = true
      decodedBody = output
    case .needsMoreInput:
      break
    }
  }

  /// The finished body, decoded.
  mutating func decoded() throws(MediaFetchError) -> [UInt8] {
    guard let stream else { return received }
    guard decodedStreamEnded else {
      throw MediaFetchError(
        .truncated, url: url,
        reason: "the body ends before its Content-Encoding \(encodingName ?? "") stream does",
        elapsed: deadline.elapsed, httpStatus: status, bytesReceived: stream.encodedCount)
    }
    return decodedBody
  }

  private func corrupt(_ reason: String) -> MediaFetchError {
    MediaFetchError(
      .typeMismatch, url: url,
      reason: "the body does not decode as Content-Encoding \(encodingName ?? ""): \(reason)",
      elapsed: deadline.elapsed, httpStatus: status)
  }
}
