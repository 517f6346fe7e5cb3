public import Foundation

/// How a caller is reached (`CXHandle`): a phone number, an email address or anything else.
open class CXHandle: NSObject, @unchecked Sendable {
  /// The kind of a handle's value (raw values as Apple's header).
  public enum HandleType: Int, Sendable {
    /// Anything else: a user name, a numeric id, a URL.
    case generic = 1
    /// A sequence of digits.
    case phoneNumber = 2
    /// An email address.
    case emailAddress = 3
  }

  /// The kind of ``value``.
  public let type: HandleType
  /// The handle itself.
  public let value: String

  /// Creates a handle.
  public init(type: HandleType, value: String) {
    self.type = type
    self.value = value
  }

  /// Handles are equal when type and value are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CXHandle else { return false }
    return type == other.type && value == other.value
  }

  /// A hash that agrees with ``isEqual(_:)``.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(type)
    hasher.combine(value)
    return hasher.finalize()
  }
}

/// New or changed information about a call (`CXCallUpdate`); properties left unset keep their
/// previous values. For an incoming call, set at least the caller.
open class CXCallUpdate: NSObject, @unchecked Sendable {
  /// The caller of an incoming call.
  open var remoteHandle: CXHandle?
  /// The name to show; without it the system derives one (from contacts).
  open var localizedCallerName: String?
  /// Whether the call can be held. Default `false`.
  open var supportsHolding = false
  /// Whether the call can be grouped with others. Default `false`.
  open var supportsGrouping = false
  /// Whether the call can be taken out of a group. Default `false`.
  open var supportsUngrouping = false
  /// Whether the call can play DTMF tones. Default `false`.
  open var supportsDTMF = false
  /// Whether the call has video. Default `false`.
  open var hasVideo = false

  /// Creates an empty update.
  public override init() {
    super.init()
  }
}

/// Why a call ended (`CXCallEndedReason`, raw values as Apple's header).
public enum CXCallEndedReason: Int, Sendable {
  /// An error ended it.
  case failed = 1
  /// The other party hung up.
  case remoteEnded = 2
  /// Nobody answered.
  case unanswered = 3
  /// Answered on another device.
  case answeredElsewhere = 4
  /// Declined on another device.
  case declinedElsewhere = 5
}

/// Why the system refused an incoming call (`CXErrorCodeIncomingCallError`, domain
/// `com.apple.CallKit.error.incomingcall`); a report that fails hands one to its completion.
public struct CXErrorCodeIncomingCallError: Error, Hashable, Sendable, CustomNSError {
  /// The codes (raw values as Apple's header).
  public enum Code: Int, Sendable {
    /// An unknown error.
    case unknown = 0
    /// The app isn't entitled to receive incoming calls.
    case unentitled = 1
    /// A call with this UUID already exists.
    case callUUIDAlreadyExists = 2
    /// Do Not Disturb is on and the caller is not a VIP.
    case filteredByDoNotDisturb = 3
    /// The user blocked the caller.
    case filteredByBlockList = 4
    /// Restricted sharing mode filtered the call.
    case filteredDuringRestrictedSharingMode = 5
    /// The call is protected.
    case callIsProtected = 6
    /// Sensitive participants filtered the call.
    case filteredBySensitiveParticipants = 7
  }

  /// The error domain, `com.apple.CallKit.error.incomingcall`.
  public static let errorDomain = "com.apple.CallKit.error.incomingcall"

  /// The code.
  public let code: Code

  /// Creates the error of `code`.
  public init(_ code: Code) {
    self.code = code
  }

  /// The code's raw value (`(error as NSError).code`).
  public var errorCode: Int { code.rawValue }

  /// An unknown error.
  public static var unknown: Code { .unknown }
  /// The app isn't entitled to receive incoming calls.
  public static var unentitled: Code { .unentitled }
  /// A call with this UUID already exists.
  public static var callUUIDAlreadyExists: Code { .callUUIDAlreadyExists }
  /// Do Not Disturb filtered the call.
  public static var filteredByDoNotDisturb: Code { .filteredByDoNotDisturb }
  /// The block list filtered the call.
  public static var filteredByBlockList: Code { .filteredByBlockList }
}
