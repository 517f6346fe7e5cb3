/// A string to show in the person's language, as Apple's Foundation type
/// `LocalizedStringResource` (iOS 16) that `AlertConfiguration` takes. Foundation on Linux has
/// none, so ActivityKit declares this minimal one: a string literal or an interpolated literal
/// builds it as on iOS, so `AlertConfiguration(title: "Delivered", body: "Order \(id) arrived",
/// sound: .default)` compiles unchanged.
///
/// Like Apple's, an interpolated literal becomes a ``key`` with format specifiers (`"Order %@
/// arrived"`) plus the interpolated values. Unlike Apple's, PushSim does not look the key up in
/// the app's strings tables: the device shows ``defaultValue``, the literal with its values in
/// place (Rules.md §13.16).
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation, CustomStringConvertible
{
  /// The key in the strings table: the literal, with `%@`, `%lld` or `%lf` where values were
  /// interpolated.
  public let key: String
  /// The strings table (`nil`: `Localizable`).
  public let table: String?
  /// The text with its values in place: what the simulated device shows.
  public let defaultValue: String

  /// A resource for `key`, shown as `defaultValue` (the key itself when `nil`).
  public init(_ key: String, defaultValue: String? = nil, table: String? = nil) {
    self.key = key
    self.defaultValue = defaultValue ?? key
    self.table = table
  }

  /// A resource from a string literal: the literal is the key and the text.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// A resource from an interpolated literal.
  public init(stringInterpolation: StringInterpolation) {
    self.init(stringInterpolation.key, defaultValue: stringInterpolation.text)
  }

  /// The text the device shows.
  public var description: String { defaultValue }

  /// Builds a key with format specifiers and the text with the values in place.
  public struct StringInterpolation: StringInterpolationProtocol {
    var key = ""
    var text = ""

    /// Starts an interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {
      key.reserveCapacity(literalCapacity + 3 * interpolationCount)
    }

    /// Literal text (a `%` is doubled in the key, as a format string needs).
    public mutating func appendLiteral(_ literal: String) {
      key += literal.replacingPercent()
      text += literal
    }

    /// A string value: `%@`.
    public mutating func appendInterpolation(_ value: String) {
      key += "%@"
      text += value
    }

    /// An integer value: `%lld`.
    public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) {
      key += "%lld"
      text += String(value)
    }

    /// A floating-point value: `%lf`.
    public mutating func appendInterpolation(_ value: Double) {
      key += "%lf"
      text += String(value)
    }

    /// Any other value: `%@`, its description.
    public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
      key += "%@"
      text += value.description
    }
  }
}

extension String {
  /// The text with each `%` doubled.
  fileprivate func replacingPercent() -> String {
    var result = ""
    for character in self {
      result.append(character)
      if character == "%" { result.append("%") }
    }
    return result
  }
}
