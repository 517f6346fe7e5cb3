import Foundation

/// A property-list value as a strings file holds it: what `pushsim strings dump` prints.
///
/// Text `.strings` files can only hold strings, arrays, dictionaries and data (Localization.md
/// §1.1); XML and binary property lists add numbers, booleans and dates.
public enum PropertyListValue: Sendable, Hashable {
  /// A string.
  case string(String)
  /// An array `( … )`.
  case array([PropertyListValue])
  /// A dictionary `{ … }` (keys unique, last one wins).
  case dictionary([String: PropertyListValue])
  /// Data `< hex >`.
  case data([UInt8])
  /// An integer (XML and binary plists only).
  case integer(Int)
  /// A real number (XML and binary plists only).
  case real(Double)
  /// A boolean (XML and binary plists only).
  case boolean(Bool)
  /// A date (XML and binary plists only), seconds since 1970.
  case date(Double)

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The dictionary, if this is one.
  public var dictionaryValue: [String: PropertyListValue]? {
    if case .dictionary(let dictionary) = self { return dictionary }
    return nil
  }

  /// Converts what `PropertyListSerialization` or `JSONSerialization` returned, without a cast
  /// that can trap; values of other types become `nil`.
  public init?(foundation value: Any) {
    switch value {
    case let string as String:
      self = .string(string)
    case let dictionary as [String: Any]:
      var result: [String: PropertyListValue] = [:]
      for (key, item) in dictionary {
        guard let converted = PropertyListValue(foundation: item) else { return nil }
        result[key] = converted
      }
      self = .dictionary(result)
    case let array as [Any]:
      var result: [PropertyListValue] = []
      for item in array {
        guard let converted = PropertyListValue(foundation: item) else { return nil }
        result.append(converted)
      }
      self = .array(result)
    case let data as Data:
      self = .data(Array(data))
    case let date as Date:
      self = .date(date.timeIntervalSince1970)
    case let boolean as Bool where type(of: value) == Bool.self:
      self = .boolean(boolean)
    case let integer as Int where type(of: value) == Int.self:
      self = .integer(integer)
    case let real as Double where type(of: value) == Double.self:
      self = .real(real)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": self = .boolean(number.boolValue)
      case "f", "d": self = .real(number.doubleValue)
      default: self = .integer(number.intValue)
      }
    default:
      return nil
    }
  }

  /// JSON has no NaN or infinity: such a real prints as the string `"nan"`, `"inf"` or
  /// `"-inf"`, and ``nonFinitePaths`` lists where, for the dump to report it.
  static func nonFiniteText(_ real: Double) -> String {
    real.isNaN ? "nan" : (real < 0 ? "-inf" : "inf")
  }

  /// Where this value holds a NaN or an infinite real (or date): paths such as
  /// `key.NSStringLocalizedFormatKey` or `key[2]`, sorted.
  public func nonFinitePaths(at path: String = "") -> [String] {
    // Most tables hold none: no path is built and no key sorted to find that out.
    guard hasNonFiniteNumber else { return [] }
    switch self {
    case .real(let number), .date(let number):
      return number.isFinite ? [] : [path]
    case .array(let array):
      return array.indices.flatMap { array[$0].nonFinitePaths(at: "\(path)[\($0)]") }
    case .dictionary(let dictionary):
      return dictionary.keys.sorted().flatMap { key in
        dictionary[key]?.nonFinitePaths(at: path.isEmpty ? key : "\(path).\(key)") ?? []
      }
    case .string, .data, .integer, .boolean:
      return []
    }
  }

  /// Whether a NaN or an infinity is anywhere in the value.
  var hasNonFiniteNumber: Bool {
    switch self {
    case .real(let number), .date(let number): !number.isFinite
    case .array(let array): array.contains { $0.hasNonFiniteNumber }
    case .dictionary(let dictionary): dictionary.values.contains { $0.hasNonFiniteNumber }
    case .string, .data, .integer, .boolean: false
    }
  }

  /// The value as a Foundation object for `JSONSerialization` (data as a base64 string, dates
  /// as seconds since 1970, NaN and infinity as strings), the way `pushsim strings dump`
  /// prints it.
  public var jsonObject: Any {
    switch self {
    case .string(let string): return string
    case .array(let array): return array.map(\.jsonObject)
    case .dictionary(let dictionary): return dictionary.mapValues(\.jsonObject)
    case .data(let bytes): return Data(bytes).base64EncodedString()
    case .integer(let integer): return integer
    case .real(let real): return real.isFinite ? real : Self.nonFiniteText(real)
    case .boolean(let boolean): return boolean
    case .date(let seconds): return seconds.isFinite ? seconds : Self.nonFiniteText(seconds)
    }
  }
}
