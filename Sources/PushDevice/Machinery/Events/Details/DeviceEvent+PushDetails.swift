import PushCore
import PushPayload

// The details of the events of a push's way through APNs and onto the screen.

extension DeviceEvent {
  /// `rejected`: APNs's answer.
  package struct Rejected: EventDetails {
    /// The HTTP status (400, 410, 413).
    var httpStatus: Int
    /// APNs's reason (`BadTopic`, `Unregistered`, …).
    var reason: String
    /// For 410 `Unregistered`: when APNs learned the app was removed, in UNIX milliseconds.
    var timestamp: Int?

    package static let kind = EventKind.rejected
    package static let fields: [RecordField<Self>] = [
      .integer("httpStatus") { $0.httpStatus }, .string("reason") { $0.reason },
      .integer("timestamp") { $0.timestamp },
    ]
  }

  /// `coalesced`: the push that replaced the stored one.
  package struct Coalesced: EventDetails {
    /// The newer push.
    var by: String

    package static let kind = EventKind.coalesced
    package static let fields: [RecordField<Self>] = [.string("by") { $0.by }]
  }

  /// `expired`: for a broadcast, its channel.
  package struct Expired: EventDetails {
    /// The broadcast channel with storage policy 0, when that is why.
    var channel: String?

    package static let kind = EventKind.expired
    package static let fields: [RecordField<Self>] = [.string("channel") { $0.channel }]
  }

  /// `replaced`: the push that took the notification's place.
  package struct Replaced: EventDetails {
    /// The newer push.
    var by: String

    package static let kind = EventKind.replaced
    package static let fields: [RecordField<Self>] = [.string("by") { $0.by }]
  }

  /// `summary`: the digest, in order.
  package struct Summary: EventDetails {
    /// The pushes of the digest.
    var notifications: [String]

    package static let kind = EventKind.summary
    package static let fields: [RecordField<Self>] = [
      .strings("notifications") { $0.notifications }
    ]
  }

  /// `silent`: for a background push, how many the budget's window holds.
  package struct Silent: EventDetails {
    /// Background pushes in the rolling hour, this one included.
    var inWindow: Int?

    package static let kind = EventKind.silent
    package static let fields: [RecordField<Self>] = [.integer("inWindow") { $0.inWindow }]
  }

  /// `throttled`: which budget, and for background pushes its size.
  package struct Throttled: EventDetails {
    /// The budget that ran out.
    var code: ThrottledCode
    /// The background budget, pushes per rolling hour.
    var budget: Int?

    package static let kind = EventKind.throttled
    package static let fields: [RecordField<Self>] = [
      .code { $0.code }, .integer("budget") { $0.budget },
    ]
  }

  /// `discarded`: why the receiver did not get the push.
  package struct Discarded: EventDetails {
    /// Why.
    var code: DiscardedCode

    package static let kind = EventKind.discarded
    package static let fields: [RecordField<Self>] = [.code { $0.code }]
  }

  /// `wake`: for a push-to-start, the activity it started.
  package struct Wake: EventDetails {
    /// The Live Activity the push started.
    var activity: String?

    package static let kind = EventKind.wake
    package static let fields: [RecordField<Self>] = [.string("activity") { $0.activity }]
  }

  /// `presented`: how the notification was shown.
  package struct Presented: EventDetails {
    var banner: Bool
    var lockScreen: Bool
    var wake: Bool
    var sound: Bool
    var list: Bool

    package static let kind = EventKind.presented
    package static let fields: [RecordField<Self>] = [
      .bool("banner") { $0.banner }, .bool("lockScreen") { $0.lockScreen },
      .bool("wake") { $0.wake }, .bool("sound") { $0.sound }, .bool("list") { $0.list },
    ]

    /// One of the 32 tables made once: every push presented alike shares its storage.
    package var json: [String: JSONValue] {
      Self.tables[
        (banner ? 1 : 0) | (lockScreen ? 2 : 0) | (wake ? 4 : 0) | (sound ? 8 : 0)
          | (list ? 16 : 0)]
    }

    /// The members of each combination, by the bits of ``json``'s index.
    private static let tables: [[String: JSONValue]] = (0..<32).map { bits in
      Presented(
        banner: bits & 1 != 0, lockScreen: bits & 2 != 0, wake: bits & 4 != 0,
        sound: bits & 8 != 0, list: bits & 16 != 0
      ).fieldMembers
    }
  }

  /// `badge`: the new badge.
  package struct Badge: EventDetails {
    /// The number on the app's icon (0: cleared).
    var badge: Int

    package static let kind = EventKind.badge
    package static let fields: [RecordField<Self>] = [.integer("badge") { $0.badge }]
  }

  /// `action`: the action the user picked.
  package struct Action: EventDetails {
    /// The action's identifier.
    var action: String
    /// What the user typed, for a text-input action.
    var userText: String?

    package static let kind = EventKind.action
    package static let fields: [RecordField<Self>] = [
      .string("action") { $0.action }, .string("userText") { $0.userText },
    ]
  }

  /// `clear`: the notifications cleared.
  package struct Clear: EventDetails {
    /// Their pushes.
    var notifications: [String]

    package static let kind = EventKind.clear
    package static let fields: [RecordField<Self>] = [
      .strings("notifications") { $0.notifications }
    ]
  }

  /// `route`: the route the app's router picked.
  package struct Route: EventDetails {
    /// The response's action (`default`, `dismiss`, or the action identifier).
    var action: String
    /// The route's name.
    var route: String
    /// The route's parameters.
    var params: JSONValue?

    package static let kind = EventKind.route
    package static let fields: [RecordField<Self>] = [
      .string("action") { $0.action }, .string("route") { $0.route },
      RecordField("params", .any) { $0.params.map(RecordValue.json) },
    ]
  }

  /// `route.unmatched`: the closest route, when there is one.
  package struct RouteUnmatched: EventDetails {
    /// The response's action (`default`, `dismiss`, or the action identifier).
    var action: String
    /// The route that came closest.
    var route: String?

    package static let kind = EventKind.routeUnmatched
    package static let fields: [RecordField<Self>] = [
      .string("action") { $0.action }, .string("route") { $0.route },
    ]
  }
}

extension DeviceEvent.Presented {
  /// How `presentation` was shown.
  init(_ presentation: Presentation) {
    self.init(
      banner: presentation.banner, lockScreen: presentation.lockScreen, wake: presentation.wake,
      sound: presentation.sound, list: presentation.list)
  }
}
