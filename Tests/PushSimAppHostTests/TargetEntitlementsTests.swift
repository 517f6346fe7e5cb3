import Foundation
import PushDevice
import PushPayload
import PushScenario
import PushSimAppHost
import Testing
import UserNotifications

/// Entitlements per target (`app.serviceExtension.entitlements` beside `app.entitlements`,
/// Rules.md §7): Apple grants the filtering entitlement to the service extension target.
@Suite("Entitlements per target")
struct TargetEntitlementsTests {
  func play(app entitlements: Set<Entitlement>, extension own: Set<Entitlement>?) async -> Device {
    var configuration = ServiceExtensionConfiguration(kind: .app)
    configuration.entitlements = own
    let host = DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.chat", entitlements: entitlements,
        serviceExtension: configuration),
      code: .app(serviceExtension: FilteringService.init))
    await host.receive(
      ["aps": ["alert": ["title": "Ana", "body": "Hi"], "mutable-content": 1]],
      headers: PushHeaders(pushType: "alert"), id: "m1")
    return await host.device
  }

  @Test("filtering in the extension's own list lets it hide a push")
  func extensionFilters() async {
    let device = await play(app: [], extension: [.filtering])
    #expect(device.push("m1")?.status == .suppressed)
  }

  @Test("once the extension has a list, filtering in the app's list alone does not filter")
  func appListAloneDoesNot() async {
    let device = await play(app: [.filtering], extension: [])
    #expect(device.notification("m1")?.title == "Ana")
  }

  @Test("without an extension list the app's one list is the whole app's, as before")
  func oneListForTheWholeApp() async {
    let device = await play(app: [.filtering], extension: nil)
    #expect(device.push("m1")?.status == .suppressed)
  }

  @Test("a scenario reads serviceExtension.entitlements and rejects an unknown one")
  func decoding() throws {
    let text = #"""
      { "app": { "entitlements": ["communication"],
          "serviceExtension": { "kind": "app", "entitlements": ["filtering"] } },
        "steps": [] }
      """#
    let app = try Self.decode(text).app.appConfiguration()
    #expect(app.serviceExtension?.entitlements == [.filtering])
    #expect(app.entitlements == [.communication])
    #expect(app.extensionMayFilter)
    let bad = #"{ "app": { "serviceExtension": { "entitlements": ["filter"] } }, "steps": [] }"#
    #expect(throws: ScenarioError.self) { try Self.decode(bad).app.appConfiguration() }
  }

  static func decode(_ text: String) throws -> Scenario {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("x.json")
    return try ScenarioLoader().decode(bytes: Array(text.utf8), path: "x.json", url: url)
  }
}
