import Foundation
import Testing
import UserNotificationsUI

@Suite("A content extension in Swift 5 language mode")
struct Swift5ContentExtensionTests {
  @Test("receives a notification, names its attachment's type and answers an action")
  @MainActor func contentExtension() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("un-swift5-ui-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("photo.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 32))
      .write(to: image)
    let content = UNMutableNotificationContent()
    content.attachments = [try UNNotificationAttachment(identifier: "photo", url: image)]
    let notification = UNNotification(
      request: UNNotificationRequest(identifier: "n1", content: content, trigger: nil),
      date: Date())
    let controller = Swift5NotificationViewController()
    controller.viewDidLoad()
    controller.didReceive(notification)
    #expect(controller.attachmentType == "public.png")
    var answered: UNNotificationContentExtensionResponseOption?
    controller.didReceive(
      UNNotificationResponse(notification: notification, actionIdentifier: "x")
    ) { answered = $0 }
    #expect(answered == .dismiss)
  }
}
