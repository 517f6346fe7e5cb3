public import Foundation
public import PushPayload

/// A typed route parameter: what a ``RouteTable`` read from the payload with a safe cast.
///
/// The cases are the scenario format's parameter types (`string`, `int`, `number`, `bool`,
/// `url`, `uuid`; ScenarioFormat.md, "A route"). A value is only ever made from a payload value
/// of the same type (``RouteConfiguration/ParameterType/read(_:)``), the way an app reads
/// `userInfo["chat-id"] as? String` and never force-unwraps (seed article; Architecture.md, house
/// style 6).
public enum RouteValue: Sendable, Hashable {
  /// A JSON string.
  case string(String)
  /// A JSON number with a whole value that fits `Int`.
  case int(Int)
  /// Any JSON number.
  case number(Double)
  /// JSON `true` or `false`.
  case bool(Bool)
  /// A JSON string that parses as an absolute URL (it has a scheme).
  case url(URL)
  /// A JSON string that parses as a UUID.
  case uuid(UUID)

  /// The parameter type this value belongs to.
  public var type: RouteConfiguration.ParameterType {
    switch self {
    case .string: .string
    case .int: .int
    case .number: .number
    case .bool: .bool
    case .url: .url
    case .uuid: .uuid
    }
  }

  /// The string, when this is a `.string`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }
  /// The integer, when this is an `.int`.
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }
  /// The number, when this is a `.number` or an `.int`.
  public var doubleValue: Double? {
    switch self {
    case .number(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }
  /// The Boolean, when this is a `.bool`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }
  /// The URL, when this is a `.url`.
  public var urlValue: URL? {
    if case .url(let value) = self { return value }
    return nil
  }
  /// The UUID, when this is a `.uuid`.
  public var uuidValue: UUID? {
    if case .uuid(let value) = self { return value }
    return nil
  }

  /// The value as JSON, as reports and `expect.routes` show it.
  ///
  /// A URL is its `absoluteString`; a UUID is lowercase, as RFC 9562 §4 asks of UUID text
  /// (`UUID.uuidString` is uppercase), so it compares equal to what servers usually send.
  public var json: JSONValue {
    switch self {
    case .string(let value): JSONValue(.string(value))
    case .int(let value): JSONValue(.number(JSONNumber(value)))
    case .number(let value): Self.json(value)
    case .bool(let value): JSONValue(.bool(value))
    case .url(let value): JSONValue(.string(value.absoluteString))
    case .uuid(let value): JSONValue(.string(value.uuidString.lowercased()))
    }
  }
}

extension RouteValue {
  /// A number as JSON: a whole value that fits `Int` is written without a fraction (`3`, not
  /// `3.0`); a non-finite one, which JSON cannot hold, is `null`.
  private static func json(_ value: Double) -> JSONValue {
    guard value.isFinite else { return JSONValue(.null) }
    if value.rounded() == value, abs(value) < 1e15, let integer = Int(exactly: value) {
      return JSONValue(.number(JSONNumber(integer)))
    }
    return JSONValue(.number(JSONNumber(value)))
  }
}

extension RouteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
  /// A `.string` literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An `.int` literal.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// A `.number` literal.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A `.bool` literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension RouteValue: CustomStringConvertible {
  /// The value as compact JSON (`"chat_4521"`, `3`, `true`).
  public var description: String { json.jsonText }
}
