import Foundation

extension HTTPExchange {
  /// The largest size limit taken as given (2^60 bytes, more than any machine holds); a larger
  /// one is read as this, so `limit + 1` and ``wireLimit(forBodyLimit:)`` never overflow.
  package static let largestLimit = 1 << 60

  /// The most bytes a body may take on the wire: its limit plus an allowance of an eighth (at
  /// least 64 KiB) for chunk framing and for a compressed body, which may be a little longer
  /// than what it decodes to. A compressed stream that decodes to little or nothing is cut here.
  package static func wireLimit(forBodyLimit limit: Int) -> Int {
    let limit = min(max(0, limit), largestLimit)
    return limit + 1 + max(64 * 1024, limit / 8)
  }

  /// Whether a response with `head` to a request of `method` has no body at all (RFC 9112
  /// §6.3): the answer to a `HEAD`, a 1xx, 204 or 304, whatever its fields say. Such a body is
  /// complete at once, and the connection is not read for it.
  package static func hasNoBody(method: String, head: HTTPResponseHead) -> Bool {
    method == "HEAD" || (100...199).contains(head.status) || head.status == 204
      || head.status == 304
  }

  /// Reads the body under `limit` (decoded bytes) and ``wireLimit(forBodyLimit:)`` (bytes on
  /// the wire), stopping the moment either is passed. A body that has none
  /// (``hasNoBody(method:head:)``) or announces `Content-Length: 0` is empty at once: the
  /// server may keep the connection open, and waiting for it to close would wait out the
  /// budget.
  package mutating func readBody(head: HTTPResponseHead, limit: Int) throws(HTTPError) -> [UInt8] {
    guard !Self.hasNoBody(method: method, head: head) else { return [] }
    let limit = min(max(0, limit), Self.largestLimit)
    let status = head.status
    let lengths = Set(head.values("content-length"))
    guard lengths.count <= 1 else {
      throw HTTPError(
        .connection, url: url, reason: "the response has conflicting Content-Length headers",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    let chunked =
      head.values("transfer-encoding").joined(separator: ",").split(separator: ",").last?
      .trimmingCharacters(in: .whitespaces).lowercased() == "chunked"
    let declared = lengths.first
    let expected: Int64? =
      chunked ? nil : declared.map { HTTPResponseHead.announcedLength($0, fallback: -1) }
    if let declared, let expected, expected < 0 {
      throw HTTPError(
        .connection, url: url, reason: "the Content-Length \(declared) is not a number",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    if expected == 0 { return [] }
    if let declared, let expected, expected > Int64(limit) {
      throw HTTPError.tooLargeAtHeaders(
        declared: declared, limit: limit, url: url, status: status, elapsed: deadline.elapsed)
    }
    let encodingName = head.value("content-encoding").flatMap { name in
      name.isEmpty || name.lowercased() == "identity" ? nil : name
    }
    var encoding: ContentDecoder.Encoding?
    if let encodingName {
      guard let known = ContentDecoder.Encoding(header: encodingName) else {
        throw HTTPError(
          .unsupportedEncoding, url: url,
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
      if !pending.isEmpty {
        let piece = pending[...]
        pending.removeAll(keepingCapacity: true)
        if chunked {
          let used: Int
          do {
            used = try chunks.read(piece, into: &body.received)
          } catch {
            throw HTTPError(
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
      guard try fill() else {
        if chunked || expected != nil {
          let announced = expected.map { " of the \($0) bytes its Content-Length announced" } ?? ""
          throw HTTPError(
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
