import PushDevice
import PushPayload
import Testing

@Suite struct NotificationContentTests {
  @Test func userInfoIsTheWholePayload() {
    let content = NotificationContent(payload: ["aps": ["badge": 1], "chat-id": "c1"])
    #expect(content.userInfo["chat-id"] as? String == "c1")
    #expect(content.userInfo["aps"] != nil)
  }

  @Test func soundNamesAreWhatExpectCompares() {
    #expect(NotificationSound.default.name == "default")
    #expect(NotificationSound.named("ping.caf").name == "ping.caf")
    #expect(NotificationSound.critical(name: nil, volume: 1).name == "default")
  }
}
