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
}
