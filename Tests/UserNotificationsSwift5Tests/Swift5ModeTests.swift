import Foundation
import Testing
import UserNotifications

@Suite("An extension in Swift 5 language mode")
struct Swift5ModeTests {
  @Test("downloads the payload's image, attaches it and modifies the title")
  func imageExtension() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("un-swift5-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("photo.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: image)

    let content = UNMutableNotificationContent()
    content.title = "Ana"
    content.userInfo = ["image-url": image.absoluteString]
    let request = UNNotificationRequest(identifier: "m1", content: content, trigger: nil)

    let service = ImageNotificationService()
    let delivered = await withCheckedContinuation { continuation in
      service.didReceive(request) { continuation.resume(returning: $0) }
    }
    // Outside a device nothing moves the attachment's file (the extension wrote it into the
    // process's temporary directory): the test removes it.
    defer {
      for attachment in delivered.attachments {
        try? FileManager.default.removeItem(at: attachment.url)
      }
    }
    #expect(delivered.title == "Ana [modified]")
    #expect(delivered.attachments.map(\.type) == ["public.jpeg"])
    #expect(delivered.attachments.first?.identifier.isEmpty == false)
    #expect(request.content.attachments.isEmpty)
  }

  @Test("a communication extension donates its intent and delivers the content updated from it")
  func communicationExtension() async {
    let content = UNMutableNotificationContent()
    content.title = "New message"
    content.body = "Dinner at 8"
    let request = UNNotificationRequest(identifier: "m1", content: content, trigger: nil)
    let delivered = await withCheckedContinuation { continuation in
      CommunicationNotificationService().didReceive(request) { continuation.resume(returning: $0) }
    }
    #expect(delivered.deviceContent.communication?.sender?.displayName == "Ana")
    #expect(delivered.deviceContent.communication?.groupName == "Family")
    #expect(delivered.deviceContent.communication?.avatar?.data == Data([1]))
  }

  @Test("without an image URL the original content is delivered at once")
  func noImage() async {
    let content = UNMutableNotificationContent()
    content.title = "Ana"
    let request = UNNotificationRequest(identifier: "m1", content: content, trigger: nil)
    let delivered = await withCheckedContinuation { continuation in
      ImageNotificationService().didReceive(request) { continuation.resume(returning: $0) }
    }
    #expect(delivered === request.content)
  }
}
