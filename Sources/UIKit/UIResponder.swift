public import Foundation

/// What can respond to events and restore a user activity (`UIResponder`): the class an app
/// delegate, a scene delegate and the views subclass.
///
/// Not `@MainActor` here, as Apple's is: the simulated device calls an app delegate on threads
/// of its own (Rules.md §9.9), and a main-actor class could not implement the nonisolated
/// `UIApplicationDelegate` of this package. Nothing sends it events.
open class UIResponder: NSObject, UIUserActivityRestoring {
  /// The activity the responder advertises (for Handoff); kept, never advertised.
  open var userActivity: NSUserActivity?

  /// Creates a responder.
  public override init() {
    super.init()
  }

  /// The next responder in the chain; `nil` (the chain is not modelled).
  open var next: UIResponder? { nil }

  /// Restores the state `userActivity` carries; override it (the default does nothing).
  open func restoreUserActivityState(_ userActivity: NSUserActivity) {}
}

/// An object that restores its state from a user activity (`UIUserActivityRestoring`), as the
/// objects an app hands to `application(_:continue:restorationHandler:)`'s handler.
public protocol UIUserActivityRestoring: NSObjectProtocol {
  /// Restores the state `userActivity` carries.
  func restoreUserActivityState(_ userActivity: NSUserActivity)
}

/// A user activity (`NSUserActivity`, Foundation's on Apple platforms, absent from Linux's
/// Foundation): its type, its data and its web page, kept as the app sets them. Nothing is
/// advertised, indexed or handed off.
open class NSUserActivity: NSObject {
  /// The activity's type (a reverse-DNS string the app declares, or
  /// ``NSUserActivityTypeBrowsingWeb``).
  open var activityType: String { storedType }
  /// The activity's data.
  open var userInfo: [AnyHashable: Any]?
  /// The activity's title, as the user sees it.
  open var title: String?
  /// The web page to open when the app is not installed.
  open var webpageURL: URL?
  /// The keys of ``userInfo`` the activity needs to be restored.
  open var requiredUserInfoKeys: Set<String>?
  /// Whether the activity may be handed off to another device.
  open var isEligibleForHandoff = true
  /// Whether the activity may be indexed for search.
  open var isEligibleForSearch = false
  /// Whether the activity may be suggested (iOS 12).
  open var isEligibleForPrediction = false
  /// The app's identifier for the activity (iOS 12).
  open var persistentIdentifier: String?
  /// Whether the activity is the current one (``becomeCurrent()``; for tests).
  package private(set) var isCurrent = false

  private let storedType: String

  /// Creates an activity of `activityType`.
  public init(activityType: String) {
    storedType = activityType
    super.init()
  }

  /// Adds `otherDictionary`'s entries to ``userInfo``.
  open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
    var info = userInfo ?? [:]
    for (key, value) in otherDictionary { info[key] = value }
    userInfo = info
  }

  /// Makes the activity the current one (nothing is advertised).
  open func becomeCurrent() { isCurrent = true }

  /// Stops the activity being the current one.
  open func resignCurrent() { isCurrent = false }

  /// Ends the activity.
  open func invalidate() { isCurrent = false }
}

/// The activity type of browsing a web page (`NSUserActivityTypeBrowsingWeb`): a universal
/// link opens the app with an activity of this type and its ``NSUserActivity/webpageURL``.
public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
