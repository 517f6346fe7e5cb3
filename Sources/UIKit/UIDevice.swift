public import Foundation

/// The device the app runs on (`UIDevice`): a simulated iPhone.
///
/// The values are fixed (Rules.md §9.9): `name` and `model` "iPhone", `systemName` "iOS",
/// `systemVersion` the newest iOS PushSim models, `identifierForVendor` one UUID for the whole
/// test process (the same for every app, as for apps of one vendor on one device).
open class UIDevice: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The device's name. Since iOS 16 apps get the model's name, not the user's ("iPhone").
  public let name = "iPhone"
  /// The device's model ("iPhone").
  public let model = "iPhone"
  /// The model's name in the user's language ("iPhone").
  public let localizedModel = "iPhone"
  /// The system's name ("iOS").
  public let systemName = "iOS"
  /// The system's version ("26.4").
  public let systemVersion = "26.4"
  /// The idiom of the interface (a phone).
  public let userInterfaceIdiom = UIUserInterfaceIdiom.phone
  /// An identifier shared by the apps of one vendor on this device.
  public let identifierForVendor: UUID? = UIDevice.vendor

  private static let vendor = UUID()

  override init() {
    super.init()
  }

  /// The device the app runs on.
  public static let current = UIDevice()
}

/// The kind of interface (`UIUserInterfaceIdiom`); raw values as UIKit's.
public enum UIUserInterfaceIdiom: Int, Sendable {
  /// Not known.
  case unspecified = -1
  /// An iPhone's.
  case phone = 0
  /// An iPad's.
  case pad = 1
  /// Apple TV's.
  case tv = 2
  /// CarPlay's.
  case carPlay = 3
  /// A Mac's (Mac Catalyst).
  case mac = 5
  /// Apple Vision Pro's.
  case vision = 6
}
