import Foundation

/// The judgements both download paths make on a 2xx response (Rules.md §7), worded once.
extension HTTPFetcher {
  /// The size limit for a body of `contentType`: the caller's `limit`, lowered to the limit of
  /// the declared media type; `unsupportedType` when the type is no attachment type.
  static func bodyLimit(
    contentType: String?, limit: Int, url: URL, status: Int, elapsed: Duration
  ) throws(MediaFetchError) -> Int {
    guard let contentType, !MediaType.isGeneric(mimeType: contentType) else { return limit }
    guard let declared = MediaType(mimeType: contentType) else {
      throw MediaFetchError(
        .unsupportedType, url: url,
        reason: "Content-Type \(contentType) is not an image, audio or video type "
          + "attachments support", elapsed: elapsed, httpStatus: status)
    }
    return min(limit, declared.sizeLimit)
  }

  /// The length a `Content-Length` header announces, read as sent: a length too large for
  /// `Int64` is `Int64.max` (Foundation would report it as unknown, and the download would
  /// wait out the whole budget); `fallback` when the header is absent or not a number.
  static func announcedLength(_ header: String?, fallback: Int64) -> Int64 {
    guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty,
      header.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return fallback }
    return Int64(header) ?? Int64.max
  }

  /// A `Content-Length` over the limit: refused at the headers, before any body byte.
  static func tooLargeAtHeaders(
    declared: String, limit: Int, url: URL, status: Int, elapsed: Duration
  ) -> MediaFetchError {
    MediaFetchError(
      .tooLarge, url: url,
      reason: "Content-Length \(declared) is over the limit of \(limit) bytes; the download "
        + "was cancelled at the headers and no byte of the body was kept", elapsed: elapsed,
      httpStatus: status, bytesReceived: 0)
  }

  /// A body that went past the limit: cut at `kept` (limit + 1) bytes. A compressed body (a
  /// gzip bomb) is judged by what it decodes to, as the attachment file would hold it; the
  /// count says so.
  static func tooLargeBody(
    limit: Int, kept: Int, encoding: String?, url: URL, status: Int?, elapsed: Duration
  ) -> MediaFetchError {
    let counted = encoding.map { " decoded bytes (Content-Encoding \($0))" } ?? " bytes"
    return MediaFetchError(
      .tooLarge, url: url,
      reason: "the body is larger than the limit of \(limit) bytes; the download was "
        + "cancelled at \(kept)\(counted)", elapsed: elapsed, httpStatus: status,
      bytesReceived: kept)
  }
}
