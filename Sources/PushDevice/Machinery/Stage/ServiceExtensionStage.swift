import Foundation
import PushCore
internal import PushHTTP
internal import PushMedia
import PushPayload
internal import PushSimHosting
import Synchronization

/// Runs an app's service extension on one push: the device pipeline's service-extension step.
///
/// ## The seam with the device
///
/// The device decides **whether** the extension runs (Behavior.md §6.1, Rules.md §7): the push
/// has `mutable-content`, its alert has a visible title, subtitle or body after localization,
/// alerts are allowed (provisional counts) and the app has an extension. When it does, the device
/// calls ``run(request:extension:budget:)`` and then:
/// - delivers ``ServiceExtensionOutcome/request`` (identifier unchanged, attachments validated);
/// - moves its virtual clock on by ``ServiceExtensionOutcome/elapsed`` (at most the budget);
/// - appends ``ServiceExtensionOutcome/deviceEvents(startingAt:push:)`` to its log.
///
/// The stage itself never reads the wall clock for scenario time: the elapsed time is the sum of
/// what the extension spent through its ``ServiceExtensionContext``. Real time is only ever
/// containment: the ``Watchdog``'s limits on `didReceive` and `serviceExtensionTimeWillExpire`
/// (each a `RealTimeLimit`, the one real-time race, as are the limits on the app's delegate and
/// handler calls) and ``HTTPFetcher``'s real download deadline.
///
/// ## What happens (Behavior.md §6.2, §6.3; Rules.md §7)
/// 1. `extension.started`. `didReceive` runs with the budget (30 s by default).
/// 2. It returns in time: its content (`extension.finished`, `delivered: modified`), unless that
///    content shows no alert, in which case the original is delivered (Behavior.md §6.2).
///    Out-of-range values are corrected (relevance score into 0…1, negative badge ignored; model).
/// 3. It throws: the original content (`extension.finished`, `delivered: original`).
/// 4. The budget runs out (or the watchdog fires): `extension.timeout`, then `timeWillExpire`;
///    its best attempt, else the original content.
/// 5. The delivered content's attachments are validated; each failure is an
///    `attachment.rejected` event with its `UNError` code, and the attachment is dropped.
package struct ServiceExtensionStage: Sendable {
  /// Where the extension's downloads come from.
  package var fetcher: any MediaFetcher
  /// Where downloaded files are written.
  package var sandbox: MediaSandbox
  /// Validates attachments after the extension finishes.
  package var validator: AttachmentValidator
  /// Real-time containment limits.
  package var watchdog: Watchdog

  /// Real-time limits that keep a misbehaving extension from hanging a run.
  ///
  /// These read the real clock, and only decide when to stop waiting; the scenario time charged
  /// for a stopped extension is its whole budget (Rules.md §7).
  package struct Watchdog: Sendable, Equatable {
    /// How long `didReceive` may take in real time; `nil` means the budget plus ``grace``.
    package var didReceiveLimit: Duration?
    /// Added to the budget when ``didReceiveLimit`` is `nil`, so that a real download's own
    /// deadline (the remaining budget) normally fires first.
    package var grace: Duration
    /// How long `timeWillExpire` may take in real time before the original content is used.
    package var timeWillExpireLimit: Duration
    /// How long an extension with nothing left running that the host can see (work handed
    /// to a `Thread`, an `OperationQueue` or a `DispatchWorkItem`) may still answer before its
    /// budget is waited out (Rules.md §7).
    package var untrackedWorkGrace: Duration

    /// Creates limits.
    package init(
      didReceiveLimit: Duration? = nil, grace: Duration = .seconds(1),
      timeWillExpireLimit: Duration = .seconds(5), untrackedWorkGrace: Duration = .seconds(2)
    ) {
      self.didReceiveLimit = didReceiveLimit
      self.grace = grace
      self.timeWillExpireLimit = timeWillExpireLimit
      self.untrackedWorkGrace = untrackedWorkGrace
    }
  }

  /// Creates a stage.
  package init(
    fetcher: any MediaFetcher, sandbox: MediaSandbox = MediaSandbox(),
    validator: AttachmentValidator = AttachmentValidator(), watchdog: Watchdog = Watchdog()
  ) {
    self.fetcher = fetcher
    self.sandbox = sandbox
    self.validator = validator
    self.watchdog = watchdog
  }

  /// Creates a stage whose fetcher follows the app's configuration: ``ManifestFetcher`` over
  /// `manifest` for `fetch: manifest`, ``HTTPFetcher`` for `fetch: network`, both under `ats`.
  package init(
    configuration: ServiceExtensionConfiguration, manifest: MediaManifest, ats: ATSSettings,
    sandbox: MediaSandbox = MediaSandbox(), watchdog: Watchdog = Watchdog()
  ) {
    self.init(
      fetcher: configuration.fetch.fetcher(manifest: manifest, ats: ats), sandbox: sandbox,
      watchdog: watchdog)
  }

  /// Runs `extension` on `request` with `budget` of scenario time; never throws, never loses
  /// the push.
  ///
  /// - Parameters:
  ///   - request: The push after localization (the device has decided the extension runs).
  ///   - extension: The app's extension.
  ///   - budget: Scenario time before `timeWillExpire` (the configuration's `budget`, 30 s by
  ///     default; Behavior.md §6.2).
  ///   - start: The virtual instant the extension starts (where its ``ServiceExtensionContext/clock``
  ///     starts).
  /// - Returns: The request to deliver, the time used and the events to log.
  package func run(
    request: NotificationRequest, extension serviceExtension: any ServiceExtension,
    budget: Duration = ServiceExtensionConfiguration.defaultBudget,
    startingAt start: Date = DeviceConfiguration.defaultStart, mayFilter: Bool = false
  ) async -> ServiceExtensionOutcome {
    let budget = max(.zero, budget)
    let answer = OneShot<Signal>()
    let context = ServiceExtensionContext(
      budget: budget, requestIdentifier: request.identifier, start: start, fetcher: fetcher,
      sandbox: sandbox, untrackedWorkGrace: watchdog.untrackedWorkGrace,
      onExpire: { answer.give(.expired) })
    var events = [
      ServiceExtensionOutcome.Event(
        offset: .zero, .extensionStarted, source: .device,
        reason: "mutable-content is set and the alert is visible: the app's service extension "
          + "runs with a budget of \(budget.secondsText)")
    ]

    // The watchdog is armed before the extension is entered.
    let realLimit = watchdog.didReceiveLimit ?? (budget + watchdog.grace)
    let work = Mutex<Task<Void, Never>?>(nil)
    let first = await RealTimeLimit.first(of: answer, within: realLimit, else: .watchdog) {
      work.withLock { work in
        work = Task {
          do {
            answer.give(
              .returned(try await serviceExtension.didReceive(request, context: context)))
          } catch {
            answer.give(.threw(String(describing: error)))
          }
        }
      }
    }
    if case .watchdog = first { context.expireSilently() }
    if case .returned = first {} else { work.withLock { $0 }?.cancel() }
    let (logged, elapsed) = context.close()
    events += logged

    let original = request.content
    var content = original
    var delivered = ServiceExtensionOutcome.Delivered.original
    var reason: String
    switch first {
    case .returned(let returned):
      let accepted = Self.accept(
        returned, original: original, from: "didReceive", mayFilter: mayFilter)
      (content, delivered, reason) = (accepted.content, accepted.delivered, accepted.reason)
      // A correction is PushSim's choice (Rules.md §2 read the same way), not iOS's.
      let source: DiagnosticSource = accepted.corrected ? .model : .device
      events.append(
        .init(
          offset: elapsed, DeviceEvent.ExtensionFinished(delivered: delivered.rawValue),
          source: source, reason: reason))
    case .threw(let error):
      reason =
        "didReceive threw (\(error)) without returning content: the original content is "
        + "delivered, as when the content handler is never called"
      events.append(
        .init(
          offset: elapsed, DeviceEvent.ExtensionFinished(delivered: "original", error: error),
          source: .device, reason: reason))
    case .expired, .watchdog:
      let cause =
        if case .watchdog = first {
          "didReceive did not return within \(realLimit.secondsText) of real time (PushSim's "
            + "watchdog), counted as the whole budget of \(budget.secondsText)"
        } else {
          "the extension used its whole budget of \(budget.secondsText)"
        }
      let attempt = await Self.callTimeWillExpire(
        serviceExtension, limit: watchdog.timeWillExpireLimit)
      switch attempt {
      case .content(let best):
        let accepted = Self.accept(
          best, original: original, from: "timeWillExpire", mayFilter: mayFilter)
        (content, delivered, reason) = (accepted.content, accepted.delivered, accepted.reason)
        if delivered == .modified { delivered = .bestAttempt }
      case .none:
        reason = "timeWillExpire gave no best attempt: the original content is delivered"
      case .hung:
        reason =
          "timeWillExpire did not return within "
          + "\(watchdog.timeWillExpireLimit.secondsText) of real time: the original content is "
          + "delivered"
      }
      reason = "\(cause); \(reason)"
      let source: DiagnosticSource = first == .watchdog ? .model : .device
      events.append(
        .init(
          offset: elapsed, DeviceEvent.ExtensionTimeout(delivered: delivered.rawValue),
          source: source, reason: reason))
    }

    let (accepted, rejected) = validator.validate(
      content.attachments, requestIdentifier: request.identifier)
    content.attachments = accepted
    for error in rejected {
      events.append(
        .init(
          offset: elapsed,
          DeviceEvent.AttachmentRejected(code: error.code, url: error.url.redactedString),
          source: .device,
          reason:
            "attachment \(error.identifier.isEmpty ? error.url.lastPathComponent : error.identifier) "
            + "dropped with UNError.\(error.code.rawValue): \(error.reason); the notification "
            + "is delivered without it"))
    }

    return ServiceExtensionOutcome(
      request: NotificationRequest(
        identifier: request.identifier, content: content, date: request.date),
      delivered: delivered, reason: reason, elapsed: elapsed, events: events,
      rejectedAttachments: rejected)
  }

  // MARK: - Internals

  private enum Signal: Sendable, Equatable {
    case returned(NotificationContent)
    case threw(String)
    case expired
    case watchdog
  }

  private enum Attempt: Sendable {
    case content(NotificationContent)
    case none
    case hung
  }

  /// Content the stage accepted from the extension: what to deliver, whose it is, why, and
  /// whether PushSim corrected out-of-range values (a `model` choice).
  private struct Accepted {
    var content: NotificationContent
    var delivered: ServiceExtensionOutcome.Delivered
    var reason: String
    var corrected = false
  }

  /// Accepts content from the extension, or falls back to the original when it shows no alert.
  private static func accept(
    _ returned: NotificationContent, original: NotificationContent, from method: String,
    mayFilter: Bool
  ) -> Accepted {
    if mayFilter, returned.hasVisibleText == false, returned.attachments.isEmpty,
      returned.sound == nil
    {
      // What the empty content still carries (a badge) is kept (Rules.md §7).
      var kept = original
      kept.badge = returned.badge
      return Accepted(
        content: kept, delivered: .suppressed,
        reason: "\(method) returned empty content and the app has the filtering entitlement: "
          + "the notification is not shown"
          + (returned.badge.map { ", and its badge \($0) is set" } ?? ""))
    }
    guard returned.hasVisibleText else {
      return Accepted(
        content: original, delivered: .original,
        reason: "\(method) returned content with no title, subtitle or body: the mutated request "
          + "would not visibly alert, so the original content is delivered")
    }
    var content = returned
    var corrections: [String] = []
    if !content.relevanceScore.isFinite {
      corrections.append("relevance score \(content.relevanceScore) read as 0")
      content.relevanceScore = 0
    } else if content.relevanceScore < 0 || content.relevanceScore > 1 {
      let clamped = min(1, max(0, content.relevanceScore))
      corrections.append("relevance score \(content.relevanceScore) clamped to \(clamped)")
      content.relevanceScore = clamped
    }
    if let badge = content.badge, badge < 0 {
      corrections.append("negative badge \(badge) ignored")
      content.badge = nil
    }
    if content.payload.objectValue == nil {
      corrections.append(
        "a payload that is \(content.payload.typeName), not an object, replaced by the original")
      content.payload = original.payload
    }
    if content == original {
      return Accepted(
        content: original, delivered: .original,
        reason: "\(method) returned the original content unchanged",
        corrected: !corrections.isEmpty)
    }
    let count = content.attachments.count
    var reason =
      "\(method) returned changed content"
      + (count > 0 ? " with \(count) attachment\(count == 1 ? "" : "s")" : "")
      + ", which is delivered"
    if !corrections.isEmpty {
      reason += " (PushSim corrected: \(corrections.joined(separator: ", ")))"
    }
    return Accepted(
      content: content, delivered: .modified, reason: reason, corrected: !corrections.isEmpty)
  }

  /// Calls `timeWillExpire` with a real-time limit, armed before it is entered.
  private static func callTimeWillExpire(
    _ serviceExtension: any ServiceExtension, limit: Duration
  ) async -> Attempt {
    let call = Mutex<Task<Void, Never>?>(nil)
    let attempt = await RealTimeLimit.first(within: limit, else: Attempt.hung) { answer in
      call.withLock { call in
        call = Task {
          let content = await serviceExtension.timeWillExpire()
          answer(content.map(Attempt.content) ?? .none)
        }
      }
    }
    call.withLock { $0 }?.cancel()
    return attempt
  }
}
