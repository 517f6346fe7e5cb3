import Foundation
import PushDevice
import PushSimAppHost
import Testing
import UserNotifications

@testable import InboxApp

/// The scenarios of the inbox app, next to this package's `Package.swift`.
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // InboxAppTests
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()  // InboxApp
  .appendingPathComponent("Scenarios", isDirectory: true)

/// Where the tests write the app's documentation site: this package's `.build/docs`, which CI
/// keeps with the build.
let docsSite = scenarios.deletingLastPathComponent()
  .appendingPathComponent(".build/docs", isDirectory: true)

/// The app's own code as the simulated iPhone runs it: its `AppDelegate`, which is also its
/// notification center's delegate (it sets itself as such at launch).
func inboxApp(_ delegate: AppDelegate = AppDelegate()) -> AppCode {
  .app(delegate: delegate, application: delegate)
}

/// Every scenario in `Scenarios/`, one test case per file, played with the app's own
/// `AppDelegate` (which is also its notification center's delegate). Serialized because the
/// cases share the app's `AppRouter.shared`; each runs on a simulated device of its own.
@Suite(.serialized) struct InboxScenarioTests {
  @Test("scenario", arguments: try ScenarioPlayer.files(in: scenarios))
  func play(_ file: String) async throws {
    let result = try await ScenarioPlayer(code: inboxApp())
      .play(file: file, in: scenarios)
    #expect(result.failures.isEmpty, "\(result.name):\n\(result.failureText)")
  }

  @Test("a tap opens the conversation, and the reply action carries the typed text")
  func tapsReachTheRouter() async throws {
    let before = AppRouter.shared.handledRoutes.count
    for file in ["tap-opens-conversation.json", "reply-from-notification.json"] {
      let result = try await ScenarioPlayer(code: inboxApp())
        .play(file: file, in: scenarios)
      #expect(result.failures.isEmpty, "\(result.failureText)")
    }
    let handled = Array(AppRouter.shared.handledRoutes.dropFirst(before))
    #expect(
      handled == [
        .openConversation(id: "c42"), .markRead(conversationID: "c42"),
        .reply(conversationID: "c42", text: "On my way"),
      ])
  }

  @Test("the server gets the token of each install: a reinstall uploads a new one")
  func tokenOfEachInstall() async throws {
    let delegate = AppDelegate()
    let result = try await ScenarioPlayer(code: inboxApp(delegate))
      .play(file: "reinstall-new-token.json", in: scenarios)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    let tokens = delegate.tokenUploader.acceptedTokens
    #expect(tokens.count == 2)
    #expect(Set(tokens).count == 2)
    #expect(tokens.allSatisfy { $0.count == 64 })
  }

  @Test("the categories the app declares have a text-input Reply action")
  func categories() throws {
    let message = try #require(
      InboxNotificationCategory.all.first { $0.identifier == InboxNotificationCategory.message })
    #expect(message.actions.map(\.identifier) == ["inbox.reply", "inbox.mark-read"])
    let reply = try #require(message.actions.first as? UNTextInputNotificationAction)
    #expect(reply.textInputButtonTitle == "Send")
  }

  @Test("the docs site shows what the phone showed for each scenario")
  func documentation() async throws {
    let files = try ScenarioPlayer.files(in: scenarios)
    let (passed, failed) = try await ScenarioPlayer(code: inboxApp())
      .writeDocs(in: scenarios, to: docsSite)
    #expect((passed, failed) == (files.count, 0))
    let page = try String(
      contentsOf: docsSite.appendingPathComponent("launch-registers.html"), encoding: .utf8)
    #expect(page.contains("Can you check the invoice?"))
  }
}
