import Foundation

/// A body as it arrives: the bytes received (decoded as they come for an encoded body), the
/// bytes it took on the wire, and the limit checks.
struct BodyAccumulator {
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

  /// The decoded bytes between two looks at the stop signal and the deadline: a few
  /// milliseconds of decoding in a release build.
  static let decodingSlice = 256 * 1024

  /// Body bytes received so far (encoded bytes for an encoded body).
  var count: Int { (stream?.encodedCount ?? 0) + received.count }

  /// Counts `count` more bytes on the wire; cuts the body past the wire limit.
  mutating func wire(_ count: Int) throws(HTTPError) {
    wireBytes += count
    guard wireBytes > wireLimit else { return }
    throw HTTPError(
      .tooLarge, url: url,
      reason: "the body took more than \(wireLimit) bytes on the wire (chunk framing"
        + (encodingName.map { " and Content-Encoding \($0)" } ?? "")
        + ") for a limit of \(limit) bytes; the download was cancelled",
      elapsed: deadline.elapsed, httpStatus: status, bytesReceived: min(self.count, limit + 1))
  }

  /// Cuts a plain body at limit + 1 bytes; decodes an encoded one as far as it has arrived,
  /// so a bomb stops at limit + 1 decoded bytes.
  mutating func check() throws(HTTPError) {
    guard var stream else {
      if received.count > limit {
        throw HTTPError.tooLargeBody(
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
    // In slices, looking at the stop signal and the deadline between them: one 64 KiB read of
    // a bomb decodes to up to 66 MB, and a stopped download must stop using the CPU at once
    // (issue 36).
    var outcome = stream.advance(budget: Self.decodingSlice)
    while outcome == .paused {
      try deadline.check(url: url)
      outcome = stream.advance(budget: Self.decodingSlice)
    }
    switch outcome {
    case .paused: break  // not reached: the loop above runs until another outcome
    case .reachedCap(let output):
      throw HTTPError.tooLargeBody(
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
  mutating func decoded() throws(HTTPError) -> [UInt8] {
    guard let stream else { return received }
    guard decodedStreamEnded else {
      throw HTTPError(
        .truncated, url: url,
        reason: "the body ends before its Content-Encoding \(encodingName ?? "") stream does",
        elapsed: deadline.elapsed, httpStatus: status, bytesReceived: stream.encodedCount)
    }
    return decodedBody
  }

  private func corrupt(_ reason: String) -> HTTPError {
    HTTPError(
      .corruptEncoding, url: url,
      reason: "the body does not decode as Content-Encoding \(encodingName ?? ""): \(reason)",
      elapsed: deadline.elapsed, httpStatus: status)
  }
}
