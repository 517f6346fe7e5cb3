/// The error domain of UserNotifications errors (`UNErrorDomain`).
public let UNErrorDomain = "UNErrorDomain"

/// A UserNotifications error, as Swift sees Apple's `UNErrorDomain` errors.
///
/// Like Apple's, it is a struct over a ``Code`` enum with the framework's raw values (Behavior.md
/// §6.3), and it bridges to an `NSError` in ``UNErrorDomain``: `catch let error as UNError` and
/// `(error as NSError).code == UNError.Code.attachmentInvalidURL.rawValue` both work, as on iOS.
///
/// It is `@unchecked Sendable` because its user info is an immutable `[String: Any]`, as every
/// bridged `NSError` is.
public struct UNError: CustomNSError, Hashable, @unchecked Sendable {
  /// The codes of `UNErrorDomain`, with Apple's raw values.
  public enum Code: Int, Sendable, Hashable, CaseIterable {
    /// The app is not authorized to post notifications (1).
    case notificationsNotAllowed = 1
    /// An attachment's URL is not a readable local file (100).
    case attachmentInvalidURL = 100
    /// An attachment's type is not a supported image, audio or movie type (101).
    case attachmentUnrecognizedType = 101
    /// An attachment is empty or over the size limit for its kind (102).
    case attachmentInvalidFileSize = 102
    /// An attachment is not in the system's attachment store (103).
    case attachmentNotInDataStore = 103
    /// An attachment could not be moved into the system's attachment store (104).
    case attachmentMoveIntoDataStoreFailed = 104
    /// An attachment's bytes are not of its type (105).
    case attachmentCorrupt = 105
    /// A calendar trigger's date components never match a date (1400).
    case notificationInvalidNoDate = 1400
    /// A request has no content to show (1401).
    case notificationInvalidNoContent = 1401
    /// A content-providing object is not allowed (1500).
    case contentProvidingObjectNotAllowed = 1500
    /// A content-providing object is invalid (1501).
    case contentProvidingInvalid = 1501
    /// The badge count given to `setBadgeCount` is invalid. Apple does not document the raw
    /// value; 1600 follows the framework's numbering by area (`source: model`).
    case badgeInputInvalid = 1600
  }

  /// The error's code.
  public let code: Code
  /// The `NSError` user info (`NSLocalizedDescriptionKey` holds the reason).
  public let errorUserInfo: [String: Any]

  /// Creates an error with a code and optional user info, as Apple's `UNError(_:userInfo:)`.
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    self.errorUserInfo = userInfo
  }

  /// ``UNErrorDomain``.
  public static var errorDomain: String { UNErrorDomain }

  /// The code's raw value.
  public var errorCode: Int { code.rawValue }

  /// Errors are equal when their codes are.
  public static func == (lhs: UNError, rhs: UNError) -> Bool { lhs.code == rhs.code }

  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// `UNError.Code.notificationsNotAllowed`.
  public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
  /// `UNError.Code.attachmentInvalidURL`.
  public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
  /// `UNError.Code.attachmentUnrecognizedType`.
  public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
  /// `UNError.Code.attachmentInvalidFileSize`.
  public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
  /// `UNError.Code.attachmentNotInDataStore`.
  public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
  /// `UNError.Code.attachmentMoveIntoDataStoreFailed`.
  public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
  /// `UNError.Code.attachmentCorrupt`.
  public static var attachmentCorrupt: Code { .attachmentCorrupt }
  /// `UNError.Code.notificationInvalidNoDate`.
  public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
  /// `UNError.Code.notificationInvalidNoContent`.
  public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }

  /// An error whose `localizedDescription` is `reason`.
  static func make(_ code: Code, _ reason: String) -> UNError {
    UNError(code, userInfo: [NSLocalizedDescriptionKey: reason])
  }
}

/// Matches a thrown error against a `UNError` code, so `catch UNError.attachmentCorrupt` works as
/// with Apple's framework (an `NSError` in ``UNErrorDomain`` with that code matches too).
public func ~= (code: UNError.Code, error: any Error) -> Bool {
  if let error = error as? UNError { return error.code == code }
  let bridged = error as NSError
  return bridged.domain == UNErrorDomain && bridged.code == code.rawValue
}
