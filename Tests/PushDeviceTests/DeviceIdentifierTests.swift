import PushPayload
import Testing

@testable import PushDevice

/// The identifiers the device makes up are deterministic and shaped like the UUIDs iOS and APNs
/// make (Behavior.md §2.2), whether kept as text or as the number they are written from.
@Suite struct DeviceIdentifierTests {
  @Test func uuidShapedWritesTwelveHexadecimalDigitsOrMore() {
    #expect(Device.uuidShaped(prefix: "p-", 0xABC) == "p-000000000ABC")
    #expect(Device.uuidShaped(prefix: "p-", 0xABC, uppercase: false) == "p-000000000abc")
    #expect(Device.uuidShaped(prefix: "p-", 0xFFFF_FFFF_FFFF) == "p-FFFFFFFFFFFF")
    #expect(Device.uuidShaped(prefix: "p-", 0x1_0000_0000_0000) == "p-1000000000000")
    #expect(Device.uuidShaped(prefix: "", Int.max) == "7FFFFFFFFFFFFFFF")
  }

  @Test func apnsAnswersWithTheRequestsIDOrOneItMakesUp() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let alert = #"{"aps":{"alert":"Hi"}}"#
    device.receive(json: alert, id: "a")
    device.receive(json: alert, id: "b")
    let own = "123E4567-E89B-12D3-A456-426614174000"
    device.receive(json: alert, headers: PushHeaders(apnsID: own), id: "c")
    device.receive(json: alert, headers: PushHeaders(apnsID: "123"), id: "d")
    #expect(device.push("a")?.apnsID == "a9a50000-0000-4000-8000-000000000001")
    #expect(device.push("b")?.apnsID == "a9a50000-0000-4000-8000-000000000002")
    #expect(device.push("c")?.apnsID == own)
    #expect(device.push("d")?.httpStatus == 400)
    #expect(device.push("d")?.apnsID == nil)
    #expect(device.push("a")?.requestIdentifier == "00000000-0000-4000-8000-000000000001")
  }
}

/// Payload lint reads the app as it is when each push arrives, though the device makes what it
/// knows of the app once per change.
@Suite struct DeviceAppFactsTests {
  @Test func lintFollowsTheAppAcrossChanges() {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    let push = #"{"aps":{"alert":"Hi","category":"message"}}"#
    func unregistered(_ id: String) -> Bool {
      device.diagnostics.contains { $0.push == id && $0.diagnostic.code == .categoryNotRegistered }
    }
    device.receive(json: push, id: "a")
    var app = device.app
    app.categories = [NotificationCategory(id: "message")]
    device.setApp(app)
    device.receive(json: push, id: "b")
    app.categories = []
    device.setApp(app)
    device.receive(json: push, id: "c")
    #expect(unregistered("a"))
    #expect(!unregistered("b"))
    #expect(unregistered("c"))
  }
}
