/// A JSON value as read from a payload or scenario file, with the bytes it came from.
///
/// Every node remembers its byte range in the source, so callers can report exact positions
/// (`JSONDocument.position(ofByte:)`) and measure which part of a payload takes the space.
/// Objects keep their members in source order, duplicates included; lookups take the last
/// member with a key, as Foundation's `JSONSerialization` does.
public struct JSONValue: Sendable {
  /// The shape and content of a JSON value.
  public enum Kind: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
  }

  /// What this value is.
  public var kind: Kind
  /// The bytes of the source this value was read from (empty for values built in code).
  public var byteRange: Range<Int>

  /// Creates a value; values built in code have an empty byte range.
  public init(_ kind: Kind, byteRange: Range<Int> = 0..<0) {
    self.kind = kind
    self.byteRange = byteRange
  }
}

/// A JSON number with its exact source text.
public struct JSONNumber: Sendable, Hashable {
  /// The number as written (`"1"`, `"1.0"`, `"-2e3"`).
  public var text: String
  /// The value as a `Double`.
  public var double: Double
  /// The value as an `Int` when the text has no fraction or exponent and fits.
  public var integer: Int?

  /// Creates a number from its text, deriving `double` and `integer`.
  public init?(text: String) {
    guard let double = Double(text) else { return nil }
    self.text = text
    self.double = double
    let isIntegerSyntax = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    self.integer = isIntegerSyntax ? Int(text) : nil
  }

  /// Creates a number whose parts the reader has already worked out.
  init(text: String, double: Double, integer: Int?) {
    self.text = text
    self.double = double
    self.integer = integer
  }

  /// Creates an integer number.
  public init(_ value: Int) {
    self.text = String(value)
    self.double = Double(value)
    self.integer = value
  }

  /// Creates a number from a `Double`.
  public init(_ value: Double) {
    self.text = value.description
    self.double = value
    self.integer = nil
  }
}

/// A JSON object member: key, where the key was written, and the value.
public struct JSONMember: Sendable {
  /// The decoded key.
  public var key: String
  /// The bytes of the key, quotes included.
  public var keyRange: Range<Int>
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(key: String, keyRange: Range<Int> = 0..<0, value: JSONValue) {
    self.key = key
    self.keyRange = keyRange
    self.value = value
  }
}

/// A JSON object: members in source order, duplicates kept, lookup by key.
///
/// Small objects (the usual payload) are searched from the end, which is faster than hashing a
/// handful of short keys; objects of more than 12 members keep a hash table.
///
/// - Complexity: `subscript(key:)` is O(1) (at most 12 comparisons, 32 in an object built with
///   `init(distinctMembers:)`, else hashed); building is O(n).
public struct JSONObject: Sendable {
  /// Every member in source order, duplicates included.
  public private(set) var members: [JSONMember]
  /// Index of the last member for each key, for objects of more than 12 members.
  private var lastIndex: [String: Int]?
  /// Whether some key is written more than once.
  public private(set) var hasDuplicateKeys: Bool

  /// Objects up to this many members are searched linearly.
  static let linearLimit = 12

  /// Creates an object from members in source order.
  public init(_ members: [JSONMember] = []) {
    self.members = members
    self.lastIndex = members.count > Self.linearLimit ? Self.index(members) : nil
    var seen = Set<String>()
    self.hasDuplicateKeys = !members.allSatisfy { seen.insert($0.key).inserted }
  }

  /// Creates an object as the reader built it (`index` is `nil` for a small object).
  init(members: [JSONMember], index: [String: Int]?, hasDuplicateKeys: Bool) {
    self.members = members
    self.lastIndex = members.count > Self.linearLimit ? (index ?? Self.index(members)) : nil
    self.hasDuplicateKeys = hasDuplicateKeys
  }

  /// Creates an object of members whose keys the caller knows to be distinct (an object built
  /// in code, such as a record's JSON), without checking them.
  ///
  /// Such an object is read a few times at most: up to ``builtLinearLimit`` members it is
  /// searched linearly rather than hashed first.
  package init(distinctMembers members: [JSONMember]) {
    self.members = members
    self.lastIndex = members.count > Self.builtLinearLimit ? Self.index(members) : nil
    self.hasDuplicateKeys = false
  }

  /// Objects built with ``init(distinctMembers:)`` up to this many members are searched
  /// linearly.
  static let builtLinearLimit = 32

  private static func index(_ members: [JSONMember]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(members.count)
    for (offset, member) in members.enumerated() { index[member.key] = offset }
    return index
  }

  private func offset(of key: String) -> Int? {
    if let lastIndex { return lastIndex[key] }
    // Lengths first: most keys differ in length, and that costs no string comparison.
    let length = key.utf8.count
    return members.lastIndex { $0.key.utf8.count == length && $0.key == key }
  }

  /// The value of the last member named `key`, as Foundation would keep it.
  public subscript(key: String) -> JSONValue? {
    guard let offset = offset(of: key) else { return nil }
    return members[offset].value
  }

  /// Whether some member is named `key` (no value is copied out).
  func contains(_ key: String) -> Bool { offset(of: key) != nil }

  /// The member (with its key position) that wins for `key`.
  public func member(_ key: String) -> JSONMember? {
    offset(of: key).map { members[$0] }
  }

  /// The distinct keys, in order of first appearance.
  public var keys: [String] {
    guard hasDuplicateKeys else { return members.map(\.key) }
    var seen = Set<String>()
    return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
  }

  /// The number of distinct keys.
  public var count: Int {
    if let lastIndex { return lastIndex.count }
    return hasDuplicateKeys ? keys.count : members.count
  }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The winning members (the last one for each key), in order of first appearance of the key.
  public var uniqueMembers: [JSONMember] {
    guard hasDuplicateKeys else { return members }
    var result: [JSONMember] = []
    result.reserveCapacity(members.count)
    for key in keys { if let member = member(key) { result.append(member) } }
    return result
  }

  /// Appends a member (a later duplicate wins lookups).
  public mutating func append(_ member: JSONMember) {
    if !hasDuplicateKeys, offset(of: member.key) != nil { hasDuplicateKeys = true }
    append(distinct: member)
  }

  /// Appends a member whose key the caller knows is not in the object yet, without looking
  /// it up.
  package mutating func append(distinct member: JSONMember) {
    if lastIndex != nil {
      lastIndex?[member.key] = members.count
      members.append(member)
    } else {
      members.append(member)
      if members.count > Self.linearLimit { lastIndex = Self.index(members) }
    }
  }
}

// MARK: - Safe reading

extension JSONValue {
  /// The string, when this is a JSON string.
  public var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }
  /// The number, when this is a JSON number.
  public var numberValue: JSONNumber? {
    if case .number(let value) = kind { return value }
    return nil
  }
  /// The Boolean, when this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }
  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = kind { return value }
    return nil
  }
  /// The object, when this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = kind { return value }
    return nil
  }
  /// Whether this is JSON `null`.
  public var isNull: Bool {
    if case .null = kind { return true }
    return false
  }
  /// The member value for `key` when this is an object.
  public subscript(key: String) -> JSONValue? { objectValue?[key] }

  /// The JSON type name used in diagnostics: `string`, `number`, `boolean`, `null`, `array`, `object`.
  public var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

// MARK: - Building in code

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self.init(.string(value)) }
  public init(integerLiteral value: Int) { self.init(.number(JSONNumber(value))) }
  public init(floatLiteral value: Double) { self.init(.number(JSONNumber(value))) }
  public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
  public init(nilLiteral: ()) { self.init(.null) }
  public init(arrayLiteral elements: JSONValue...) { self.init(.array(elements)) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(.object(JSONObject(elements.map { JSONMember(key: $0.0, value: $0.1) })))
  }
}

// MARK: - Equality (structural; byte ranges are ignored)

extension JSONValue: Equatable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a.double == b.double
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && a.keys.allSatisfy { key in a[key] == b[key] }
    default: false
    }
  }
}

// MARK: - Foundation bridge (what an iOS app receives as userInfo)

extension JSONValue {
  /// This value as the Foundation objects an app sees in `userInfo`:
  /// `String`, `Int` or `Double` (for numbers), `Bool`, `NSNull`-free `nil`-less arrays and
  /// `[AnyHashable: Any]` dictionaries. JSON `null` becomes `Optional<Any>.none` boxed as `Any`.
  public var foundationValue: Any {
    switch kind {
    case .null: return Optional<Any>.none as Any
    case .bool(let value): return value
    case .number(let number): return number.integer.map { $0 as Any } ?? number.double
    case .string(let value): return value
    case .array(let values): return values.map(\.foundationValue)
    case .object(let object):
      var dictionary: [AnyHashable: Any] = [:]
      dictionary.reserveCapacity(object.members.count)
      for member in object.members { dictionary[member.key] = member.value.foundationValue }
      return dictionary
    }
  }
}
