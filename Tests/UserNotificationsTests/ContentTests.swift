import Foundation
import PushSimHosting
import Testing

@testable import UserNotifications

@Suite("UNNotificationContent")
struct ContentTests {
  @Test("new content has iOS's defaults")
  func defaults() {
    let content = UNNotificationContent()
    #expect(content.title == "" && content.subtitle == "" && content.body == "")
    #expect(content.badge == nil)
    #expect(content.sound == nil)
    #expect(content.userInfo.isEmpty)
    #expect(content.threadIdentifier == "" && content.categoryIdentifier == "")
    #expect(content.attachments.isEmpty)
    #expect(content.launchImageName == "")
    #expect(content.targetContentIdentifier == nil)
    #expect(content.summaryArgument == "")
    #expect(content.summaryArgumentCount == 1)
    #expect(content.interruptionLevel == .active)
    #expect(content.relevanceScore == 0)
    #expect(content.filterCriteria == nil)
  }

  @Test("a mutable copy has every property and changing it leaves the original alone")
  func mutableCopyIsIndependent() throws {
    let original = UNMutableNotificationContent()
    original.title = "Ana"
    original.subtitle = "Chat"
    original.body = "¿Vienes?"
    original.badge = NSNumber(value: 3)
    original.sound = .default
    original.userInfo = ["chat-id": "c1"]
    original.threadIdentifier = "chat_ana"
    original.categoryIdentifier = "message"
    original.launchImageName = "Launch"
    original.targetContentIdentifier = "scene"
    original.summaryArgument = "Ana"
    original.summaryArgumentCount = 2
    original.interruptionLevel = .timeSensitive
    original.relevanceScore = 0.5
    original.filterCriteria = "work"
    let request = UNNotificationRequest(identifier: "r", content: original, trigger: nil)

    let copy = try #require(request.content.mutableCopy() as? UNMutableNotificationContent)
    #expect(copy == request.content)
    #expect(copy.badge == NSNumber(value: 3))
    #expect(copy.summaryArgumentCount == 2 && copy.filterCriteria == "work")
    copy.title = "\(copy.title) [modified]"
    copy.userInfo["extra"] = true
    copy.badge = nil
    #expect(request.content.title == "Ana")
    #expect(request.content.userInfo["extra"] == nil)
    #expect(request.content.badge == NSNumber(value: 3))
    #expect(copy.title == "Ana [modified]")
  }

  @Test("contents with the same nested userInfo are equal; a changed value makes them differ")
  func equality() {
    let a = UNMutableNotificationContent()
    a.userInfo = ["aps": ["alert": ["title": "Hi"], "badge": 1], "ids": [1, 2]]
    let b = a.mutableCopy() as? UNMutableNotificationContent
    #expect(b == a)
    b?.userInfo = ["aps": ["alert": ["title": "Hi"], "badge": 2], "ids": [1, 2]]
    #expect(b != a)
  }

  @Test("copy() of a mutable content is immutable and independent")
  func copyIsImmutable() {
    let mutable = UNMutableNotificationContent()
    mutable.body = "one"
    let copy = mutable.copy()
    #expect(!(copy is UNMutableNotificationContent))
    #expect((copy as? UNNotificationContent)?.body == "one")
    mutable.body = "two"
    #expect((copy as? UNNotificationContent)?.body == "one")
  }

  @Test("a request keeps a copy of the content it was given")
  func requestCopiesContent() {
    let content = UNMutableNotificationContent()
    content.title = "before"
    let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)
    content.title = "after"
    #expect(request.content.title == "before")
    #expect(!(request.content is UNMutableNotificationContent))
  }

  @Test("content is safe to change from several threads at once")
  func concurrentMutation() async {
    let content = UNMutableNotificationContent()
    let box = Unchecked(content)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { box.value.body = "\(index)" }
        group.addTask { _ = box.value.mutableCopy() }
      }
    }
    #expect(Int(content.body) != nil)
  }
}
