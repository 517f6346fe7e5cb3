import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct NotificationResponseTests {
  @Test func actionIdentifiersAreUserNotificationsConstants() {
    #expect(
      NotificationResponse.defaultActionIdentifier
        == "com.apple.UNNotificationDefaultActionIdentifier")
    #expect(
      NotificationResponse.dismissActionIdentifier
        == "com.apple.UNNotificationDismissActionIdentifier")
  }

  @Test func tapIsTheDefaultActionWithoutText() {
    let request = RoutingFixtures.request(RoutingFixtures.seedChat)
    let tap = NotificationResponse.tap(request)
    #expect(tap.isDefaultAction)
    #expect(!tap.isDismiss)
    #expect(tap.userText == nil)
    #expect(tap.notification.date == request.date)
    #expect(tap.request == request)
  }

  @Test func dismissAndCustomActions() {
    let request = RoutingFixtures.request(RoutingFixtures.seedChat)
    let dismiss = NotificationResponse.dismiss(request)
    #expect(dismiss.isDismiss)
    #expect(!dismiss.isDefaultAction)
    let reply = NotificationResponse.action("reply", on: request, userText: "On my way")
    #expect(reply.actionIdentifier == "reply")
    #expect(reply.userText == "On my way")
    #expect(!reply.isDefaultAction && !reply.isDismiss)
  }

  @Test func deliveryDateCanDifferFromArrival() {
    let request = RoutingFixtures.request(RoutingFixtures.seedChat)
    let later = request.date.addingTimeInterval(90)
    let response = NotificationResponse(request: request, date: later)
    #expect(response.notification.date == later)
    #expect(response.request.date == request.date)
  }

  /// The seed's delegate reads `response.notification.request.content.userInfo`; so can a port.
  @Test func userInfoReadsAsInTheSeedDelegate() {
    let response = RoutingFixtures.tap(RoutingFixtures.seedChat)
    let userInfo = response.notification.request.content.userInfo
    #expect(userInfo["chat-id"] as? String == "chat_4521")
    #expect(response.payload["message-type"]?.stringValue == "text")
    #expect(response.content.categoryIdentifier == "message")
  }
}
