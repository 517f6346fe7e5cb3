extension EventKind {
  /// PushKit handed a VoIP push to the app (`didReceiveIncomingPushWith`; Rules.md §14).
  public static let pushKitVoIP: Self = "pushkit.voip"
  /// The app reported the VoIP push as an incoming call to CallKit: the call screen shows.
  public static let callKitIncoming: Self = "callkit.incoming"
  /// PushKit handed the app's hosted code its token for a push type (`didUpdate`).
  public static let pushKitToken: Self = "pushkit.token"
  /// The app's hosted PushKit delegate called (or never called) its completion for a VoIP
  /// push; `reported` says whether a call was reported before it.
  public static let pushKitCompleted: Self = "pushkit.completed"
  /// CallKit refused a call the app reported (`callUUIDAlreadyExists`, or `unknown` when the
  /// provider's `maximumCallGroups` calls are going: Rules.md §14).
  public static let callKitRefused: Self = "callkit.refused"
  /// The app reported that a call ended (`reportCall(with:endedAt:reason:)`).
  public static let callKitEnded: Self = "callkit.ended"
  /// The app started an outgoing call or acted on a call through `CXCallController`
  /// (`action`: `start`, `answer`, `end`, `setHeld` or `setMuted`; Rules.md §14): CallKit hands
  /// the action to the provider's delegate.
  public static let callKitAction: Self = "callkit.action"
  /// CallKit refused a transaction the app requested (`error`: the
  /// `CXErrorCodeRequestTransactionError` code).
  public static let callKitTransactionRefused: Self = "callkit.transactionRefused"
  /// The app reported an outgoing call's progress (`reportOutgoingCall`: `stage` is
  /// `connecting` or `connected`).
  public static let callKitOutgoing: Self = "callkit.outgoing"
  /// The app's service extension handed a VoIP push's payload to CallKit
  /// (`reportNewIncomingVoIPPushPayload`, iOS 14.5): PushKit delivers it to the app as a VoIP
  /// push.
  public static let callKitVoIPPayload: Self = "callkit.voipPayload"
  /// CallKit refused a VoIP payload the app's service extension handed over (`error`: the
  /// `CXErrorCodeNotificationServiceExtensionError` code).
  public static let callKitVoIPPayloadRefused: Self = "callkit.voipPayloadRefused"
  /// The app did not report a VoIP push to CallKit: iOS terminated it.
  public static let voipTerminated: Self = "voip.terminated"
  /// The Location Push Service Extension ran for a `location` push.
  public static let locationExtension: Self = "location.extension"
  /// A Push to Talk push reached the app's `incomingPushResult`.
  public static let pttIncoming: Self = "ptt.incoming"
  /// A Push to Talk service-update push (`"ptt-push-type": "service-update"`, iOS 17.2)
  /// reached the app's `incomingServiceUpdatePush` (Rules.md §14).
  public static let pttServiceUpdate: Self = "ptt.serviceUpdate"
  /// The system signalled the File Provider enumerator of a container.
  public static let fileProviderSignal: Self = "fileprovider.signal"
  /// WidgetKit reloaded the app's widget timelines for a `widgets` push.
  public static let widgetsReload: Self = "widgets.reload"
  /// WidgetKit reloaded the control that owns the token of a `controls` push.
  public static let controlsReload: Self = "controls.reload"
  /// The device's management client checked in with the MDM server.
  public static let mdmCheckIn: Self = "mdm.checkin"
}
