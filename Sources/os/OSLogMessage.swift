public import Foundation

/// The message of a `Logger` call or of `os_log(_:dso:log:type:)` with interpolation: a string
/// literal whose interpolated values take `privacy:`, `format:` and `align:` options.
///
/// ```swift
/// logger.info("Downloaded \(bytes) bytes for \(messageID, privacy: .public)")
/// ```
///
/// Rendered twice: in full (``text``), as Xcode's console shows it while debugging, and as the
/// device's log keeps it (``redacted``), each value redacted by its `privacy` as Apple's
/// unified logging does (Rules.md §9.11).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
  /// The text with every value in full.
  package let text: String
  /// The text as the device's log keeps it: private values as `<private>`.
  package let redacted: String

  /// Creates a message from a literal.
  public init(stringLiteral value: String) {
    text = value
    redacted = value
  }

  /// Creates a message from an interpolated literal.
  public init(stringInterpolation: OSLogInterpolation) {
    text = stringInterpolation.text
    redacted = stringInterpolation.redacted
  }
}

/// The interpolation of an ``OSLogMessage``: Apple's overloads for strings, objects, integers,
/// floating-point numbers, Booleans, metatypes, errors and `CustomStringConvertible` values.
///
/// As with Apple's SDK, an optional is not accepted as is: interpolate `String(describing:)` of
/// it.
public struct OSLogInterpolation: StringInterpolationProtocol {
  /// The text so far, every value in full.
  package var text = ""
  /// The text so far, as the device's log keeps it.
  package var redacted = ""

  /// Creates an empty interpolation.
  public init(literalCapacity: Int, interpolationCount: Int) {
    text.reserveCapacity(literalCapacity + 8 * interpolationCount)
    redacted.reserveCapacity(literalCapacity + 8 * interpolationCount)
  }

  /// Appends literal text.
  public mutating func appendLiteral(_ literal: String) {
    text += literal
    redacted += literal
  }

  /// Appends a value: in full to ``text``, and to ``redacted`` as `privacy` lets the log keep
  /// it (`scalar`: a number or a Boolean, which `.auto` keeps).
  private mutating func append(_ value: String, privacy: OSLogPrivacy, scalar: Bool) {
    text += value
    redacted += privacy.kept(value, scalar: scalar)
  }

  /// Appends a string.
  public mutating func appendInterpolation(
    _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
    privacy: OSLogPrivacy = .auto
  ) {
    append(align.aligned(argumentString()), privacy: privacy, scalar: false)
  }

  /// Appends an object's description.
  public mutating func appendInterpolation(
    _ argumentObject: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto
  ) {
    append(argumentObject().description, privacy: privacy, scalar: false)
  }

  /// Appends an integer.
  public mutating func appendInterpolation<T: BinaryInteger>(
    _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {
    append(align.aligned(format.formatted(number())), privacy: privacy, scalar: true)
  }

  /// Appends a `Double`.
  public mutating func appendInterpolation(
    _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {
    append(align.aligned(format.formatted(number())), privacy: privacy, scalar: true)
  }

  /// Appends a `Float`.
  public mutating func appendInterpolation(
    _ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {
    append(align.aligned(format.formatted(Double(number()))), privacy: privacy, scalar: true)
  }

  /// Appends a Boolean as `true`/`false` (``OSLogBoolFormat/truth``) or `YES`/`NO`.
  public mutating func appendInterpolation(
    _ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth,
    privacy: OSLogPrivacy = .auto
  ) {
    let value = boolean()
    let shown = format == .answer ? (value ? "YES" : "NO") : (value ? "true" : "false")
    append(shown, privacy: privacy, scalar: true)
  }

  /// Appends a type's name.
  public mutating func appendInterpolation(
    _ value: @autoclosure @escaping () -> Any.Type, align: OSLogStringAlignment = .none,
    privacy: OSLogPrivacy = .auto
  ) {
    append(align.aligned(String(reflecting: value())), privacy: privacy, scalar: false)
  }

  /// Appends an error (iOS 14+), written as `String(describing:)` gives it (Guides/TestingAppCode.md,
  /// "Logging"); `attributes` is accepted and not applied.
  public mutating func appendInterpolation(
    _ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto,
    attributes: String = ""
  ) {
    append(String(describing: error()), privacy: privacy, scalar: false)
  }

  /// Appends a value's `description`.
  public mutating func appendInterpolation<T: CustomStringConvertible>(
    _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none,
    privacy: OSLogPrivacy = .auto
  ) {
    // Integers come here too (this form has fewer parameters than the integer one): a number
    // is a scalar, which `.auto` keeps.
    let value = value()
    let scalar = value is any BinaryInteger || value is any BinaryFloatingPoint
    append(align.aligned(value.description), privacy: privacy, scalar: scalar)
  }
}

/// Who may read an interpolated value in the log: `.public`, `.private`, `.sensitive` or
/// `.auto` (Apple's default: private for dynamic strings and objects, public for scalars).
///
/// The device's log keeps a private value as `<private>` (a hash mask as `<mask.hash: …>`);
/// the full text stays where a developer sees it while debugging (Rules.md §9.11).
public struct OSLogPrivacy: Equatable, Sendable {
  /// A way to show a private value as a hash.
  public enum Mask: Equatable, Sendable {
    /// `<mask.hash: …>`: equal values give equal hashes.
    case hash
    /// No mask: `<private>`.
    case none
  }

  private enum Kind: Equatable, Sendable { case `public`, `private`, sensitive, auto }
  private let kind: Kind
  private let mask: Mask

  private init(_ kind: Kind, mask: Mask = .none) {
    self.kind = kind
    self.mask = mask
  }

  /// Shown in the log.
  public static let `public` = OSLogPrivacy(.public)
  /// Redacted unless the device is in development.
  public static let `private` = OSLogPrivacy(.private)
  /// Redacted, also in development.
  public static let sensitive = OSLogPrivacy(.sensitive)
  /// Apple's default by type.
  public static let auto = OSLogPrivacy(.auto)

  /// Private, shown as `mask`.
  public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(.private, mask: mask) }
  /// Sensitive, shown as `mask`.
  public static func sensitive(mask: Mask) -> OSLogPrivacy {
    OSLogPrivacy(.sensitive, mask: mask)
  }
  /// Apple's default by type, shown as `mask` when private.
  public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(.auto, mask: mask) }

  /// `value` as the device's log keeps it: in full when public (`.auto` keeps numbers and
  /// Booleans), else `<private>` or its hash mask.
  func kept(_ value: String, scalar: Bool) -> String {
    switch kind {
    case .public: return value
    case .auto where scalar: return value
    case .auto, .private, .sensitive:
      guard mask == .hash else { return "<private>" }
      return "<mask.hash: '\(Self.hash(value))'>"
    }
  }

  /// A stable hash of `value` for ``Mask/hash``: equal values, equal hashes (FNV-1a, 64 bits,
  /// in hexadecimal; Apple's salted hash is its own).
  static func hash(_ value: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in value.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}

/// How an interpolated value is padded: not at all, or to a number of columns.
public struct OSLogStringAlignment: Sendable {
  private let columns: Int
  private let left: Bool

  private init(columns: Int, left: Bool) {
    self.columns = columns
    self.left = left
  }

  /// No padding.
  public static let none = OSLogStringAlignment(columns: 0, left: false)

  /// Padded with spaces on the right to `columns`.
  public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
    OSLogStringAlignment(columns: columns(), left: true)
  }

  /// Padded with spaces on the left to `columns`.
  public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
    OSLogStringAlignment(columns: columns(), left: false)
  }

  /// `text` padded.
  func aligned(_ text: String) -> String {
    let padding = max(0, columns - text.count)
    guard padding > 0 else { return text }
    let spaces = String(repeating: " ", count: padding)
    return left ? text + spaces : spaces + text
  }
}

/// How a Boolean is written: `true`/`false` or `YES`/`NO`.
public enum OSLogBoolFormat: Sendable {
  /// `true` or `false`.
  case truth
  /// `YES` or `NO`.
  case answer
}

/// How an integer is written: decimal, hexadecimal or octal, with a sign, a prefix, a case and a
/// minimum number of digits.
public struct OSLogIntegerFormatting: Sendable {
  private let radix: Int
  private let explicitPositiveSign: Bool
  private let includePrefix: Bool
  private let uppercase: Bool
  private let minDigits: Int

  private init(
    radix: Int, explicitPositiveSign: Bool = false, includePrefix: Bool = false,
    uppercase: Bool = false, minDigits: Int = 0
  ) {
    self.radix = radix
    self.explicitPositiveSign = explicitPositiveSign
    self.includePrefix = includePrefix
    self.uppercase = uppercase
    self.minDigits = minDigits
  }

  /// Decimal.
  public static let decimal = OSLogIntegerFormatting(radix: 10)
  /// Hexadecimal, lowercase, no prefix.
  public static let hex = OSLogIntegerFormatting(radix: 16)
  /// Octal, no prefix.
  public static let octal = OSLogIntegerFormatting(radix: 8)

  /// Decimal, with `+` before positive numbers when asked.
  public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(radix: 10, explicitPositiveSign: explicitPositiveSign)
  }

  /// Decimal, zero-padded to `minDigits`.
  public static func decimal(
    explicitPositiveSign: Bool = false, minDigits: @escaping @autoclosure () -> Int
  ) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(
      radix: 10, explicitPositiveSign: explicitPositiveSign, minDigits: minDigits())
  }

  /// Hexadecimal.
  public static func hex(
    explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
  ) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(
      radix: 16, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
      uppercase: uppercase)
  }

  /// Hexadecimal, zero-padded to `minDigits`.
  public static func hex(
    explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
    minDigits: @escaping @autoclosure () -> Int
  ) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(
      radix: 16, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
      uppercase: uppercase, minDigits: minDigits())
  }

  /// Octal.
  public static func octal(
    explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
  ) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(
      radix: 8, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
      uppercase: uppercase)
  }

  /// Octal, zero-padded to `minDigits`.
  public static func octal(
    explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
    minDigits: @escaping @autoclosure () -> Int
  ) -> OSLogIntegerFormatting {
    OSLogIntegerFormatting(
      radix: 8, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
      uppercase: uppercase, minDigits: minDigits())
  }

  /// `number` written this way.
  func formatted<T: BinaryInteger>(_ number: T) -> String {
    var digits = String(number.magnitude, radix: radix, uppercase: uppercase)
    if digits.count < minDigits {
      digits = String(repeating: "0", count: minDigits - digits.count) + digits
    }
    if includePrefix {
      digits = (radix == 16 ? (uppercase ? "0X" : "0x") : radix == 8 ? "0" : "") + digits
    }
    if number < 0 { return "-" + digits }
    return explicitPositiveSign && number > 0 ? "+" + digits : digits
  }
}

/// How a floating-point number is written: fixed (`%f`), hexadecimal (`%a`), exponential (`%e`)
/// or whichever is shorter (`%g`), with a precision, a sign and a case.
public struct OSLogFloatFormatting: Sendable {
  private let conversion: Character
  private let precision: Int?
  private let explicitPositiveSign: Bool
  private let uppercase: Bool

  private init(
    _ conversion: Character, precision: Int? = nil, explicitPositiveSign: Bool = false,
    uppercase: Bool = false
  ) {
    self.conversion = conversion
    self.precision = precision
    self.explicitPositiveSign = explicitPositiveSign
    self.uppercase = uppercase
  }

  /// `%f`: six decimals.
  public static let fixed = OSLogFloatFormatting("f")
  /// `%a`.
  public static let hex = OSLogFloatFormatting("a")
  /// `%e`.
  public static let exponential = OSLogFloatFormatting("e")
  /// `%g`.
  public static let hybrid = OSLogFloatFormatting("g")

  /// `%f` with `precision` decimals.
  public static func fixed(
    precision: @escaping @autoclosure () -> Int, explicitPositiveSign: Bool = false,
    uppercase: Bool = false
  ) -> OSLogFloatFormatting {
    OSLogFloatFormatting(
      "f", precision: precision(), explicitPositiveSign: explicitPositiveSign,
      uppercase: uppercase)
  }

  /// `%f`.
  public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false)
    -> OSLogFloatFormatting
  {
    OSLogFloatFormatting("f", explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
  }

  /// `%a`.
  public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false)
    -> OSLogFloatFormatting
  {
    OSLogFloatFormatting("a", explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
  }

  /// `%e` with `precision` digits after the point.
  public static func exponential(
    precision: @escaping @autoclosure () -> Int, explicitPositiveSign: Bool = false,
    uppercase: Bool = false
  ) -> OSLogFloatFormatting {
    OSLogFloatFormatting(
      "e", precision: precision(), explicitPositiveSign: explicitPositiveSign,
      uppercase: uppercase)
  }

  /// `%e`.
  public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false)
    -> OSLogFloatFormatting
  {
    OSLogFloatFormatting("e", explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
  }

  /// `%g` with `precision` significant digits.
  public static func hybrid(
    precision: @escaping @autoclosure () -> Int, explicitPositiveSign: Bool = false,
    uppercase: Bool = false
  ) -> OSLogFloatFormatting {
    OSLogFloatFormatting(
      "g", precision: precision(), explicitPositiveSign: explicitPositiveSign,
      uppercase: uppercase)
  }

  /// `%g`.
  public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false)
    -> OSLogFloatFormatting
  {
    OSLogFloatFormatting("g", explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
  }

  /// `number` written this way (through `String(format:)` with a format built here, never from
  /// the app's data).
  func formatted(_ number: Double) -> String {
    var format = "%"
    if explicitPositiveSign { format += "+" }
    if let precision { format += ".\(min(max(precision, 0), 64))" }
    format.append(uppercase ? Character(conversion.uppercased()) : conversion)
    return String(format: format, number)
  }
}
