import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing

@testable import VoIPCalls

/// The scenarios of the VoIP app, next to this package's `Package.swift`.
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // VoIPCallsTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // VoIPApp
  .appendingPathComponent("Scenarios", isDirectory: true)

/// Where the tests write the app's documentation site: this package's `.build/docs`, which CI
/// keeps with the build.
let docsSite = scenarios.deletingLastPathComponent()
  .appendingPathComponent(".build/docs", isDirectory: true)

/// The app's own code, as the simulated iPhone runs it: its launch makes the `CallService`.
func voipApp() -> AppCode {
  .app(launch: { CallService() })
}

/// Every scenario in `Scenarios/`, one test case per file, each on a simulated device of its
/// own, with the app's `CallService`.
struct VoIPScenarioTests {
  @Test("scenario", arguments: try ScenarioPlayer.files(in: scenarios))
  func play(_ file: String) async throws {
    let result = try await ScenarioPlayer(code: voipApp()).play(file: file, in: scenarios)
    #expect(result.failures.isEmpty, "\(result.name):\n\(result.failureText)")
  }

  @Test("the docs site shows the incoming-call screen of the call the app reported")
  func documentation() async throws {
    let files = try ScenarioPlayer.files(in: scenarios)
    let (passed, failed) = try await ScenarioPlayer(code: voipApp())
      .writeDocs(in: scenarios, to: docsSite)
    #expect((passed, failed) == (files.count, 0))
    let index = try String(
      contentsOf: docsSite.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("href=\"incoming-call.html\""))
    #expect(index.contains("incoming call"))
    // CallService reports the payload's caller as localizedCallerName: the locked phone rings.
    let page = try String(
      contentsOf: docsSite.appendingPathComponent("incoming-call.html"), encoding: .utf8)
    #expect(page.contains("aria-label=\"Incoming call at"))
    #expect(page.contains("<div class=\"call-caller\">Ana</div>"))
    #expect(page.contains("<div class=\"call-kind\">Calls Audio</div>"))
    // A build cut off for unreported cancel pushes shows no call at all.
    let cutOff = try String(
      contentsOf: docsSite.appendingPathComponent("cancel-push-not-reported.html"),
      encoding: .utf8)
    #expect(!cutOff.contains("call-caller"))
  }

  @Test("the app's registry holds the device's VoIP token after launch")
  func tokenReachesTheApp() async throws {
    let service = Recorded()
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.voip", state: .notRunning),
      code: .app(launch: {
        let made = CallService()
        service.keep(made)
        return made
      }))
    await host.receive(
      bytes: Array(#"{"call-id":"c1","caller":"Ana"}"#.utf8),
      headers: PushHeaders(pushType: "voip", topic: "com.example.voip.voip"), to: .pushType(.voip))
    let token = try #require(service.first?.voipToken)
    #expect(token.count == 32)
    #expect(await host.device.push("push-1")?.status == .silent)
  }
}

/// The `CallService` the device launched.
final class Recorded: @unchecked Sendable {
  private let lock = NSLock()
  private var services: [CallService] = []

  func keep(_ service: CallService) {
    lock.withLock { services.append(service) }
  }

  var first: CallService? { lock.withLock { services.first } }
}
