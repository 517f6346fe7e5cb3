import Foundation
import PushDevice
import PushSimAppHost
import Testing

@testable import ChatNotifications

/// The scenarios of the chat app, next to this package's `Package.swift`.
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // ChatNotificationsTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // ChatApp
  .appendingPathComponent("Scenarios", isDirectory: true)

/// Where the tests write the app's documentation site: this package's `.build/docs`, which CI
/// keeps with the build.
let docsSite = scenarios.deletingLastPathComponent()
  .appendingPathComponent(".build/docs", isDirectory: true)

/// The app's own code, as the simulated iPhone runs it: its extension, its notification-center
/// delegate and its app delegate.
func chatApp() -> AppCode {
  .app(
    serviceExtension: NotificationService.init, delegate: NotificationDelegate(),
    application: AppDelegate())
}

/// Every scenario in `Scenarios/`, one test case per file, with the app's extension and
/// delegate. Serialized because the cases share the app's `NavigationRouter.shared`; each case
/// runs on a simulated device of its own.
@Suite(.serialized) struct ChatScenarioTests {
  @Test("scenario", arguments: try ScenarioPlayer.files(in: scenarios))
  func play(_ file: String) async throws {
    let result = try await ScenarioPlayer(code: chatApp()).play(file: file, in: scenarios)
    #expect(result.failures.isEmpty, "\(result.name):\n\(result.failureText)")
  }

  @Test("a tap opens the chat through the delegate's NavigationRouter")
  func tapOpensChat() async throws {
    let before = NavigationRouter.shared.destinations.count
    let result = try await ScenarioPlayer(code: chatApp())
      .play(file: "tap-opens-chat.json", in: scenarios)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    let opened = NavigationRouter.shared.destinations.dropFirst(before)
    #expect(Array(opened) == [.chat(chatId: "chat_ana", messageType: "photo")])
  }

  @Test("the docs site shows what the app's own code made of each push")
  func documentation() async throws {
    let files = try ScenarioPlayer.files(in: scenarios)
    let (passed, failed) = try await ScenarioPlayer(code: chatApp())
      .writeDocs(in: scenarios, to: docsSite)
    #expect((passed, failed) == (files.count, 0))
    let index = try String(
      contentsOf: docsSite.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("href=\"modified-title.html\""))
    // The push says "New message"; the phone shows the sender's name the extension set.
    let page = try String(
      contentsOf: docsSite.appendingPathComponent("modified-title.html"), encoding: .utf8)
    #expect(page.contains("<span class=\"title\">Ana</span>"))
    #expect(!page.contains("<span class=\"title\">New message</span>"))
  }
}
