import Foundation
public import PushPayload

/// One entry of the app's `routes`: when it applies and which parameters it reads.
///
/// A plain value mirroring the scenario format's route (ScenarioFormat.md, "A route"; field
/// names are the JSON's): `name`, `when` (`category`, `action`, `has`, `equals`) and `params`
/// (each with `key`, `type`, `required`, `default`). A ``RouteTable`` takes the first entry whose
/// `when` holds and whose required parameters all read (Rules.md §8).
///
/// ```swift
/// let chat = RouteConfiguration(
///   name: "chat", when: .init(category: "message", action: .default),
///   params: [
///     .init("chatId", key: "chat-id", type: .string, required: true),
///     .init("messageType", key: "message-type", type: .string, default: "text"),
///   ])
/// ```
public struct RouteConfiguration: Sendable, Equatable {
  /// The route's name, as `expect.routes` and the event log show it.
  public var name: String
  /// The conditions the response must meet; an empty condition always holds.
  public var when: Condition
  /// The parameters to read, in order.
  public var params: [Parameter]

  /// Creates a route entry.
  public init(name: String, when: Condition = Condition(), params: [Parameter] = []) {
    self.name = name
    self.when = when
    self.params = params
  }

  /// The `when` of a route: every condition written must hold.
  ///
  /// Keys (`has`, `equals`) are read like parameter keys: a top-level key, or a dotted path
  /// such as `aps.thread-id` (see ``RouteConfiguration/Parameter/key``).
  public struct Condition: Sendable, Equatable {
    /// The notification's category (`aps.category`, as the content carries it after any
    /// service extension) must be this.
    public var category: String?
    /// The response's action must be this. `nil` matches every action, dismiss included
    /// (Rules.md §8).
    public var action: ActionCondition?
    /// Keys that must be present (any value, `null` included, as `userInfo[key] != nil` is
    /// true for `NSNull`). The JSON `has` is one key; a list is accepted too.
    public var has: [String]
    /// Keys whose values must equal these JSON values (numbers compare by value).
    /// Checked in key order, so the reported failure is deterministic.
    public var equals: [String: JSONValue]

    /// Creates a condition; with no arguments it always holds.
    public init(
      category: String? = nil, action: ActionCondition? = nil, has: [String] = [],
      equals: [String: JSONValue] = [:]
    ) {
      self.category = category
      self.action = action
      self.has = has
      self.equals = equals
    }

    /// Whether no condition is written (the route applies to every response).
    package var isEmpty: Bool { category == nil && action == nil && has.isEmpty && equals.isEmpty }
  }

  /// The `when.action` of a route: the default action (a tap), an explicit dismiss, or a
  /// custom action's identifier (Behavior.md §8).
  public enum ActionCondition: Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// A tap: `UNNotificationDefaultActionIdentifier` (JSON `"default"`).
    case `default`
    /// An explicit dismiss: `UNNotificationDismissActionIdentifier` (JSON `"dismiss"`).
    case dismiss
    /// A custom action, by its identifier.
    case custom(String)

    /// Reads the JSON spelling: `default`, `dismiss` (or the full UserNotifications constants),
    /// else an action identifier.
    public init(_ text: String) {
      switch text {
      case "default", NotificationResponse.defaultActionIdentifier: self = .default
      case "dismiss", NotificationResponse.dismissActionIdentifier: self = .dismiss
      default: self = .custom(text)
      }
    }

    /// Reads the JSON spelling (see ``init(_:)``).
    public init(stringLiteral value: String) { self.init(value) }

    /// The `actionIdentifier` a response carries for this action.
    package var actionIdentifier: String {
      switch self {
      case .default: NotificationResponse.defaultActionIdentifier
      case .dismiss: NotificationResponse.dismissActionIdentifier
      case .custom(let identifier): identifier
      }
    }

    /// The JSON spelling: `default`, `dismiss`, or the identifier.
    public var description: String {
      switch self {
      case .default: "default"
      case .dismiss: "dismiss"
      case .custom(let identifier): identifier
      }
    }

    /// Whether a response with `actionIdentifier` meets this condition.
    package func matches(_ actionIdentifier: String) -> Bool {
      self.actionIdentifier == actionIdentifier
    }
  }

  /// One entry of `params`: where a route parameter comes from and what type it must have.
  public struct Parameter: Sendable, Equatable {
    /// The parameter's name in the route (the JSON object key in `params`).
    public var name: String
    /// Where to read it: a top-level custom key (`chat-id`), or a dotted path into nested
    /// objects (`aps.thread-id`, `aps.alert.title`). A top-level key that itself contains dots
    /// wins over the path reading; a path component that is a number indexes an array.
    public var key: String
    /// The type the value must have; a value of another type does not read.
    public var type: ParameterType
    /// Whether the route fails when the value does not read. A required parameter ignores
    /// `default` (source: model).
    public var required: Bool
    /// The value used when an optional parameter does not read (missing, or another type),
    /// as `userInfo["message-type"] as? String ?? "text"` does in the seed article. An optional
    /// parameter with no default that does not read is left out of the route.
    public var `default`: RouteValue?

    /// Creates a parameter.
    public init(
      _ name: String, key: String, type: ParameterType = .string, required: Bool = false,
      default: RouteValue? = nil
    ) {
      self.name = name
      self.key = key
      self.type = type
      self.required = required
      self.default = `default`
    }
  }

  /// The `type` of a route parameter (ScenarioFormat.md, "A route").
  ///
  /// Each type reads only values of that type, as `as? String` / `as? Int` do in an app, with
  /// no coercion (`"42"` is not an int, `1` is not a bool). Where Foundation's `NSNumber`
  /// bridging on Apple platforms would be looser (`true as? Int`), PushSim stays strict
  /// (source: model, Rules.md §8: "a value of another type does not read").
  public enum ParameterType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A JSON string (empty included).
    case string
    /// A JSON number whose value is whole and fits `Int` (`3`, `3.0`, `3e2`; not `3.5`).
    case int
    /// Any JSON number.
    case number
    /// JSON `true` or `false` (not `0`/`1`).
    case bool
    /// A JSON string that `URL(string:)` accepts and that has a scheme (`https://…`,
    /// `myapp://chat/1`); a bare `chat_4521` is a relative reference, not a URL.
    case url
    /// A JSON string that `UUID(uuidString:)` accepts (8-4-4-4-12 hex digits, any case).
    case uuid

    /// The JSON spelling.
    public var description: String { rawValue }

    /// Reads `value` as this type, or `nil` when it is of another type.
    package func read(_ value: JSONValue) -> RouteValue? {
      switch (self, value.kind) {
      case (.string, .string(let text)):
        return .string(text)
      case (.int, .number(let number)):
        if let integer = number.integer { return .int(integer) }
        guard number.double.isFinite, number.double.rounded() == number.double,
          let integer = Int(exactly: number.double)
        else { return nil }
        return .int(integer)
      case (.number, .number(let number)):
        return number.double.isFinite ? .number(number.double) : nil
      case (.bool, .bool(let flag)):
        return .bool(flag)
      case (.url, .string(let text)):
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
          return nil
        }
        return .url(url)
      case (.uuid, .string(let text)):
        return UUID(uuidString: text).map(RouteValue.uuid)
      default:
        return nil
      }
    }
  }
}
