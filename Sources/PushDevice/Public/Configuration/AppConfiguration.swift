public import Foundation

/// The app on the device: identity, strings, state, permissions, settings and categories.
///
/// Mirrors the scenario file's `app` section field by field, with the same defaults
/// (ScenarioFormat.md, "app"); scenario files decode into this type. Plain value: build one in
/// code, change it with ``Device/setApp(_:)`` mid-run.
public struct AppConfiguration: Sendable, Equatable {
  /// The bundle identifier, also the `apns-topic` base (Behavior.md §2.3). Default
  /// `com.example.app`.
  public var bundleId: String
  /// The display name shown with hidden previews (Rules.md §5 step 8); `nil` means
  /// the last part of ``bundleId``.
  public var name: String?
  /// The strings folder (`<lang>.lproj/`, `.xcstrings`); the scenario layer resolves the
  /// default ("the nearest `Strings` folder"). The device reads tables only through the
  /// ``PushLocalization`` bundle it is given.
  public var strings: URL?
  /// The fallback localization (Rules.md §3). Default `en`.
  public var developmentRegion: String
  /// Foreground, background, not running or force-quit (Behavior.md §7.1, §8). Default background.
  public var state: AppState
  /// The user's answer to the permission prompt (Behavior.md §7.3). Default authorized with alert,
  /// sound and badge.
  public var authorization: NotificationAuthorization
  /// Capabilities such as time-sensitive and critical alerts (Behavior.md §5.1). Default none.
  public var entitlements: Set<Entitlement>
  /// Per-app user settings: grouping, previews, time-sensitive (Behavior.md §4, §5.1).
  public var settings: AppNotificationSettings
  /// Background modes; `remote-notification` lets background pushes wake the app (Behavior.md
  /// §7.1).
  public var backgroundModes: Set<BackgroundMode>
  /// Sound files the app ships; `nil` means any named sound plays (Rules.md §5 step 6).
  public var sounds: [String]?
  /// What `willPresent` answers while the app is in the foreground (Behavior.md §7.2). Default
  /// none.
  public var foregroundPresentation: Set<PresentationOption>
  /// Registered notification categories (Behavior.md §8).
  public var categories: [NotificationCategory]
  /// The app's notification service extension, if it has one (Behavior.md §6, Rules.md §7).
  public var serviceExtension: ServiceExtensionConfiguration?
  /// Where the built-in media extension's `manifest` fetches come from (scenario `media`).
  public var media: MediaManifest
  /// App Transport Security settings for media downloads (scenario `ats`, Rules.md §7).
  public var ats: ATSSettings
  /// The app's routes: where a response takes it (Rules.md §8). Used when the device
  /// is given no custom ``Router``.
  public var routes: [RouteConfiguration]
  /// Live Activities: Info.plist keys, the user's switches and the activity types (Rules.md §13).
  public var liveActivities = LiveActivityConfiguration()
  /// How the app takes VoIP, location, Push to Talk and File Provider pushes (Rules.md §14).
  public var pushTypes = PushTypeConfiguration()
  /// The app groups the app and its extensions belong to (the
  /// `com.apple.security.application-groups` entitlement, identifiers such as
  /// `group.com.example.chat`; Rules.md §17). The app's own code gets a container and shared
  /// defaults for these only: `containerURL(forSecurityApplicationGroupIdentifier:)` answers
  /// `nil` for any other, as on iOS. Default none.
  public var appGroups: [String] = []
  /// The app's `NSUserActivityTypes` (Info.plist): the intent classes it declares it handles,
  /// such as `INSendMessageIntent` and `INStartCallIntent`. `nil` (the default) when the
  /// scenario does not say: communication notifications are then not checked against it. When
  /// set, content updated from an intent the list lacks shows as a plain notification
  /// (Rules.md §16).
  public var userActivityTypes: [String]? = nil
  /// The app's access to the user's Focus status (`INFocusStatusCenter`), before its code asks
  /// (Rules.md §16). Default `notDetermined`.
  public var focusStatusAuthorization = FocusStatusAuthorization.notDetermined

  /// Creates an app; every argument defaults to the scenario format's default.
  public init(
    bundleId: String = "com.example.app",
    name: String? = nil,
    strings: URL? = nil,
    developmentRegion: String = "en",
    state: AppState = .background,
    authorization: NotificationAuthorization = NotificationAuthorization(),
    entitlements: Set<Entitlement> = [],
    settings: AppNotificationSettings = AppNotificationSettings(),
    backgroundModes: Set<BackgroundMode> = [],
    sounds: [String]? = nil,
    foregroundPresentation: Set<PresentationOption> = [],
    categories: [NotificationCategory] = [],
    serviceExtension: ServiceExtensionConfiguration? = nil,
    media: MediaManifest = MediaManifest(),
    ats: ATSSettings = ATSSettings(),
    routes: [RouteConfiguration] = []
  ) {
    self.bundleId = bundleId
    self.name = name
    self.strings = strings
    self.developmentRegion = developmentRegion
    self.state = state
    self.authorization = authorization
    self.entitlements = entitlements
    self.settings = settings
    self.backgroundModes = backgroundModes
    self.sounds = sounds
    self.foregroundPresentation = foregroundPresentation
    self.categories = categories
    self.serviceExtension = serviceExtension
    self.media = media
    self.ats = ats
    self.routes = routes
  }

  /// The name shown for the app: ``name``, else the last dot-separated part of ``bundleId``.
  package var displayName: String {
    if let name, !name.isEmpty { return name }
    return bundleId.split(separator: ".").last.map(String.init) ?? bundleId
  }

  /// The registered category with this identifier, if any (Behavior.md §8: unknown categories show
  /// no actions).
  package func category(_ identifier: String) -> NotificationCategory? {
    categories.last { $0.id == identifier }
  }
}
