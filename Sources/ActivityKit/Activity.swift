import Foundation

/// A Live Activity of the app (Apple's `Activity`): request one, update and end it, and follow
/// its content, state and push token as the device changes them.
///
/// Inside a device (`DeviceHost.runApp`), calls reach the simulated device: `request` starts
/// an activity there (Rules.md §13), pushes to its token update it, and the device decodes
/// their `content-state` into ``ContentState`` with `JSONDecoder()`, as iOS does. Outside a
/// device, activities live in memory.
public final class Activity<Attributes>: Identifiable, @unchecked Sendable
where Attributes: ActivityAttributes {
  /// The attributes type's dynamic content.
  public typealias ContentState = Attributes.ContentState
  /// `pushTokenUpdates` and `pushToStartTokenUpdates`.
  public typealias PushTokenUpdates = ActivityUpdateSequence<Data>
  /// `contentUpdates`.
  public typealias ContentUpdates = ActivityUpdateSequence<ActivityContent<ContentState>>
  /// `activityStateUpdates`.
  public typealias ActivityStateUpdates = ActivityUpdateSequence<ActivityState>
  /// `activityUpdates`.
  public typealias ActivityUpdates = ActivityUpdateSequence<Activity<Attributes>>

  /// The activity's identifier.
  public let id: String
  /// Its static data.
  public let attributes: Attributes
  /// The device (or memory) the activity lives in; the iOS 16.1 forms read it too.
  let center: ActivityCenter
  private let initial: ActivityContent<ContentState>

  private init(
    id: String, attributes: Attributes, center: ActivityCenter,
    initial: ActivityContent<ContentState>
  ) {
    self.id = id
    self.attributes = attributes
    self.center = center
    self.initial = initial
  }

  /// The attributes type's name, as the device knows it.
  static var typeName: String { String(describing: Attributes.self) }

  // MARK: Reading

  /// Its current content.
  public var content: ActivityContent<ContentState> {
    guard let record = center.hub.record(id) else { return initial }
    return Self.content(record) ?? initial
  }

  /// Its life-cycle state.
  public var activityState: ActivityState { center.hub.record(id)?.state ?? .dismissed }

  /// Whether its stale date has passed.
  public var isStale: Bool { activityState == .stale }

  /// Its update token, once the system issued it (`pushType: .token`).
  public var pushToken: Data? { center.hub.record(id)?.token }

  /// Its update token, now if issued and whenever it changes.
  public var pushTokenUpdates: PushTokenUpdates {
    let id = id
    return PushTokenUpdates(
      changesOf: center.hub, current: { $0.records[id]?.token.map { ($0, $0) } }
    ) { change in
      guard case .activity(let record) = change, record.id == id, let token = record.token
      else { return nil }
      return (token, token)
    }
  }

  /// Its content, each time it changes (an update by the app or by push).
  public var contentUpdates: ContentUpdates {
    let id = id
    return ContentUpdates(
      changesOf: center.hub, current: { $0.records[id].map { ($0.content, nil) } }
    ) { change in
      guard case .activity(let record) = change, record.id == id else { return nil }
      return (record.content, Self.content(record))
    }
  }

  /// Its state, each time it changes.
  public var activityStateUpdates: ActivityStateUpdates {
    let id = id
    return ActivityStateUpdates(
      changesOf: center.hub, current: { $0.records[id].map { ($0.state, nil) } }
    ) { change in
      guard case .activity(let record) = change, record.id == id else { return nil }
      return (record.state, record.state)
    }
  }

  /// The app's activities of this type that the system still shows (dismissed ones left out).
  public static var activities: [Activity<Attributes>] {
    let center = ActivityCenter.current
    return center.hub.records.filter { $0.type == typeName && $0.state != .dismissed }
      .compactMap { activity(for: $0, in: center) }
  }

  /// Activities of this type as they start, in the app or by push-to-start.
  public static var activityUpdates: ActivityUpdates {
    let center = ActivityCenter.current
    let seen = SeenIdentifiers([])
    return ActivityUpdates(
      hub: center.hub,
      initial: { hub in
        for id in hub.records.keys { _ = seen.insert(id) }
        return []
      }
    ) { change in
      guard case .activity(let record) = change, record.type == typeName,
        seen.insert(record.id)
      else { return nil }
      return activity(for: record, in: center)
    }
  }

  /// The app's push-to-start token (iOS 17.2), once issued.
  public static var pushToStartToken: Data? {
    ActivityCenter.current.hub.authorization.pushToStartToken
  }

  /// The push-to-start token, now if issued and whenever it changes.
  ///
  /// Observing it makes the attributes type known to the device, which then issues the token
  /// (iOS 17.2) and starts activities of this type from push-to-start pushes.
  public static var pushToStartTokenUpdates: PushTokenUpdates {
    let center = ActivityCenter.current
    center.backend.register(
      type: typeName, decodeAttributes: activityCoding(Attributes.self),
      decodeContentState: activityCoding(ContentState.self))
    return PushTokenUpdates(
      changesOf: center.hub, current: { $0.authorization.pushToStartToken.map { ($0, $0) } }
    ) { change in
      guard case .pushToStartToken(let token) = change else { return nil }
      return (token, token)
    }
  }

  // MARK: Requesting, updating, ending

  /// Starts a Live Activity.
  ///
  /// - Throws: ``ActivityAuthorizationError``: `.denied` when the user turned Live Activities
  ///   off (or the app does not support them), `.visibility` outside the foreground. Failures
  ///   the device finds later (its limit on activities, undecodable data) leave the activity
  ///   `.dismissed`.
  public static func request(
    attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
    pushType: PushType? = nil
  ) throws -> Activity<Attributes> {
    try start(attributes: attributes, content: content, pushType: pushType, start: nil)
  }

  /// Starts a Live Activity with a presentation style (iOS 18). The style is accepted and not
  /// modelled: every activity behaves as `.standard`.
  public static func request(
    attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
    pushType: PushType? = nil, style: ActivityStyle
  ) throws -> Activity<Attributes> {
    try start(attributes: attributes, content: content, pushType: pushType, start: nil)
  }

  /// Schedules a Live Activity to start at `start` (iOS 26): until then it is `.pending` and
  /// not shown; at that date it becomes `.active` and its 8 hours begin (Rules.md §13.17). A
  /// date that has passed starts it at once. The alert configuration is accepted; the device
  /// does not show it (model).
  public static func request(
    attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
    pushType: PushType? = nil, style: ActivityStyle, alertConfiguration: AlertConfiguration,
    start: Date
  ) throws -> Activity<Attributes> {
    try Self.start(attributes: attributes, content: content, pushType: pushType, start: start)
  }

  private static func start(
    attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
    pushType: PushType?, start: Date?
  ) throws -> Activity<Attributes> {
    let center = ActivityCenter.current
    let encoder = JSONEncoder()
    guard let attributesData = try? encoder.encode(attributes),
      let state = try? encoder.encode(content.state)
    else { throw ActivityAuthorizationError.unsupportedTarget }
    let id = center.nextIdentifier()
    let request = ActivityStartRequest(
      id: id, type: typeName, attributes: attributesData,
      content: EncodedActivityContent(
        state: state, staleDate: content.staleDate, relevanceScore: content.relevanceScore),
      pushType: pushType, start: start, decodeAttributes: activityCoding(Attributes.self),
      decodeContentState: activityCoding(ContentState.self))
    try center.backend.start(request, hub: center.hub)
    let made = center.hub.object(id) {
      Activity(id: id, attributes: attributes, center: center, initial: content)
    }
    guard let made else { throw ActivityAuthorizationError.persistenceFailure }
    return made
  }

  /// Shows new content.
  public func update(_ content: ActivityContent<Activity<Attributes>.ContentState>) async {
    await send(content, alert: nil, timestamp: nil)
  }

  /// Shows new content, with an alert.
  public func update(
    _ content: ActivityContent<Activity<Attributes>.ContentState>,
    alertConfiguration: AlertConfiguration? = nil
  ) async {
    await send(content, alert: alertConfiguration, timestamp: nil)
  }

  /// Shows new content generated at `timestamp` (iOS 17.2), with an optional alert.
  ///
  /// The activity's pushes and in-app updates share one timeline: content older than the
  /// newest the activity shows (a push's `timestamp`, an earlier update's, or its start) is
  /// ignored, as iOS does (Rules.md §13.3, §13.16).
  public func update(
    _ content: ActivityContent<Activity<Attributes>.ContentState>,
    alertConfiguration: AlertConfiguration? = nil, timestamp: Date
  ) async {
    await send(content, alert: alertConfiguration, timestamp: timestamp)
  }

  /// Ends the activity, with final content (or `nil` to keep the current one).
  public func end(
    _ content: ActivityContent<Activity<Attributes>.ContentState>?,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {
    await finish(content, dismissalPolicy: dismissalPolicy, timestamp: nil)
  }

  /// Ends the activity with final content generated at `timestamp` (iOS 17.2): ignored when
  /// older than the content the activity shows (Rules.md §13.3, §13.16).
  public func end(
    _ content: ActivityContent<Activity<Attributes>.ContentState>?,
    dismissalPolicy: ActivityUIDismissalPolicy = .default, timestamp: Date
  ) async {
    await finish(content, dismissalPolicy: dismissalPolicy, timestamp: timestamp)
  }

  private func send(
    _ content: ActivityContent<ContentState>, alert: AlertConfiguration?, timestamp: Date?
  ) async {
    guard let encoded = Self.encode(content) else { return }
    await center.backend.update(
      id: id, content: encoded, alert: alert, timestamp: timestamp, hub: center.hub)
  }

  private func finish(
    _ content: ActivityContent<ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy,
    timestamp: Date?
  ) async {
    var encoded: EncodedActivityContent?
    if let content { encoded = Self.encode(content) }
    await center.backend.end(
      id: id, content: encoded, dismissal: dismissalPolicy, timestamp: timestamp,
      hub: center.hub)
  }

  // MARK: Helpers

  private static func encode(_ content: ActivityContent<ContentState>) -> EncodedActivityContent? {
    guard let state = try? JSONEncoder().encode(content.state) else { return nil }
    return EncodedActivityContent(
      state: state, staleDate: content.staleDate, relevanceScore: content.relevanceScore)
  }

  /// The record's content, decoded into the app's type (`nil` if it no longer decodes).
  static func content(_ record: ActivityRecord) -> ActivityContent<ContentState>? {
    guard let state = try? JSONDecoder().decode(ContentState.self, from: record.content) else {
      return nil
    }
    return ActivityContent(
      state: state, staleDate: record.staleDate, relevanceScore: record.relevanceScore)
  }

  /// The object for a record, decoding its attributes (activities started by push).
  private static func activity(for record: ActivityRecord, in center: ActivityCenter)
    -> Activity<Attributes>?
  {
    center.hub.object(record.id) { () -> Activity<Attributes>? in
      guard let attributes = try? JSONDecoder().decode(Attributes.self, from: record.attributes),
        let content = content(record)
      else { return nil }
      return Activity(id: record.id, attributes: attributes, center: center, initial: content)
    }
  }

}
