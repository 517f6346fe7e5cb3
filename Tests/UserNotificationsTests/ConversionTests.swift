import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing

@testable import UserNotifications

@Suite("Conversion to and from PushDevice's content")
struct ConversionTests {
  @Test("every field survives NotificationContent → UNNotificationContent → NotificationContent")
  func roundTrip() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("a.png")
    try Data(pngHeader).write(to: url)
    let document = try JSONDocument(
      parsing: Array(#"{"aps":{"badge":2},"chat-id":"c1","n":3}"#.utf8))
    var content = NotificationContent(
      title: "T", subtitle: "S", body: "B", badge: 2, sound: .critical(name: "a.caf", volume: 0.5),
      threadIdentifier: "th", categoryIdentifier: "cat", interruptionLevel: .timeSensitive,
      relevanceScore: 0.7,
      attachments: [NotificationAttachment(identifier: "img", url: url, type: "public.png")],
      payload: document.root)
    content.targetContentIdentifier = "target"
    content.filterCriteria = "work"
    content.launchImageName = "Launch"
    content.summaryArgument = "Ana"
    content.summaryArgumentCount = 3

    let un = UNNotificationContent(content)
    #expect(un.title == "T" && un.subtitle == "S" && un.body == "B")
    #expect(un.badge == NSNumber(value: 2))
    #expect(
      un.sound
        == UNNotificationSound.criticalSoundNamed(
          UNNotificationSoundName("a.caf"), withAudioVolume: 0.5))
    #expect(un.userInfo["n"] as? Double == 3)
    #expect(un.interruptionLevel == .timeSensitive)
    #expect(un.attachments.first?.type == "public.png")

    let back = un.deviceContent
    #expect(back.title == content.title && back.subtitle == content.subtitle)
    #expect(back.body == content.body && back.badge == content.badge && back.sound == content.sound)
    #expect(back.threadIdentifier == "th" && back.categoryIdentifier == "cat")
    #expect(back.interruptionLevel == .timeSensitive && back.relevanceScore == 0.7)
    #expect(back.targetContentIdentifier == "target" && back.filterCriteria == "work")
    #expect(back.launchImageName == "Launch")
    #expect(back.summaryArgument == "Ana" && back.summaryArgumentCount == 3)
    #expect(back.attachments == content.attachments)
    #expect(back.payload == content.payload)
  }

  @Test("changes an extension makes show in the device content, as they were when read")
  func snapshot() {
    let content = UNMutableNotificationContent()
    content.title = "before"
    content.userInfo = ["k": "v"]
    let snapshot = content.deviceContent
    content.title = "after"
    #expect(snapshot.title == "before")
    #expect(snapshot.payload["k"]?.stringValue == "v")
    #expect(content.deviceContent.title == "after")
  }
}

@Suite("Conversion of categories and actions")
struct CategoryConversionTests {
  @Test("a category with a text action and options goes to PushDevice and back")
  func roundTrip() {
    let category = NotificationCategory(
      id: "message",
      actions: [
        NotificationAction(
          id: "reply", title: "Reply", options: [.authenticationRequired],
          textInput: .init(button: "Send", placeholder: "Message")),
        NotificationAction(id: "open", title: "Open", options: [.foreground, .destructive]),
      ],
      options: [.customDismissAction, .hiddenPreviewsShowTitle], summaryFormat: "%u more",
      hiddenPreviewsBodyPlaceholder: nil)
    let un = UNNotificationCategory(category)
    #expect(un.options == [.customDismissAction, .hiddenPreviewsShowTitle])
    #expect(un.actions.first is UNTextInputNotificationAction)
    #expect(un.actions.last?.options == [.foreground, .destructive])
    #expect(un.categorySummaryFormat == "%u more" && un.hiddenPreviewsBodyPlaceholder == "")
    #expect(un.deviceCategory == category)
  }
}
