import Foundation
import PushDevice
import PushScenario
import PushSimAppHost
import Testing
import UserNotifications

@Suite("Scenario files played with the app's code")
struct ScenarioPlayerTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

  @Test("a kind app scenario passes with the app's extension, and its files are listed")
  func playsWithTheAppsExtension() async throws {
    #expect(try ScenarioPlayer.files(in: Self.fixtures) == ["titled.json"])
    let player = ScenarioPlayer(code: .app(serviceExtension: DownloadingService.init))
    let result = try await player.play(file: "titled.json", in: Self.fixtures)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    let all = try await player.playAll(in: Self.fixtures)
    #expect(all["titled.json"]?.passed == true)
  }

  @Test("the docs site of a scenario played with the app's extension shows its changed title")
  func writesTheDocsSite() async throws {
    let site = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-hosted-docs-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: site) }
    let player = ScenarioPlayer(code: .app(serviceExtension: DownloadingService.init))
    let (passed, failed) = try await player.writeDocs(in: Self.fixtures, to: site)
    #expect((passed, failed) == (1, 0))
    let index = try String(
      contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("href=\"titled.html\""))
    #expect(index.contains("The app&#39;s extension changes the title"))
    let page = try String(
      contentsOf: site.appendingPathComponent("titled.html"), encoding: .utf8)
    // The phone shows the title the app's extension set, with the photo it attached.
    #expect(page.contains("<span class=\"title\">Ana sent a photo</span>"))
    #expect(page.contains("class=\"thumb\" src=\"titled-files/"))
    #expect(
      FileManager.default.fileExists(atPath: site.appendingPathComponent("style.css").path))
  }

  @Test("the docs site is never written among the scenarios, and needs the app's code")
  func docsSiteRefusals() async throws {
    let player = ScenarioPlayer(code: .app(serviceExtension: DownloadingService.init))
    let error = await #expect(throws: ScenarioError.self) {
      try await player.writeDocs(in: Self.fixtures, to: Self.fixtures)
    }
    #expect(error?.description.contains("Rules.md §9.8") == true)
    let site = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-hosted-docs-\(UUID().uuidString)", isDirectory: true)
    await #expect(throws: ScenarioError.self) {
      try await ScenarioPlayer(code: .app()).writeDocs(in: Self.fixtures, to: site)
    }
    #expect(!FileManager.default.fileExists(atPath: site.path))
  }

  @Test("without the app's extension the file cannot be played, and the error says how")
  func missingExtension() async throws {
    let error = await #expect(throws: ScenarioError.self) {
      _ = try await ScenarioPlayer(code: .app()).play(file: "titled.json", in: Self.fixtures)
    }
    #expect(
      error?.description.contains("ScenarioPlayer(code: AppCode.app(serviceExtension:") == true)
  }
}

@Suite("Downloads the app's extension makes")
struct ExtensionDownloadTests {
  @Test("with fetch network, App Transport Security refuses plain http before any connection")
  func networkUnderATS() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat",
      serviceExtension: ServiceExtensionConfiguration(kind: .app, fetch: .network))
    let host = DeviceHost(app: app, code: .app(serviceExtension: DownloadingService.init))
    await host.receive(push(image: "http://media.example.com/photo.jpg"), id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "Ana [best attempt]")
    let failed = try #require(device.events.events(ofKind: .appRequestFailed).first)
    #expect(failed.details["code"] == "ats-blocked")
  }

  @Test("a manifest entry with an error status reaches the extension as that HTTP status")
  func httpStatus() async throws {
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app),
      media: MediaManifest(entries: [
        "https://cdn.example.com/gone.jpg": MediaManifest.Entry(file: nil, status: 404)
      ]))
    let host = DeviceHost(app: app, code: .app(serviceExtension: StatusService.init))
    await host.receive(push(image: "https://cdn.example.com/gone.jpg"), id: "m1")
    #expect(await host.device.notification("m1")?.body == "HTTP 404")
  }
}

/// Shows the HTTP status its download got.
final class StatusService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let content = request.content
    guard let link = content.userInfo["image-url"] as? String, let url = URL(string: link) else {
      return contentHandler(content)
    }
    Task {
      let changed = content.mutableCopy() as? UNMutableNotificationContent
      do {
        let (_, response) = try await URLSession.shared.data(from: url)
        changed?.body = "HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)"
      } catch {
        changed?.body = "failed: \(error)"
      }
      contentHandler(changed ?? content)
    }
  }
}
