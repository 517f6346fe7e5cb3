import Foundation
import PushDevice
import PushPayload
import Testing

/// Rules.md §7, first bullet: the device decides whether the extension runs.
@Suite struct ServiceExtensionSeamTests {
  /// Adds a prefix to the title after spending some scenario time.
  struct Prefixer: ServiceExtension {
    var work: Duration = .seconds(2)
    func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
      -> NotificationContent
    {
      try context.spend(work)
      var content = request.content
      content.title = "[x] " + content.title
      return content
    }
    func timeWillExpire() async -> NotificationContent? { nil }
  }

  static func payload(mutable: Bool = true, title: String = "Hi") -> JSONValue {
    ["aps": ["alert": ["title": .init(.string(title))], "mutable-content": mutable ? 1 : 0]]
  }

  @Test func itRunsWithMutableContentAndAVisibleAlertAndTheClockMovesOn() async {
    var device = Device(serviceExtension: Prefixer())
    let start = device.now
    await device.receive(Self.payload(), id: "m1")
    #expect(device.notification("m1")?.title == "[x] Hi")
    #expect(device.now == start.addingTimeInterval(2))
    let kinds = device.kinds("m1")
    #expect(kinds.contains("extension.started"))
    #expect(kinds.contains("extension.finished"))
    let delivered = device.events.events(for: "m1").first { $0.kind == .delivered }
    #expect(delivered?.time == start.addingTimeInterval(2))
  }

  @Test func itDoesNotRunWithoutMutableContent() async {
    var device = Device(serviceExtension: Prefixer())
    await device.receive(Self.payload(mutable: false), id: "m1")
    #expect(device.notification("m1")?.title == "Hi")
    #expect(!device.kinds("m1").contains("extension.started"))
  }

  @Test func itDoesNotRunWithoutVisibleText() async {
    var device = Device(serviceExtension: Prefixer())
    await device.receive(
      ["aps": ["alert": ["title": ""], "badge": 1, "mutable-content": 1]], id: "m1")
    #expect(!device.kinds("m1").contains("extension.started"))
    #expect(device.kinds("m1").contains("extension.skipped"))
  }

  @Test func itDoesNotRunWhenAlertsAreDenied() async {
    var device = Device(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .denied)),
      serviceExtension: Prefixer())
    await device.receive(Self.payload(), id: "m1")
    #expect(!device.kinds("m1").contains("extension.started"))
    #expect(device.status("m1") == .suppressed)
  }

  @Test func provisionalCountsAsAllowed() async {
    var device = Device(
      app: AppConfiguration(authorization: NotificationAuthorization(status: .provisional)),
      serviceExtension: Prefixer())
    await device.receive(Self.payload(), id: "m1")
    #expect(device.notification("m1")?.title == "[x] Hi")
  }

  @Test func itDoesNotRunWhenTheAppHasNoExtension() async {
    var device = Device()
    await device.receive(Self.payload(), id: "m1")
    #expect(!device.kinds("m1").contains("extension.started"))
    #expect(device.notification("m1")?.title == "Hi")
  }

  @Test func overTheBudgetTheOriginalIsDeliveredAndThePushIsNotLost() async {
    var device = Device(serviceExtension: Prefixer(work: .seconds(45)))
    let start = device.now
    await device.receive(Self.payload(), id: "m1")
    #expect(device.status("m1") == .delivered)
    #expect(device.notification("m1")?.title == "Hi")
    #expect(device.kinds("m1").contains("extension.timeout"))
    #expect(device.now == start.addingTimeInterval(30))
  }

  @Test func theBuiltInMediaExtensionRunsFromTheAppConfiguration() async {
    let app = AppConfiguration(serviceExtension: ServiceExtensionConfiguration())
    var device = Device(app: app)
    let payload: JSONValue = [
      "aps": ["alert": "pic", "mutable-content": 1],
      "media-url": "https://cdn.example.com/none.jpg",
    ]
    await device.receive(payload, id: "m1")
    #expect(device.kinds("m1").contains("extension.started"))
    #expect(device.kinds("m1").contains("media.failed"))
    #expect(device.status("m1") == .delivered)
  }
}
