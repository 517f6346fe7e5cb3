public import Foundation

/// How the app's calls look and behave in the system's call UI (`CXProviderConfiguration`).
open class CXProviderConfiguration: NSObject, @unchecked Sendable {
  /// The app's name on the call UI (iOS 10–14; `init()` takes it from the bundle).
  @available(iOS, introduced: 10.0, deprecated: 14.0)
  open var localizedName: String?
  /// A sound in the app's bundle to ring with.
  open var ringtoneSound: String?
  /// A PNG icon (template image) for the call UI.
  open var iconTemplateImageData: Data?
  /// How many call groups at once. Default `2`. Each incoming call is a group of its own, so
  /// this many calls can ring or go on at once; a report beyond them fails with
  /// `CXErrorCodeIncomingCallError.Code.unknown` (a value below 1 counts as 1, Rules.md §14).
  open var maximumCallGroups = 2
  /// How many calls in one group. Default `5`. Merging calls into a group is not modelled, so
  /// no report reaches this limit.
  open var maximumCallsPerCallGroup = 5
  /// Whether calls appear in the Phone app's Recents (iOS 11+). Default `true`.
  open var includesCallsInRecents = true
  /// Whether calls can have video. Default `false`.
  open var supportsVideo = false
  /// The handle kinds the app's calls use. Default empty (Apple does not document one).
  open var supportedHandleTypes: Set<CXHandle.HandleType> = []

  /// Creates the default configuration (iOS 14+).
  public override init() {
    super.init()
  }

  /// Creates a configuration with the app's name (iOS 10–14).
  @available(iOS, introduced: 10.0, deprecated: 14.0)
  public init(localizedName: String) {
    super.init()
    self.localizedName = localizedName
  }
}
