import Foundation
import Testing

@testable import UserNotifications

@Suite("UNNotificationServiceExtension")
struct ServiceExtensionTests {
  private func pushRequest() -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = "Nuevo mensaje"
    content.body = "¡Hola!"
    return UNNotificationRequest(identifier: "m1", content: content, trigger: nil)
  }

  @Test("Xcode's template modifies the title and hands over its best attempt")
  func template() throws {
    let delivered = LockedList<UNNotificationContent>()
    let service = NotificationService()
    let request = pushRequest()
    service.didReceive(request) { delivered.append($0) }
    let first = try #require(delivered.all.first)
    #expect(first.title == "Nuevo mensaje [modified]")
    #expect(first.body == "¡Hola!")
    #expect(request.content.title == "Nuevo mensaje")

    service.serviceExtensionTimeWillExpire()
    #expect(delivered.all.count == 2)
    #expect(delivered.all.last === service.bestAttemptContent)
  }

  @Test("the base class delivers the original content, so super.didReceive shows the push")
  func baseDeliversOriginal() {
    let delivered = LockedList<UNNotificationContent>()
    let request = pushRequest()
    UNNotificationServiceExtension().didReceive(request) { delivered.append($0) }
    #expect(delivered.all.count == 1)
    #expect(delivered.all.first === request.content)
    UNNotificationServiceExtension().serviceExtensionTimeWillExpire()
  }

  @Test("a subclass calling super with a @Sendable handler delivers the original")
  func subclassCallsSuper() {
    final class PassThrough: UNNotificationServiceExtension {
      override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
      ) {
        super.didReceive(request, withContentHandler: contentHandler)
      }
    }
    let delivered = LockedList<String>()
    PassThrough().didReceive(pushRequest()) { delivered.append($0.title) }
    #expect(delivered.all == ["Nuevo mensaje"])
  }
}
