public import Foundation
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

  /// An event kind: an open set of dotted names, so new kinds can be added.
  public struct Kind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
  }

  /// Creates an event.
  public init(
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

extension DeviceEvent.Kind {
  public static let received: Self = "received"
  public static let rejected: Self = "rejected"
  public static let stored: Self = "stored"
  public static let coalesced: Self = "coalesced"
  public static let expired: Self = "expired"
  public static let delivered: Self = "delivered"
  public static let replaced: Self = "replaced"
  public static let held: Self = "held"
  public static let suppressed: Self = "suppressed"
  public static let silent: Self = "silent"
  public static let throttled: Self = "throttled"
  public static let discarded: Self = "discarded"
  public static let extensionStarted: Self = "extension.started"
  public static let extensionFinished: Self = "extension.finished"
  public static let extensionTimeout: Self = "extension.timeout"
  public static let mediaFetched: Self = "media.fetched"
  public static let mediaFailed: Self = "media.failed"
  public static let attachmentRejected: Self = "attachment.rejected"
  public static let presented: Self = "presented"
  public static let badge: Self = "badge"
  public static let tap: Self = "tap"
  public static let action: Self = "action"
  public static let dismiss: Self = "dismiss"
  public static let clear: Self = "clear"
  public static let unlock: Self = "unlock"
  public static let route: Self = "route"
  public static let routeUnmatched: Self = "route.unmatched"
}
