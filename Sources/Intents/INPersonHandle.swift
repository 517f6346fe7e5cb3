/// How a person is reached: an address, a phone number, or the app's own account name
/// (`INPersonHandle`).
///
/// Its ``value`` is what a Focus's Allowed People entry names (Rules.md §16).
open class INPersonHandle: NSObject, NSCopying {
  /// The handle, readable by the user (`ana@example.com`, `+34 600 000 000`).
  public let value: String?
  /// What kind of handle ``value`` is.
  public let type: INPersonHandleType
  /// Which of the person's handles it is (home, work, …), if given (iOS 10.2).
  public let label: INPersonHandleLabel?

  /// A handle with a label (iOS 10.2).
  public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
    self.value = value
    self.type = type
    self.label = label
    super.init()
  }

  /// A handle without a label.
  public convenience init(value: String?, type: INPersonHandleType) {
    self.init(value: value, type: type, label: nil)
  }

  /// Handles are immutable: a copy is the handle itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the value, type and label are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? INPersonHandle else { return false }
    return value == other.value && type == other.type && label == other.label
  }

  /// A hash of the value and type.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(value)
    hasher.combine(type)
    return hasher.finalize()
  }
}

/// What kind of handle an ``INPersonHandle`` holds (`INPersonHandleType`).
public enum INPersonHandleType: Int, Sendable, Hashable {
  /// A handle unique to the app (an account name).
  case unknown = 0
  /// An email address.
  case emailAddress = 1
  /// A phone number.
  case phoneNumber = 2
}

/// Which of a person's handles one is (`INPersonHandleLabel`, iOS 10.2): the Contacts labels.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
  /// The Contacts label (`_$!<Home>!$_`).
  public var rawValue: String
  /// A label from its Contacts string.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A label from its Contacts string.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Home.
  public static let home = INPersonHandleLabel("_$!<Home>!$_")
  /// Work.
  public static let work = INPersonHandleLabel("_$!<Work>!$_")
  /// iPhone.
  public static let iPhone = INPersonHandleLabel("iPhone")
  /// Mobile.
  public static let mobile = INPersonHandleLabel("_$!<Mobile>!$_")
  /// Main.
  public static let main = INPersonHandleLabel("_$!<Main>!$_")
  /// Home fax.
  public static let homeFax = INPersonHandleLabel("_$!<HomeFAX>!$_")
  /// Work fax.
  public static let workFax = INPersonHandleLabel("_$!<WorkFAX>!$_")
  /// Pager.
  public static let pager = INPersonHandleLabel("_$!<Pager>!$_")
  /// Other.
  public static let other = INPersonHandleLabel("_$!<Other>!$_")
  /// School.
  public static let school = INPersonHandleLabel("_$!<School>!$_")
}
