import Foundation

/// An app's `ActivityAttributes` type, declared in the app file so scenarios run without Swift:
/// its name, its static attributes and its `ContentState` fields (Behavior.md: Live
/// Activities).
public struct ActivityTypeDeclaration: Sendable, Equatable {
  /// The Swift type name, which a push-to-start's `attributes-type` must match.
  public var name: String
  /// The stored properties of the attributes type, in declaration order.
  public var attributes: [ActivityField]
  /// The properties of its nested `ContentState`, in declaration order.
  public var contentState: [ActivityField]

  /// Creates a declaration.
  public init(name: String, attributes: [ActivityField] = [], contentState: [ActivityField] = []) {
    self.name = name
    self.attributes = attributes
    self.contentState = contentState
  }
}

/// One stored property of an attributes type or its `ContentState`.
public struct ActivityField: Sendable, Equatable {
  /// The property name, which is also its JSON key (synthesized `Codable`).
  public var name: String
  /// Its type.
  public var type: ActivityFieldType

  /// Creates a field.
  public init(name: String, type: ActivityFieldType) {
    self.name = name
    self.type = type
  }
}

/// The Swift types a declared field may have: scalars, `Date`, `URL`, arrays and optionals.
public indirect enum ActivityFieldType: Sendable, Equatable, CustomStringConvertible {
  case string
  case int
  case double
  case bool
  /// `Date`: with `JSONDecoder`'s default `.deferredToDate`, a number of seconds since
  /// 2001-01-01 (not 1970).
  case date
  /// `URL`: a string that parses as a URL.
  case url
  /// `[Element]`.
  case array(ActivityFieldType)
  /// `Wrapped?`: missing or `null` decodes as `nil`.
  case optional(ActivityFieldType)

  /// Reads Swift spelling: `String`, `Int`, `Double`, `Bool`, `Date`, `URL`, `[T]`, `T?`.
  package init?(swift text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasSuffix("?") {
      guard let wrapped = ActivityFieldType(swift: String(trimmed.dropLast())) else { return nil }
      self = .optional(wrapped)
      return
    }
    if trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count > 2 {
      guard let element = ActivityFieldType(swift: String(trimmed.dropFirst().dropLast())) else {
        return nil
      }
      self = .array(element)
      return
    }
    switch trimmed {
    case "String": self = .string
    case "Int": self = .int
    case "Double", "Float", "CGFloat": self = .double
    case "Bool": self = .bool
    case "Date": self = .date
    case "URL": self = .url
    default: return nil
    }
  }

  /// The Swift spelling.
  public var description: String {
    switch self {
    case .string: "String"
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .date: "Date"
    case .url: "URL"
    case .array(let element): "[\(element)]"
    case .optional(let wrapped): "\(wrapped)?"
    }
  }
}
