public import Foundation
internal import UserNotifications

/// The user's Focus status and the app's access to it (`INFocusStatusCenter`, iOS 15): a
/// messaging app reads it to tell a sender that the user has notifications silenced.
///
/// On a simulated device (PushSimAppHost) the status is the device's: `isFocused` is `true`
/// while its `focus` is on, `false` otherwise, once the app is authorized, and `nil` before.
/// The app's access starts as the scenario's `app.focusStatusAuthorization` (default
/// `notDetermined`); the user allows a first request, and a `denied` or `restricted` access
/// stays so. Outside a device the app may be authorized, but no Focus can be told:
/// `isFocused` is `nil` (Rules.md §16).
open class INFocusStatusCenter: NSObject, @unchecked Sendable {
  // @unchecked: no stored state; each answer is read from the calling code's device.

  /// The center of the app's process.
  open class var `default`: INFocusStatusCenter { shared }

  private static let shared = INFocusStatusCenter()

  override init() {
    super.init()
  }

  /// The user's Focus status: `isFocused` is `nil` until the app is authorized (and outside a
  /// device).
  open var focusStatus: INFocusStatus {
    let center = UNUserNotificationCenter.current()
    guard authorizationStatus == .authorized else { return INFocusStatus(isFocused: nil) }
    return INFocusStatus(isFocused: center.backend.isFocused)
  }

  /// Whether the app may read the user's Focus status.
  open var authorizationStatus: INFocusStatusAuthorizationStatus {
    let center = UNUserNotificationCenter.current()
    let raw = center.backend.focusStatusAuthorization ?? center.focusStatusAuthorization.read { $0 }
    return INFocusStatusAuthorizationStatus(rawValue: raw) ?? .notDetermined
  }

  /// Asks the user for access to their Focus status (once; later calls answer as the first
  /// did). `completionHandler` runs on another thread, in the caller's process.
  open func requestAuthorization(
    completionHandler: (@Sendable (INFocusStatusAuthorizationStatus) -> Void)? = nil
  ) {
    let center = UNUserNotificationCenter.current()
    let raw =
      center.backend.requestFocusStatusAuthorization()
      ?? center.focusStatusAuthorization.write { raw -> Int in
        if raw == INFocusStatusAuthorizationStatus.notDetermined.rawValue {
          raw = INFocusStatusAuthorizationStatus.authorized.rawValue
        }
        return raw
      }
    let status = INFocusStatusAuthorizationStatus(rawValue: raw) ?? .notDetermined
    guard let completionHandler else { return }
    DispatchQueue.global().async { completionHandler(status) }
  }

  /// Asks the user for access to their Focus status and returns the answer.
  open func requestAuthorization() async -> INFocusStatusAuthorizationStatus {
    await withCheckedContinuation { continuation in
      requestAuthorization { continuation.resume(returning: $0) }
    }
  }
}

/// The user's Focus status (`INFocusStatus`, iOS 15).
open class INFocusStatus: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// Whether a Focus is on; `nil` when the system cannot tell (the app is not authorized).
  public let isFocused: Bool?

  /// Creates a status.
  public init(isFocused: Bool? = nil) {
    self.isFocused = isFocused
    super.init()
  }
}

/// Whether the app may read the user's Focus status (`INFocusStatusAuthorizationStatus`, raw
/// values as Apple's header).
public enum INFocusStatusAuthorizationStatus: Int, Sendable {
  /// The user has not been asked.
  case notDetermined = 0
  /// A restriction prevents access.
  case restricted = 1
  /// The user denied access.
  case denied = 2
  /// The user allowed access.
  case authorized = 3
}
