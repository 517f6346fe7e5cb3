import Foundation

/// The static data of a Live Activity and the type of its dynamic content (Apple's
/// `ActivityAttributes`). The device decodes pushes' `content-state` into ``ContentState``
/// with `JSONDecoder()`'s defaults, as iOS does.
public protocol ActivityAttributes: Decodable, Encodable {
  /// The dynamic content: what updates change.
  associatedtype ContentState: Decodable, Encodable, Hashable
}

/// A Live Activity's content: its state, when it goes stale and how it ranks among the app's
/// activities (Apple's `ActivityContent`).
public struct ActivityContent<State>: Equatable, Hashable
where State: Decodable, State: Encodable, State: Hashable {
  /// The dynamic content.
  public let state: State
  /// When the content is out of date (`activityState` becomes `.stale`).
  public let staleDate: Date?
  /// Which activity the Dynamic Island shows: the highest score wins (default 0).
  public let relevanceScore: Double

  /// Creates content.
  public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

extension ActivityContent: Sendable where State: Sendable {}

/// A Live Activity's life cycle (Apple's `ActivityState`).
public enum ActivityState: Equatable, Hashable, Sendable, Codable {
  /// Visible and updatable.
  case active
  /// Ended: off the Dynamic Island, still on the Lock Screen.
  case ended
  /// Gone from the Lock Screen.
  case dismissed
  /// Its stale date passed; still updatable.
  case stale
  /// Scheduled to start at a later date, not started yet (iOS 26).
  case pending
}

/// How a Live Activity presents itself (Apple's `ActivityStyle`, iOS 18). PushSim accepts the
/// style and models every activity as `.standard`.
public enum ActivityStyle: Hashable, Sendable {
  /// Stays on the Lock Screen until it ends and is dismissed.
  case standard
  /// Leaves the Lock Screen once the person no longer looks at it.
  case transient
}

/// How pushes reach a new activity (Apple's `PushType`).
public struct PushType: Equatable, Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case token
    case channel(String)
  }
  let kind: Kind

  /// Through the activity's own push token (`pushTokenUpdates`).
  public static let token = PushType(kind: .token)

  /// Through a broadcast channel (iOS 18).
  public static func channel(_ channelId: String) -> PushType {
    PushType(kind: .channel(channelId))
  }

  /// The channel of `.channel(_:)`.
  package var channelID: String? {
    if case .channel(let id) = kind { return id }
    return nil
  }
}

/// When an ended activity leaves the Lock Screen (Apple's `ActivityUIDismissalPolicy`).
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case `default`
    case immediate
    case after(Date)
  }
  let kind: Kind

  /// Up to 4 hours after it ends.
  public static let `default` = ActivityUIDismissalPolicy(kind: .default)
  /// At once.
  public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)

  /// At `date`, within 4 hours of the end.
  public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
    ActivityUIDismissalPolicy(kind: .after(date))
  }

  /// The date of `.after(_:)`.
  package var date: Date? {
    if case .after(let date) = kind { return date }
    return nil
  }
}

/// The alert an update shows (Apple's `AlertConfiguration`): title and body are
/// ``LocalizedStringResource``s, as Apple declares them, so
/// `AlertConfiguration(title: "Late", body: "Order \(id) is late", sound: .default)` compiles
/// unchanged; the device shows their text (Rules.md §13.12, §13.16).
public struct AlertConfiguration: Sendable {
  /// The sound the alert plays.
  public struct AlertSound: Hashable, Sendable {
    let name: String?
    /// The system sound.
    public static let `default` = AlertSound(name: nil)
    /// A sound file of the app.
    public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
  }

  /// The alert's title.
  public var title: LocalizedStringResource
  /// The alert's body.
  public var body: LocalizedStringResource
  /// Its sound.
  public var sound: AlertSound

  /// Creates an alert.
  public init(
    title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound
  ) {
    self.title = title
    self.body = body
    self.sound = sound
  }
}

/// Why `Activity.request` failed (Apple's `ActivityAuthorizationError`).
public enum ActivityAuthorizationError: Error, Equatable, Hashable, Sendable {
  /// Attributes and content exceed 4 KB.
  case attributesTooLarge
  /// The user turned Live Activities off, or the app does not support them.
  case denied
  /// The device runs the most activities it may.
  case globalMaximumExceeded
  /// The identifier is malformed.
  case malformedActivityIdentifier
  /// The process has no identifier.
  case missingProcessIdentifier
  /// The system could not store the activity.
  case persistenceFailure
  /// The process may not reconnect to the activity.
  case reconnectNotPermitted
  /// The app runs the most activities it may.
  case targetMaximumExceeded
  /// The app lacks the entitlement.
  case unentitled
  /// The device does not support Live Activities.
  case unsupported
  /// The app's Info.plist or its types do not support this activity.
  case unsupportedTarget
  /// The app is not in the foreground.
  case visibility
}
