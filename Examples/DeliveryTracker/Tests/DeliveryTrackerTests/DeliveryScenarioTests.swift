import Foundation
import PushDevice
import PushSimAppHost
import Testing

@testable import DeliveryTracker

/// The scenarios of the delivery app, next to this package's `Package.swift`.
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // DeliveryTrackerTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // DeliveryTracker
  .appendingPathComponent("Scenarios", isDirectory: true)

/// Where the tests write the app's documentation site: this package's `.build/docs`, which CI
/// keeps with the build.
let docsSite = scenarios.deletingLastPathComponent()
  .appendingPathComponent(".build/docs", isDirectory: true)

/// The app's own code as the simulated iPhone runs it: its `AppDelegate`, also the
/// notification center's delegate, with the Live Activity controller it calls.
func deliveryApp(_ delegate: AppDelegate = AppDelegate()) -> AppCode {
  .app(delegate: delegate, application: delegate)
}

/// Every scenario in `Scenarios/`, one test case per file, each on a simulated device of its own.
@Suite struct DeliveryScenarioTests {
  @Test("scenario", arguments: try ScenarioPlayer.files(in: scenarios))
  func play(_ file: String) async throws {
    let result = try await ScenarioPlayer(code: deliveryApp()).play(file: file, in: scenarios)
    #expect(result.failures.isEmpty, "\(result.name):\n\(result.failureText)")
  }

  @Test("the activity's update token reaches the server once, after the device issued it")
  func updateTokenReachesTheServer() async throws {
    let result = try await ScenarioPlayer(code: deliveryApp())
      .play(file: "order-on-its-way.json", in: scenarios)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    let kinds = result.events.compactMap { event -> String? in
      if event.kind == .activityToken { return "token issued" }
      guard event.kind == .appRequest, let url = event.details["url"]?.stringValue else {
        return nil
      }
      return url.hasSuffix("/activity-token") ? "token sent" : nil
    }
    #expect(kinds == ["token issued", "token sent"])
  }

  @Test("the docs site shows the order's activity on the Lock Screen")
  func documentation() async throws {
    let files = try ScenarioPlayer.files(in: scenarios)
    let (passed, failed) = try await ScenarioPlayer(code: deliveryApp())
      .writeDocs(in: scenarios, to: docsSite)
    #expect((passed, failed) == (files.count, 0))
    let page = try String(
      contentsOf: docsSite.appendingPathComponent("order-on-its-way.html"), encoding: .utf8)
    #expect(page.contains("Almost there"))
  }
}
