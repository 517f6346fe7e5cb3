import Foundation
import PushDevice
import PushSimAppHost
import Testing
import UserNotifications

/// The chat app's extension as many shipping extensions write it: the photo is loaded with
/// `Data(contentsOf:)`, which blocks the extension's thread until the bytes are there.
final class ContentsOfNotificationService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
      return contentHandler(request.content)
    }
    if let sender = content.userInfo["sender-name"] as? String { content.title = sender }
    if let link = content.userInfo["image-url"] as? String, let url = URL(string: link),
      let data = try? Data(contentsOf: url)
    {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("chat-\(UUID().uuidString).jpg")
      if (try? data.write(to: file)) != nil,
        let photo = try? UNNotificationAttachment(identifier: "photo", url: file)
      {
        content.attachments = [photo]
      }
    }
    contentHandler(content)
  }
}

/// Devices in parallel, as Swift Testing runs the cases of a parameterized test (not
/// serialized): each plays the photo scenario through the blocking extension above, and the
/// unread-count scenario through the app's own code. The app's code runs on threads of its own,
/// so a blocked thread never holds up another device; each device has its own app group, so
/// no device counts another's messages.
@Suite("The chat scenarios on many devices at once", .timeLimit(.minutes(1)))
struct ParallelDevicesTests {
  @Test("a hundred devices, each loading the photo with Data(contentsOf:)", arguments: 0..<100)
  func photo(_ device: Int) async throws {
    let code = AppCode.app(serviceExtension: ContentsOfNotificationService.init)
    let result = try await ScenarioPlayer(code: code)
      .play(file: "photo-attachment.json", in: scenarios)
    #expect(result.failures.isEmpty, "device \(device): \(result.failureText)")
  }

  @Test(
    "a hundred devices, each counting its own unread messages in its app group", arguments: 0..<100)
  func unreadCount(_ device: Int) async throws {
    let result = try await ScenarioPlayer(code: chatApp())
      .play(file: "unread-count-badge.json", in: scenarios)
    #expect(result.failures.isEmpty, "device \(device): \(result.failureText)")
  }
}
