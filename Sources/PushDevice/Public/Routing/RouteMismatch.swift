public import PushPayload

/// Why a router took no route: the route that came closest and the first check it failed.
///
/// ``RouteTable`` fills in ``route`` with the entry that got furthest (its `when` held, or the
/// most checks passed; the first such entry on a tie) and ``failure`` with what stopped it,
/// so the log reads "closest route `chat`: `chat-id` is a number, the route needs a string"
/// (Rules.md §8, ScenarioFormat.md "A route": "the log says why"). A custom
/// ``Router`` can give a free-text reason: `.unmatched("no chat id")`.
public struct RouteMismatch: Sendable, Equatable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The first check that failed.
  public enum Failure: Sendable, Equatable, CustomStringConvertible {
    /// The app has no routes.
    case noRoutes
    /// `when.category` differs from the notification's category (`""` when it has none).
    case category(expected: String, found: String)
    /// `when.action` differs from the response's action.
    case action(expected: RouteConfiguration.ActionCondition, found: String)
    /// A key (`has`, `equals`, or a required parameter) is not in the payload. A dotted path
    /// that runs into a non-object counts as missing.
    case missing(key: String)
    /// A key in `equals` holds another value.
    case notEqual(key: String, expected: JSONValue, found: JSONValue)
    /// A required parameter's value is of another type, so it does not read.
    case wrongType(key: String, found: JSONValue, expected: RouteConfiguration.ParameterType)
    /// A custom router's own reason.
    case other(String)

    /// The failure in plain words: "`chat-id` is a number, the route needs a string".
    public var description: String {
      switch self {
      case .noRoutes:
        return "the app has no routes"
      case .category(let expected, let found):
        let actual = found.isEmpty ? "the notification has no category" : "category is `\(found)`"
        return "\(actual), the route needs `\(expected)`"
      case .action(let expected, let found):
        let actual = RouteConfiguration.ActionCondition(found)
        return "the action is `\(actual)`, the route needs `\(expected)`"
      case .missing(let key):
        return "`\(key)` is missing"
      case .notEqual(let key, let expected, let found):
        return "`\(key)` is \(Self.short(found)), the route needs \(Self.short(expected))"
      case .wrongType(let key, let found, let expected):
        return
          "`\(key)` is \(Self.describe(found, as: expected)), the route needs \(Self.article(expected))"
      case .other(let reason):
        return reason
      }
    }

    private static func describe(_ value: JSONValue, as type: RouteConfiguration.ParameterType)
      -> String
    {
      switch (value.kind, type) {
      case (.null, _): return "null"
      case (.string(let text), .url): return "the string \(quoted(text)), not a URL with a scheme"
      case (.string(let text), .uuid): return "the string \(quoted(text)), not a UUID"
      case (.number(let number), .int) where number.double.isFinite:
        return "the number \(number.text), not a whole number that fits Int"
      case (.number(let number), .number): return "the number \(number.text), out of range"
      case (.array, _): return "an array"
      case (.object, _): return "an object"
      default: return "a \(value.typeName)"
      }
    }

    /// A value as JSON, cut to 60 characters so a reason stays one readable line.
    private static func short(_ value: JSONValue) -> String {
      let text = value.jsonText
      return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    private static func quoted(_ text: String) -> String {
      let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
      return JSONWriter.quoted(shown)
    }

    private static func article(_ type: RouteConfiguration.ParameterType) -> String {
      switch type {
      case .int: "an \(type)"
      case .string, .number, .bool, .url, .uuid: "a \(type)"
      }
    }
  }

  /// The route that came closest (`nil` when there are no routes, or for a custom router's
  /// reason).
  public var route: String?
  /// What stopped it.
  public var failure: Failure

  /// Creates a mismatch.
  package init(route: String?, failure: Failure) {
    self.route = route
    self.failure = failure
  }

  /// A free-text reason from a custom router.
  public init(_ reason: String) {
    self.init(route: nil, failure: .other(reason))
  }

  /// A free-text reason from a custom router.
  public init(stringLiteral value: String) { self.init(value) }

  /// The reason as the event log writes it: "closest route `chat`: `chat-id` is missing".
  public var reason: String {
    guard let route else { return failure.description }
    return "closest route `\(route)`: \(failure)"
  }

  /// The same as ``reason``.
  public var description: String { reason }
}
