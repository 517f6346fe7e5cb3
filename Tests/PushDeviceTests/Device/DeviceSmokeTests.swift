import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct DeviceSmokeTests {
  @Test func aSimpleAlertLandsInTheCenter() async throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let record = device.receive(
      ["aps": ["alert": ["title": "Ana", "body": "Hi"], "thread-id": "t1", "badge": 2]], id: "m1")
    #expect(record.status == .delivered)
    #expect(device.center.map(\.notifications) == [["m1"]])
    #expect(device.badge == 2)
    let notification = try #require(device.notification("m1"))
    #expect(notification.title == "Ana")
    #expect(
      notification.presentation
        == Presentation(lockScreen: true, wake: true, list: true, badge: true))
    #expect(
      device.events.events(for: "m1").map(\.kind.rawValue) == [
        "received", "delivered", "presented", "badge",
      ])
  }
}
