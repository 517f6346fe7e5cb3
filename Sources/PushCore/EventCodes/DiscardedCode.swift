/// Why a push was not handed to the app: the `code` of a `discarded` event. A background push
/// (Rules.md §6), or the receiver of a push type that never shows a notification (Rules.md §14).
public struct DiscardedCode: EventCode {
  /// The kebab-case name, as printed.
  public let rawValue: String
  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim logs.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `discarded`.
  public static var kind: EventKind { .discarded }

  /// The user force-quit the app: background pushes are discarded until it is opened.
  public static let forceQuit = Self(rawValue: "force-quit")
  /// The app lacks the `remote-notification` background mode.
  public static let noBackgroundMode = Self(rawValue: "no-background-mode")
  /// The payload could not be read on the device (model: APNs accepts only JSON objects).
  public static let payloadUnreadable = Self(rawValue: "payload-unreadable")
  /// The app failed to report too many VoIP pushes to CallKit: iOS no longer delivers them.
  public static let voipNotReported = Self(rawValue: "voip-not-reported")
  /// A `location` push without Always location authorization.
  public static let locationNotAuthorized = Self(rawValue: "location-not-authorized")
  /// A `location` push to an app without a Location Push Service Extension.
  public static let noLocationExtension = Self(rawValue: "no-location-extension")
  /// A `location` push over the daily budget.
  public static let locationBudget = Self(rawValue: "location-budget")
  /// A Push to Talk push while the user is in no channel.
  public static let pttNotJoined = Self(rawValue: "ptt-not-joined")
  /// A `fileprovider` push for a container other than the working set of a replicated
  /// extension.
  public static let fileProviderNotWorkingSet = Self(rawValue: "fileprovider-not-working-set")
  /// A push type that never reaches an iPhone (`complication`).
  public static let notForIPhone = Self(rawValue: "not-for-iphone")
  /// APNs stored the push while the device was offline, and the app was removed meanwhile.
  public static let appRemoved = Self(rawValue: "app-removed")
  /// The device's iOS predates the push type.
  public static let iosVersion = Self(rawValue: "ios-version")

  /// Every code, in the order of Codes.md.
  public static let all: [Self] = [
    .forceQuit, .noBackgroundMode, .payloadUnreadable, .voipNotReported, .locationNotAuthorized,
    .noLocationExtension, .locationBudget,
    .pttNotJoined, .fileProviderNotWorkingSet, .notForIPhone, .iosVersion, .appRemoved,
  ]
}
