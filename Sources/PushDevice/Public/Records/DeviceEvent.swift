public import Foundation
public import PushCore
public import PushPayload

/// One step the device took with a push, at a virtual instant, with whose rule it followed.
///
/// The event log is what reports and `expect.events` read; field names are the scenario
/// format's (`time`, `kind`, `push`, `source`, `reason`).
public struct DeviceEvent: Sendable, Equatable {
  /// Virtual time of the step.
  public var time: Date
  /// What happened (`delivered`, `media.failed`, …).
  public var kind: Kind
  /// The push (scenario id) the step concerns, if any.
  public var push: String?
  /// Whose rule decided it.
  public var source: DiagnosticSource
  /// Why, in plain words.
  public var reason: String
  /// Extra facts (`{"httpStatus": 404}`, `{"route": "chat"}`), as JSON for reports.
  public var details: [String: JSONValue]

  /// What happened: an ``EventKind`` (PushCore), listed in `EventKind.all`.
  public typealias Kind = EventKind

  /// An event of `Details.kind` with `details`.
  package init<Details: EventDetails>(
    time: Date, _ details: Details, push: String?, source: DiagnosticSource, reason: String
  ) {
    self.init(
      time: time, kind: Details.kind, push: push, source: source, reason: reason,
      details: details.json)
  }

  /// Creates an event from its parts: for events already made (``EventDetails`` makes new ones).
  package init(
    time: Date, kind: Kind, push: String?, source: DiagnosticSource, reason: String,
    details: [String: JSONValue] = [:]
  ) {
    self.time = time
    self.kind = kind
    self.push = push
    self.source = source
    self.reason = reason
    self.details = details
  }
}
