import Foundation
import PushPayload

/// PushSim's built-in service extension (`"serviceExtension": {"kind": "media"}`): downloads the
/// media a push names and attaches it, as the common "rich notification" NSE does.
///
/// Rules.md §7: the URL is read from the first configured key present in the payload
/// (default `media-url`, `image-url`, `attachment-url`) with safe casts: a value that is not a
/// string holding an absolute URL is logged and ignored, never trapped on. The bytes come
/// through the context's ``MediaFetcher`` with the remaining budget as the deadline, are written
/// into the run's sandbox under a generated name (never a name from the URL) and attached with
/// the confirmed type as the type hint. Any failure delivers the content unchanged (the log says
/// why). `timeWillExpire` has no best attempt, so a timeout delivers the original content.
package struct MediaAttachmentExtension: ServiceExtension {
  /// The payload keys to read, first present wins.
  package var urlKeys: [String]

  /// Creates the extension.
  package init(urlKeys: [String] = ServiceExtensionConfiguration.defaultURLKeys) {
    self.urlKeys = urlKeys
  }

  /// Downloads and attaches the media the payload names; see the type's documentation.
  package func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext)
    async throws -> NotificationContent
  {
    var content = request.content
    guard let payload = content.payload.objectValue,
      let key = urlKeys.first(where: { payload[$0] != nil }), let value = payload[key]
    else {
      context.log(
        DeviceEvent.MediaFailed(code: .noMediaURL), source: .model,
        reason: "the payload has none of the media keys \(urlKeys.joined(separator: ", ")): "
          + "nothing to download")
      return content
    }
    guard let text = value.stringValue else {
      context.log(
        DeviceEvent.MediaFailed(code: .notAURL, key: key), source: .model,
        reason: "\(key) is \(value.typeName), not a URL string: nothing to download")
      return content
    }
    // A URL with another scheme (`file:`, `data:`) is refused for what it is, before the
    // host check that such URLs would fail.
    if let url = URL(string: text), let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
      scheme != "http", scheme != "https"
    {
      context.log(
        DeviceEvent.MediaFailed(code: .unsupportedScheme, key: key), source: .model,
        reason: "\(key) is a \(scheme): URL; a service extension downloads only http and "
          + "https URLs: nothing to download")
      return content
    }
    guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty, url.host != nil
    else {
      context.log(
        DeviceEvent.MediaFailed(code: .notAURL, key: key), source: .model,
        reason: "\(key) is \"\(text)\", which is not an absolute URL: nothing to download")
      return content
    }
    let media: FetchedMedia
    do {
      media = try await context.fetchMedia(from: url)
    } catch {
      // Logged by the context (media.failed); the content goes out without the attachment.
      return content
    }
    let file = try context.writeAttachmentFile(media.data, type: media.type)
    content.attachments.append(
      NotificationAttachment(
        identifier: "media", url: file,
        options: NotificationAttachment.Options(typeHint: media.type.rawValue)))
    return content
  }
}
