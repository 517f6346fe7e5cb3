import PushCore

// The details of the events of Live Activities.

extension DeviceEvent {
  /// `activity.started`.
  package struct ActivityStarted: EventDetails {
    var activity: String

    package static let kind = EventKind.activityStarted
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.scheduled`.
  package struct ActivityScheduled: EventDetails {
    var activity: String

    package static let kind = EventKind.activityScheduled
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.updated`.
  package struct ActivityUpdated: EventDetails {
    var activity: String

    package static let kind = EventKind.activityUpdated
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.stale`.
  package struct ActivityStale: EventDetails {
    var activity: String

    package static let kind = EventKind.activityStale
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.ended`.
  package struct ActivityEnded: EventDetails {
    var activity: String

    package static let kind = EventKind.activityEnded
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.dismissed`.
  package struct ActivityDismissed: EventDetails {
    var activity: String

    package static let kind = EventKind.activityDismissed
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `activity.failed`: the request's activity and the error the app sees.
  package struct ActivityFailed: EventDetails {
    var code: ActivityFailedCode
    var activity: String
    /// The `ActivityAuthorizationError` (or decoding failure) the app sees.
    var error: String

    package static let kind = EventKind.activityFailed
    package static let fields: [RecordField<Self>] = [
      .code { $0.code }, .string("activity") { $0.activity }, .string("error") { $0.error },
    ]
  }

  /// `activity.ignored`: why nothing changed.
  package struct ActivityIgnored: EventDetails {
    var code: ActivityIgnoredCode
    /// The activity the push or call was for, when known.
    var activity: String?

    package static let kind = EventKind.activityIgnored
    package static let fields: [RecordField<Self>] = [
      .code { $0.code }, .string("activity") { $0.activity },
    ]
  }

  /// `activity.token`: an update token, or a channel subscription.
  package struct ActivityToken: EventDetails {
    var activity: String
    var token: String?
    var channel: String?

    package static let kind = EventKind.activityToken
    package static let fields: [RecordField<Self>] = [
      .string("activity") { $0.activity }, .string("token") { $0.token },
      .string("channel") { $0.channel },
    ]
  }

  /// `activity.alert`: where the alert showed and its sound.
  package struct ActivityAlert: EventDetails, Equatable {
    package var activity: String
    /// `expanded`, `banner` or `lockScreen`.
    package var presentation: String
    package var sound: String?
    /// With a sound: whether it played.
    package var soundPlayed: Bool?

    package static let kind = EventKind.activityAlert
    package static let fields: [RecordField<Self>] = [
      .string("activity") { $0.activity }, .string("presentation") { $0.presentation },
      .string("sound") { $0.sound }, .bool("soundPlayed") { $0.soundPlayed },
    ]
  }
}

extension DeviceEvent.ActivityAlert {
  /// The details of `event` when it is an `activity.alert` event (what the docs site reads);
  /// `nil` for another kind. A test makes an event of each shape and reads it back.
  package init?(_ event: DeviceEvent) {
    guard event.kind == Self.kind, let activity = event.details["activity"]?.stringValue,
      let presentation = event.details["presentation"]?.stringValue
    else { return nil }
    self.init(
      activity: activity, presentation: presentation,
      sound: event.details["sound"]?.stringValue,
      soundPlayed: event.details["soundPlayed"]?.boolValue)
  }
}
