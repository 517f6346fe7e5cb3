import UserNotifications
import os.log

/// A service extension as teams write it in a Swift 5 extension target: the template's
/// `contentHandler`/`bestAttemptContent` pair, an image from the payload's `image-url` saved to a
/// temporary file and attached, the best attempt on expiry, and `os_log` from `import os.log`,
/// Apple's spelling (a Clang submodule).
class ImageNotificationService: UNNotificationServiceExtension {
  var contentHandler: ((UNNotificationContent) -> Void)?
  var bestAttemptContent: UNMutableNotificationContent?

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    self.contentHandler = contentHandler
    bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
    guard let bestAttemptContent = bestAttemptContent,
      let link = request.content.userInfo["image-url"] as? String,
      let url = URL(string: link)
    else {
      contentHandler(request.content)
      return
    }
    bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"
    os_log(
      OSLogType.default, "ImageNotificationService: attaching %{public}@", url.lastPathComponent)
    load(url) { data in
      if let data = data {
        let file = FileManager.default.temporaryDirectory
          .appendingPathComponent(UUID().uuidString)
          .appendingPathExtension(url.pathExtension)
        if (try? data.write(to: file)) != nil,
          let attachment = try? UNNotificationAttachment(identifier: "", url: file, options: nil)
        {
          bestAttemptContent.attachments = [attachment]
        }
      }
      contentHandler(bestAttemptContent)
    }
  }

  /// Reads a local file on a background queue, or downloads with `URLSession` (which comes with
  /// `import UserNotifications`, as FoundationNetworking is re-exported on Linux).
  private func load(_ url: URL, completion: @escaping (Data?) -> Void) {
    if url.isFileURL {
      DispatchQueue.global().async { completion(try? Data(contentsOf: url)) }
      return
    }
    URLSession.shared.dataTask(with: url) { data, response, _ in
      let ok = (response as? HTTPURLResponse).map { (200..<300).contains($0.statusCode) } ?? false
      completion(ok ? data : nil)
    }.resume()
  }

  override func serviceExtensionTimeWillExpire() {
    if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
      contentHandler(bestAttemptContent)
    }
  }
}
