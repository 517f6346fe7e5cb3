import Foundation

// Apple's `ActivityAuthorizationError` is a `LocalizedError` and a `CustomNSError` (iOS 16.1)
// and declares `failureReason`, `recoverySuggestion`, `errorCode` and `errorDomain`;
// `errorDescription`, `helpAnchor` and `errorUserInfo` are the protocols' defaults (`nil`,
// `nil`, empty), on iOS as here. Apple does not publish its texts or codes: the texts below
// are PushSim's, the codes follow the order Apple documents the cases in, and the domain
// follows ActivityKit's other error domains (`com.apple.ActivityKit.ActivityInput`).

extension ActivityAuthorizationError: LocalizedError {
  /// What went wrong, in words.
  public var failureReason: String? {
    switch self {
    case .attributesTooLarge:
      "The Live Activity's attributes and content exceed the maximum size of 4 KB."
    case .denied: "Live Activities are turned off for the app in Settings."
    case .globalMaximumExceeded:
      "The device reached the maximum number of ongoing Live Activities."
    case .malformedActivityIdentifier: "The activity identifier is malformed."
    case .missingProcessIdentifier: "The process that started the activity has no identifier."
    case .persistenceFailure: "The system could not store the Live Activity."
    case .reconnectNotPermitted:
      "The process that tried to recreate the Live Activity did not create it."
    case .targetMaximumExceeded:
      "The app already runs the maximum number of concurrent Live Activities."
    case .unentitled: "The app lacks the entitlement to start Live Activities."
    case .unsupported: "The device does not support Live Activities."
    case .unsupportedTarget: "The app does not support Live Activities."
    case .visibility: "The app tried to start the Live Activity while in the background."
    }
  }

  /// How to recover, in words.
  public var recoverySuggestion: String? {
    switch self {
    case .attributesTooLarge: "Send smaller attributes and content."
    case .denied: "Turn Live Activities on for the app in Settings."
    case .globalMaximumExceeded, .targetMaximumExceeded:
      "End a Live Activity before starting another."
    case .malformedActivityIdentifier: "Use the identifier of an existing activity."
    case .missingProcessIdentifier, .persistenceFailure: "Try again later."
    case .reconnectNotPermitted: "Reconnect from the process that started the activity."
    case .unentitled, .unsupportedTarget:
      "Add NSSupportsLiveActivities to the app's Info.plist."
    case .unsupported: "Use a device that supports Live Activities."
    case .visibility: "Start the Live Activity while the app is in the foreground."
    }
  }
}

extension ActivityAuthorizationError: CustomNSError {
  /// The domain of ActivityKit's authorization errors.
  public static var errorDomain: String { "com.apple.ActivityKit.ActivityAuthorizationError" }

  /// The case's position in Apple's documented order, from 0 (`.attributesTooLarge`) to 11
  /// (`.visibility`).
  public var errorCode: Int {
    switch self {
    case .attributesTooLarge: 0
    case .denied: 1
    case .globalMaximumExceeded: 2
    case .malformedActivityIdentifier: 3
    case .missingProcessIdentifier: 4
    case .persistenceFailure: 5
    case .reconnectNotPermitted: 6
    case .targetMaximumExceeded: 7
    case .unentitled: 8
    case .unsupported: 9
    case .unsupportedTarget: 10
    case .visibility: 11
    }
  }
}
