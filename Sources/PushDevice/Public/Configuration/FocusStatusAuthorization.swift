/// Whether the app may read the user's Focus status (`INFocusStatusAuthorizationStatus`,
/// iOS 15): the scenario's `app.focusStatusAuthorization` (Rules.md §16).
///
/// Raw values are the scenario spellings; ``statusCode`` is Apple's raw value.
public enum FocusStatusAuthorization: String, Sendable, Hashable, CaseIterable {
  /// The app has not asked: its first `requestAuthorization` asks the user.
  case notDetermined
  /// A restriction (Screen Time, a profile) prevents access; asking changes nothing.
  case restricted
  /// The user declined; asking again changes nothing, as on iOS.
  case denied
  /// The user allowed access: `focusStatus.isFocused` follows the device's Focus.
  case authorized

  /// `INFocusStatusAuthorizationStatus`'s raw value (Apple's header: 0 to 3).
  package var statusCode: Int {
    switch self {
    case .notDetermined: 0
    case .restricted: 1
    case .denied: 2
    case .authorized: 3
    }
  }

  /// The status after the app asks: the user allows a first request (model: the prompt's
  /// other answer is written as `denied` in the scenario); any other status stays.
  package var afterRequest: Self { self == .notDetermined ? .authorized : self }
}
