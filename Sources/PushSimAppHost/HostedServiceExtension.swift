import ActivityKit
import CallKit
import Foundation
import PushDevice
import PushPayload
import PushSimHosting
import Synchronization
import UserNotifications
import os

/// The app's `UNNotificationServiceExtension` subclass, run by the device on one push
/// (Behavior.md §6.1, §6.2; Rules.md §7).
///
/// One instance per push (``AppCode/serviceExtension`` makes a fresh adapter, and the adapter a
/// fresh instance of the app's class, made in the extension's process on the thread that then
/// runs `didReceive`, so what its initializer stores, `UNUserNotificationCenter.current()`
/// among it, is the device's); its methods run on threads of their own
/// (``AppThread``), so an extension that blocks holds only its own thread:
/// - the request reaches `didReceive(_:withContentHandler:)` as iOS builds it (content
///   localized, `userInfo` bridged, a `UNPushNotificationTrigger`), with the device's center as
///   `UNUserNotificationCenter.current()`;
/// - the first content-handler call is taken, from any thread, and the content is read at that
///   moment; a second call, or a change to the object afterwards, changes nothing and is logged
///   (`extension.ignored`);
/// - when the budget runs out, `serviceExtensionTimeWillExpire()` runs on the same instance and
///   a handler call made by the time it returns is the best attempt;
/// - each run has its own temporary directory (``ExtensionRun``), where download tasks put their
///   files, removed when the run is over;
/// - attachment files are validated and moved into the device's store when the handler is
///   called, as iOS does; a file outside the run's temporary directory (the app's bundle, a test
///   resource) is copied instead, so the app's own files stay (Rules.md §9.10, `source: model`).
///
/// Downloads the extension makes with `URLSession` (the shared session and the ones it makes),
/// download tasks and `Data(contentsOf:)` are answered by the device (``DeviceURLProtocol``,
/// ``ExtensionRun``); its `Activity` calls reach the device's Live Activities.
final class HostedServiceExtension: ServiceExtension, @unchecked Sendable {
  /// Makes the app's instance.
  private let makeInstance: @Sendable () -> UNNotificationServiceExtension
  /// The app's instance, once made (on `didReceive`'s thread); `nil` when `didReceive` was never
  /// entered (the run was cancelled first).
  private let instance = OneShot<Unchecked<UNNotificationServiceExtension>?>()
  private let center: UNUserNotificationCenter
  private let runner: AppCallRunner
  /// Where the extension's `CXProvider.reportNewIncomingVoIPPushPayload` goes (the device).
  private let callKit: (any VoIPPayloadReporter)?
  private let state = Mutex(State())
  /// The content handler's first call, or the run's cancellation.
  private let answer = OneShot<NotificationContent?>()
  /// `didReceive` returned (its late changes logged).
  private let returned = OneShot<Void>()
  /// How long an answered run waits for `didReceive` to return, so that what it does after
  /// its handler call (a second call, a change to the content) is logged with the push;
  /// a method that blocks after answering costs at most this (Rules.md §7).
  static let returnGrace: Duration = .seconds(1)

  private struct State {
    var calls = 0
    var first: UNNotificationContent?
    var snapshot: NotificationContent?
    var context: ServiceExtensionContext?
    var run: ExtensionRun?
    var activities: (center: ActivityCenter, backend: DeviceActivityBackend)?
  }

  init(
    instance: @escaping @Sendable () -> UNNotificationServiceExtension,
    center: UNUserNotificationCenter,
    runner: AppCallRunner, callKit: (any VoIPPayloadReporter)? = nil
  ) {
    self.makeInstance = instance
    self.center = center
    self.runner = runner
    self.callKit = callKit
  }

  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    DeviceURLProtocol.installOnce()
    // In the device's attachment store: a directory kept for a best attempt's files goes with
    // the device (Rules.md §9.10).
    let run = ExtensionRun(
      device: context, center: center, log: HostedLog.sink(for: context),
      in: context.attachmentStoreFolder,
      whenFolderMade: { [context] in context.willMakeFolderInAttachmentStore() })
    state.withLock {
      $0.context = context
      $0.run = run
    }
    ExtensionRun.register(run)
    defer { ExtensionRun.unregister(run) }
    let unRequest = UNNotificationRequest(
      identifier: request.identifier, content: UNNotificationContent(request.content),
      trigger: UNPushNotificationTrigger())
    let bound = await runner.activityCenter()
    state.withLock { $0.activities = bound }
    let answered = await withTaskCancellationHandler {
      await answer.value {
        guard !answer.isAnswered else {
          instance.give(nil)
          return
        }
        let activities = bound?.center
        let log = HostedLog.sink(for: context)
        let callKit = callKit
        AppThread.start("didReceive") { [self] in
          // Held by the code the extension runs from here on (RunActivity): when it lets
          // go with no answer given, the budget is waited out at once.
          var process = run.process
          process.activity = RunActivity { [weak self] in self?.nothingRuns() }
          process.bind(
            log: log, activities: activities, slots: { $0.voipPayloadReporter = callKit }
          ) {
            let made = makeInstance()
            instance.give(Unchecked(made))
            made.didReceive(unRequest) { [self] in self.handle($0) }
          }
          process.activity = nil
          logLateChange(after: "didReceive returned")
          returned.give(())
        }
      }
    } onCancel: {
      answer.give(nil)
    }
    guard let content = answered else { throw CancellationError() }
    await RealTimeLimit.first(of: returned, within: Self.returnGrace, else: ()) {}
    await bound?.backend.drain()
    defer { run.removeTemporaryDirectory() }
    return storeAttachments(content, context: context, run: run)
  }

  func timeWillExpire() async -> NotificationContent? {
    let run = state.withLock { $0.run }
    defer { run?.removeTemporaryDirectory() }
    if let snapshot = state.withLock({ $0.snapshot }) {
      if let run, snapshot.attachments.contains(where: { run.holds($0.url) }) {
        run.keepTemporaryDirectory()
      }
      return snapshot
    }
    let instance = instance
    let center = center
    let (bound, runContext) = state.withLock { ($0.activities, $0.context) }
    let activities = bound?.center
    let log = runContext.map(HostedLog.sink(for:))
    let callKit = callKit
    // The stage's limit gives up on a call that never returns (this task is then cancelled).
    let returned = await AppThread.call("serviceExtensionTimeWillExpire") { () -> Bool in
      // The instance `didReceive`'s thread makes, however late that thread runs; an
      // initializer that never returns holds this call to the stage's limit.
      guard let instance = instance.waitOnThisThread() else { return false }
      let process = run?.process ?? HostedProcess(center: center)
      process.bind(log: log, activities: activities, slots: { $0.voipPayloadReporter = callKit }) {
        instance.value.serviceExtensionTimeWillExpire()
      }
      return true
    }
    guard returned == true else { return nil }
    await bound?.backend.drain()
    logLateChange(after: "serviceExtensionTimeWillExpire returned")
    let (snapshot, context) = state.withLock { ($0.snapshot, $0.context) }
    guard let snapshot, let context else { return snapshot }
    return storeAttachments(snapshot, context: context, run: run)
  }

  /// Nothing the extension started runs any more, as far as the device can see: without an
  /// answer within the context's `untrackedWorkGrace` (2 s of real time unless a test
  /// changes it) it never gives one, so the device waits out the budget then (Rules.md §7).
  private func nothingRuns() {
    guard !answer.isAnswered,
      let grace = state.withLock({ $0.context })?.untrackedWorkGrace
    else { return }
    HostTimer.shared.schedule(after: grace) { [weak self] in
      guard let self, !answer.isAnswered else { return }
      state.withLock { $0.context }?.waitOutBudget()
    }
  }

  /// The content handler: the first call wins, read at this moment.
  private func handle(_ content: UNNotificationContent) {
    let snapshot = content.deviceContent
    if UserInfoBridge.exceedsMaximumDepth(content.userInfo) {
      state.withLock { $0.context }?.log(
        .extensionIgnored, source: .model,
        reason: "the content's userInfo nests deeper than \(UserInfoBridge.maximumDepth) levels "
          + "(or holds itself): a payload cannot, so the part below that depth is cut")
    }
    let (taken, context) = state.withLock { state in
      state.calls += 1
      guard state.calls == 1 else { return (false, state.context) }
      state.first = content
      state.snapshot = snapshot
      return (true, state.context)
    }
    if taken {
      answer.give(snapshot)
    } else {
      context?.log(
        .extensionIgnored, source: .device,
        reason: "the content handler was called again: iOS takes the first call only, so this "
          + "content is ignored")
    }
  }

  /// Logs a change the extension made to the content object after handing it over.
  private func logLateChange(after moment: String) {
    let (first, snapshot, context) = state.withLock { ($0.first, $0.snapshot, $0.context) }
    guard let first, let snapshot, let context, first.deviceContent != snapshot else { return }
    context.log(
      .extensionIgnored, source: .device,
      reason: "the content object changed after the content handler was called (seen when "
        + "\(moment)): iOS shows the content as it was at the call, so the change is ignored")
  }

  /// Moves each attachment's file into the device's store (the run's folder), as iOS does, when
  /// it is the run's own (``ExtensionRun/owns(_:)``); any other file is copied, so the app's own
  /// files stay (Rules.md §9.10). Files are moved or copied, never read whole: a file that
  /// cannot be read, or is over its type's size limit now, stays where it is, and the device's
  /// validation rejects it.
  private func storeAttachments(
    _ content: NotificationContent, context: ServiceExtensionContext, run: ExtensionRun?
  ) -> NotificationContent {
    var content = content
    content.attachments = content.attachments.map { attachment in
      guard attachment.url.isFileURL,
        let type = MediaType(uti: attachment.type)
          ?? MediaType(fileExtension: attachment.url.pathExtension),
        let stored = try? context.storeAttachmentFile(
          attachment.url, type: type, moving: run?.owns(attachment.url) ?? false)
      else { return attachment }
      var moved = attachment
      moved.url = stored
      return moved
    }
    // A file the store could not take (its run is over) is shown from where it is.
    if let run, content.attachments.contains(where: { run.holds($0.url) }) {
      run.keepTemporaryDirectory()
    }
    return content
  }
}
