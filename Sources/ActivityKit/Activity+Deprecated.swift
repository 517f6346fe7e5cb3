import Foundation

// ActivityKit's iOS 16.1 API, deprecated in iOS 16.2 and still in Apple's SDK: OneSignal's SDK
// and flutter_live_activities call it. Each form has Apple's signature and availability, and
// maps onto the ActivityContent API: the content state alone is `ActivityContent(state:
// staleDate: nil)` (relevance 0), as iOS 16.1 had neither. The attributes name iOS only, so on
// Linux they neither warn nor fail a build with warnings as errors; on iOS the same calls warn
// with Apple's messages.

extension Activity {
  /// `contentStateUpdates` (Apple's `Activity.ContentStateUpdates`, iOS 16.1): the content
  /// state alone.
  @available(iOS, introduced: 16.1, deprecated: 16.2, message: "Use `ContentUpdates` instead")
  public typealias ContentStateUpdates = ActivityUpdateSequence<ContentState>

  /// Starts a Live Activity with a content state (iOS 16.1): `request(attributes:content:
  /// pushType:)` with `ActivityContent(state: contentState, staleDate: nil)`.
  ///
  /// - Throws: ``ActivityAuthorizationError``, as `request(attributes:content:pushType:)`.
  @available(
    iOS, introduced: 16.1, deprecated: 16.2,
    message: "Use request(attributes:content:pushType:) instead"
  )
  public static func request(
    attributes: Attributes, contentState: Activity<Attributes>.ContentState,
    pushType: PushType? = nil
  ) throws -> Activity<Attributes> {
    try request(
      attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil),
      pushType: pushType)
  }

  /// Its current content state (iOS 16.1): `content.state`.
  @available(iOS, introduced: 16.1, deprecated: 16.2, message: "Use content instead")
  public var contentState: Activity<Attributes>.ContentState { content.state }

  /// Its content state, each time it changes (iOS 16.1): `contentUpdates`, state only.
  @available(iOS, introduced: 16.1, deprecated: 16.2, message: "Use contentUpdates instead")
  public var contentStateUpdates: Activity<Attributes>.ContentStateUpdates {
    let id = id
    return ContentStateUpdates(
      changesOf: center.hub, current: { $0.records[id].map { ($0.content, nil) } }
    ) { change in
      guard case .activity(let record) = change, record.id == id else { return nil }
      return (record.content, Self.content(record)?.state)
    }
  }

  /// Shows a new content state (iOS 16.1): `update(_:)` with no stale date.
  @available(iOS, introduced: 16.1, deprecated: 16.2, message: "Use update(_:) instead")
  public func update(using contentState: Activity<Attributes>.ContentState) async {
    await update(ActivityContent(state: contentState, staleDate: nil))
  }

  /// Shows a new content state, with an alert (iOS 16.1): `update(_:alertConfiguration:)`
  /// with no stale date.
  @available(
    iOS, introduced: 16.1, deprecated: 16.2,
    message: "Use update(_:alertConfiguration:) instead"
  )
  public func update(
    using contentState: Activity<Attributes>.ContentState,
    alertConfiguration: AlertConfiguration? = nil
  ) async {
    await update(
      ActivityContent(state: contentState, staleDate: nil),
      alertConfiguration: alertConfiguration)
  }

  /// Ends the activity with a final content state, or `nil` to keep the current one (iOS
  /// 16.1): `end(_:dismissalPolicy:)`.
  ///
  /// Its content state defaults to `nil`, so `end(dismissalPolicy: .immediate)` (and `end()`)
  /// resolve to this form, as on iOS, where `end(_:dismissalPolicy:)` has no default content.
  /// Apple's message names `end(content:dismissalPolicy:)`, a label the method never had.
  @available(
    iOS, introduced: 16.1, deprecated: 16.2,
    message: "Use end(content:dismissalPolicy:) instead"
  )
  public func end(
    using contentState: Activity<Attributes>.ContentState? = nil,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {
    await end(
      contentState.map { ActivityContent(state: $0, staleDate: nil) },
      dismissalPolicy: dismissalPolicy)
  }
}
