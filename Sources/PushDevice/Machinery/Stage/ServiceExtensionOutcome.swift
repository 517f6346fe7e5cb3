import Foundation
import PushCore
import PushPayload

/// What running a service extension gave: the request to deliver, which content it carries and
/// why, the scenario time used, and the events to log.
///
/// The push is never lost (Rules.md §7): whatever the extension did, ``request`` is
/// the notification to deliver, with the original identifier (Behavior.md §6.2) and only
/// attachments that passed validation (Behavior.md §6.3).
package struct ServiceExtensionOutcome: Sendable, Equatable {
  /// The request to deliver: the original identifier and date, the final content.
  package var request: NotificationRequest
  /// Whose content ``request`` carries.
  package var delivered: Delivered
  /// Why that content, in plain words.
  package var reason: String
  /// Scenario time the extension took (at most its budget); the device moves its clock by this.
  package var elapsed: Duration
  /// The events, in order, with offsets from the moment the extension started.
  package var events: [Event]
  /// Attachments dropped by validation, with their `UNError` codes.
  package var rejectedAttachments: [AttachmentValidationError]

  /// Creates an outcome.
  package init(
    request: NotificationRequest, delivered: Delivered, reason: String, elapsed: Duration,
    events: [Event], rejectedAttachments: [AttachmentValidationError] = []
  ) {
    self.request = request
    self.delivered = delivered
    self.reason = reason
    self.elapsed = elapsed
    self.events = events
    self.rejectedAttachments = rejectedAttachments
  }

  /// The outcome when no extension could run: the original content, with `reason` logged as
  /// `extension.skipped` (source `model`).
  static func notRun(_ request: NotificationRequest, reason: String) -> ServiceExtensionOutcome {
    ServiceExtensionOutcome(
      request: request, delivered: .original, reason: reason, elapsed: .zero,
      events: [Event(offset: .zero, .extensionSkipped, source: .model, reason: reason)])
  }

  /// Whose content is delivered.
  package enum Delivered: String, Sendable, Hashable, CaseIterable {
    /// What `didReceive` returned, changed from the original.
    case modified
    /// What `timeWillExpire` returned when the budget ran out.
    case bestAttempt
    /// The push's own content: the extension threw, hung, timed out without a best attempt, or
    /// returned content with no visible alert (Behavior.md §6.2).
    case original
    /// Nothing: the extension handed over empty content and the app may filter notifications
    /// (the `filtering` entitlement, an `alert` push; Rules.md §7).
    case suppressed
  }

  /// One event of the run, timed relative to the extension's start.
  package struct Event: Sendable, Equatable {
    /// Scenario time since the extension started.
    package var offset: Duration
    /// `extension.started`, `media.fetched`, `attachment.rejected`, …
    package var kind: DeviceEvent.Kind
    /// Whose rule it follows.
    package var source: DiagnosticSource
    /// Why, in plain words.
    package var reason: String
    /// Extra facts for reports.
    package var details: [String: JSONValue]

    /// An event of a kind without details.
    package init(offset: Duration, _ event: PlainEvent, source: DiagnosticSource, reason: String) {
      self.init(offset: offset, kind: event.kind, source: source, reason: reason, details: [:])
    }

    /// An event of `Details.kind` with `details`.
    package init<Details: EventDetails>(
      offset: Duration, _ details: Details, source: DiagnosticSource, reason: String
    ) {
      self.init(
        offset: offset, kind: Details.kind, source: source, reason: reason,
        details: details.json)
    }

    private init(
      offset: Duration, kind: DeviceEvent.Kind, source: DiagnosticSource, reason: String,
      details: [String: JSONValue]
    ) {
      self.offset = offset
      self.kind = kind
      self.source = source
      self.reason = reason
      self.details = details
    }
  }

  /// The events as device log entries, placed on the virtual clock.
  ///
  /// - Parameters:
  ///   - start: The virtual instant the extension started.
  ///   - push: The push's scenario id.
  package func deviceEvents(startingAt start: Date, push: String?) -> [DeviceEvent] {
    events.map { event in
      DeviceEvent(
        time: start.addingTimeInterval(event.offset.timeInterval), kind: event.kind, push: push,
        source: event.source, reason: event.reason, details: event.details)
    }
  }
}

extension Duration {
  /// The duration in seconds, as Foundation's `TimeInterval`.
  var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
