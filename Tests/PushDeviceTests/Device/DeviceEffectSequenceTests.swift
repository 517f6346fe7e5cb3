import Foundation
import PushDevice
import PushPayload
import Testing

/// The device as a state machine, driven synchronously as swift-nio tests its state machines:
/// each input leaves the effects it waits for, and completing the first returns the next
/// (Architecture.md, "The host loop"). No host, no `async`: the test plays the host.
@Suite struct DeviceEffectSequenceTests {
  static let bundle = "com.example.chat"

  /// An app whose code (as a host would say) takes every effect.
  static func device(
    state: AppState = .foreground, serviceExtension: Bool = false
  ) -> Device {
    var app = AppConfiguration(
      bundleId: bundle, state: state, backgroundModes: [.remoteNotification])
    if serviceExtension { app.serviceExtension = .init(kind: .app) }
    var device = Device(app: app)
    device.hostTakes = { _ in true }
    return device
  }

  static let alert: JSONValue = ["aps": ["alert": ["title": "Hi"], "mutable-content": 1]]

  /// What the app's extension hands back: `run`'s content with a new title, 2 s later.
  static func changedTitle(_ run: PendingExtensionRun) -> DeviceEffect.Result {
    var content = run.request.content
    content.title = "Changed"
    return .extensionFinished(
      ServiceExtensionOutcome(
        request: NotificationRequest(
          identifier: run.request.identifier, content: content, date: run.request.date),
        delivered: .modified, reason: "test", elapsed: .seconds(2), events: []))
  }

  @Test func anExtensionRunThenWillPresentThenNothing() throws {
    var device = Self.device(serviceExtension: true)
    let step = device.step { $0.receive(Self.alert, id: "m1") }
    #expect(step.value.id == "m1")
    guard case .runExtension(let run)? = step.effects.first, step.effects.count == 1 else {
      Issue.record("expected one extension run, found \(step.effects)")
      return
    }
    #expect(run.push == "m1")
    #expect(run.request.content.title == "Hi")
    #expect(device.notification("m1") == nil)

    let afterRun = device.complete(.runExtension(run), with: Self.changedTitle(run))
    guard case .askWillPresent(let waiting)? = afterRun.first, afterRun.count == 1 else {
      Issue.record("expected willPresent, found \(afterRun)")
      return
    }
    #expect(waiting.push == "m1")
    #expect(waiting.request.content.title == "Changed")
    #expect(device.notification("m1") == nil)

    let afterWillPresent = device.complete(
      .askWillPresent(waiting), with: .presentationChosen([.banner, .list]))
    #expect(afterWillPresent.isEmpty)
    #expect(device.effects.isEmpty)
    let shown = try #require(device.notification("m1"))
    #expect(shown.title == "Changed")
    #expect(shown.presentation.banner)
    #expect(device.center.flatMap(\.notifications) == ["m1"])
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(2))
  }

  @Test func willPresentWithoutAnAnswerUsesTheConfiguredOptions() {
    var device = Self.device()
    let effects = device.step { $0.receive(["aps": ["alert": "Hi"]], id: "m1") }.effects
    guard case .askWillPresent(let waiting)? = effects.first else {
      Issue.record("expected willPresent, found \(effects)")
      return
    }
    #expect(device.pendingWillPresent == waiting)
    #expect(device.complete(.askWillPresent(waiting), with: .presentationChosen(nil)).isEmpty)
    let asked = device.events.events(for: "m1").first { $0.kind == .delegateWillPresent }
    #expect(asked?.reason.contains("does not implement willPresent") == true)
    // The configured foregroundPresentation (none) applies: nothing is kept.
    #expect(device.center.isEmpty)
  }

  @Test func aTapLeavesDidReceive() throws {
    var device = Self.device(state: .background)
    device.receive(["aps": ["alert": "Hi"]], id: "m1")
    #expect(device.effects.isEmpty)
    let step = device.step { try? $0.tap("m1") }
    #expect(step.value?.route == nil)
    guard case .deliverResponse(let push, let response)? = step.effects.first,
      step.effects.count == 1
    else {
      Issue.record("expected didReceive, found \(step.effects)")
      return
    }
    #expect(push == "m1")
    #expect(response.actionIdentifier == NotificationResponse.defaultActionIdentifier)
    let rest = device.complete(
      .deliverResponse(push: push, response: response), with: .appCallEnded(.notCompleted))
    #expect(rest.isEmpty)
    let logged = device.events.events(for: "m1").last
    #expect(logged?.kind == .delegateDidReceive)
    #expect(logged?.reason.contains("did not call didReceive's completion handler") == true)
  }

  @Test func aBackgroundPushLeavesAWake() {
    var device = Self.device(state: .background)
    let payload: JSONValue = ["aps": ["content-available": 1], "sync": "inbox"]
    let effects = device.step {
      $0.receive(payload, headers: PushHeaders(pushType: "background", priority: "5"), id: "b1")
    }.effects
    #expect(effects == [.wakeApp(push: "b1", payload: payload)])
    #expect(device.complete(effects[0], with: .appCallEnded(.completed(result: "noData"))).isEmpty)
    let handled = device.events.events(ofKind: .remoteNotificationHandled).first
    #expect(handled?.push == "b1")
    #expect(handled?.reason.contains(".noData") == true)
  }

  @Test func aVoIPPushLeavesThePushKitCallAndAnUnreportedCallEndsTheApp() {
    var device = Self.device(state: .background)
    let payload: JSONValue = ["caller": "Ana"]
    let voip = PushHeaders(pushType: "voip", topic: Self.bundle + ".voip")
    let effects = device.step { $0.receive(payload, headers: voip, id: "v1") }.effects
    #expect(effects == [.deliverVoIPPush(push: "v1", payload: payload)])
    #expect(device.complete(effects[0], with: .appCallEnded(.completed(result: nil))).isEmpty)
    let kinds = device.events.events(for: "v1").map(\.kind)
    #expect(kinds.contains(.pushKitCompleted))
    #expect(kinds.contains(.voipTerminated))
  }

  @Test func effectsComeInOrderRunThenWillPresentThenCalls() {
    var device = Self.device(serviceExtension: true)
    let payload: JSONValue = [
      "aps": ["alert": ["title": "Hi"], "mutable-content": 1, "content-available": 1]
    ]
    let effects = device.step { $0.receive(payload, id: "m1") }.effects
    guard effects.count == 2, case .runExtension(let run) = effects[0] else {
      Issue.record("expected a run and a wake, found \(effects)")
      return
    }
    #expect(effects[1] == .wakeApp(push: "m1", payload: payload))
    let afterRun = device.complete(effects[0], with: Self.changedTitle(run))
    guard afterRun.count == 2, case .askWillPresent = afterRun[0] else {
      Issue.record("expected willPresent before the wake, found \(afterRun)")
      return
    }
    #expect(afterRun[1] == effects[1])
    let afterWillPresent = device.complete(afterRun[0], with: .presentationChosen([.list]))
    #expect(afterWillPresent == [effects[1]])
    #expect(device.complete(effects[1], with: .appCallEnded(.completed(result: nil))).isEmpty)
  }

  @Test func withoutAHostTheDeviceSettlesAsAnAppWithoutThatCode() {
    var app = AppConfiguration(
      bundleId: Self.bundle, state: .foreground, backgroundModes: [.remoteNotification])
    app.foregroundPresentation = [.banner, .list]
    var device = Device(app: app)
    let payload: JSONValue = ["aps": ["alert": "Hi", "content-available": 1]]
    #expect(device.step { $0.receive(payload, id: "m1") }.effects.isEmpty)
    #expect(device.notification("m1")?.presentation.banner == true)
    #expect(!device.events.events(for: "m1").contains { $0.kind == .delegateWillPresent })
    let tapped = device.step { try? $0.tap("m1") }
    #expect(tapped.value != nil)
    #expect(tapped.effects.isEmpty)
  }

  @Test func aHostWithoutAPieceAnswersAtOnceAsTheDeviceAlone() {
    var device = Self.device()
    device.hostTakes = { effect in
      if case .askWillPresent = effect { return false }
      return true
    }
    #expect(device.step { $0.receive(["aps": ["alert": "Hi"]], id: "m1") }.effects.isEmpty)
    #expect(!device.events.events(for: "m1").contains { $0.kind == .delegateWillPresent })
  }

  @Test func twoNotificationsWaitingForWillPresentAreAskedInTurn() throws {
    var device = Self.device()
    for identifier in ["r1", "r2"] {
      var content = NotificationContent()
      content.title = identifier
      try device.addLocalNotification(
        NotificationRequest(identifier: identifier, content: content, date: device.now),
        trigger: .timeInterval(60, repeats: false))
    }
    let effects = device.step { $0.advance(by: .seconds(60)) }.effects
    #expect(effects.map(\.push) == ["local-1", "local-2"])
    guard effects.count == 2 else { return }
    #expect(device.complete(effects[0], with: .presentationChosen([.list])) == [effects[1]])
    #expect(device.complete(effects[1], with: .presentationChosen([.list])).isEmpty)
    #expect(device.center.flatMap(\.notifications).sorted() == ["local-1", "local-2"])
  }

  @Test func theAppStartingAnActivityDuringItsExtensionRunLetsTheRunGoOn() {
    var device = Self.device(serviceExtension: true)
    device.receive(Self.alert, id: "m1")
    let run = device.pendingExtensionRun
    #expect(run != nil)
    _ = device.requestActivity(
      ActivityRequest(id: "a1", type: "Nothing", attributes: [:], contentState: [:]))
    #expect(device.pendingExtensionRun == run)
    #expect(!device.kinds("m1").contains("extension.skipped"))
  }

  #if !os(Windows)
    @Test func completingAnEffectTheDeviceDoesNotAwaitIsAProgrammingError() async {
      await #expect(processExitsWith: .failure) {
        var device = Device(app: AppConfiguration(serviceExtension: .init(kind: .app)))
        device.receive(["aps": ["alert": "Hi", "mutable-content": 1]], id: "m1")
        guard let effect = device.nextEffect else { return }
        // A result of another kind than the effect's.
        device.complete(effect, with: .presentationChosen([.banner]))
      }
      await #expect(processExitsWith: .failure) {
        var device = Device(app: AppConfiguration(state: .background))
        device.hostTakes = { _ in true }
        let payload: JSONValue = ["aps": ["content-available": 1]]
        // No call is waiting.
        device.complete(
          .wakeApp(push: "b1", payload: payload), with: .appCallEnded(.completed(result: nil)))
      }
    }
  #endif
}
