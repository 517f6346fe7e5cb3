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
