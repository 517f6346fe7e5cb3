/// A JSON value as the payload reader, APNs's verdict and lint read it: a node of a tree
/// (``JSONValue``) or a value read in place from the bytes (``JSONTapeValue``).
///
/// Each rule of Rules.md §1–§2 is written once, against this protocol, and reads the same from
/// either: `pushsim validate --jsonl` reads its lines in place, the device reads trees.
protocol JSONReadable {
  /// A member's key.
  associatedtype MemberKey: JSONKey
  /// The members of an object, as ``objectMembers`` yields them.
  associatedtype Members: Sequence<JSONReadableMember<MemberKey, Self>>

  /// The string, when this is a JSON string.
  var stringValue: String? { get }
  /// The number, when this is a JSON number.
  var numberValue: JSONNumber? { get }
  /// The number's integer (``JSONNumber/integer``), read without making a ``JSONNumber``
  /// when it is written as digits alone (a badge, a flag); `nil` for anything else.
  var integerValue: Int? { get }
  /// The Boolean, when this is `true` or `false`.
  var boolValue: Bool? { get }
  /// The elements, when this is an array.
  var arrayValue: [Self]? { get }
  /// Whether this is JSON `null`.
  var isNull: Bool { get }
  /// Whether this is an object.
  var isObject: Bool { get }
  /// The type name diagnostics use (``JSONValue/typeName``).
  var typeName: String { get }
  /// The compact JSON text (``JSONValue/jsonText``).
  var jsonText: String { get }
  /// This value as a tree, for a model that keeps it (a Live Activity's `content-state`).
  var jsonValue: JSONValue { get }
  /// The value of the last member named `key`, when this is an object.
  subscript(key: String) -> Self? { get }
  /// When this is an object, its members with the last of repeated keys only (the one
  /// Foundation keeps), in order of the key's first appearance; `nil` otherwise.
  var objectMembers: Members? { get }
}

/// An object member as ``JSONReadable/objectMembers`` yields it (a struct, not a tuple: a
/// tuple of a string and a value was copied through the runtime's generic tuple witnesses).
struct JSONReadableMember<Key: JSONKey, Value> {
  let key: Key
  let value: Value
}

/// An object member's key as a reader sees it: its bytes, to tell known keys apart without
/// making a string, and the string when a message or a model keeps it.
protocol JSONKey {
  /// The key as a string.
  var string: String { get }
  /// Calls `body` with the key's UTF-8 bytes.
  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

extension String: JSONKey {
  var string: String { self }

  func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    // In place when the string stores its UTF-8 (every key the reader makes).
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var text = self
    return text.withUTF8(body)
  }
}

extension JSONValue: JSONReadable {
  typealias MemberKey = String

  var isObject: Bool {
    if case .object = kind { return true }
    return false
  }

  var jsonValue: JSONValue { self }

  var integerValue: Int? { numberValue?.integer }

  var objectMembers: Members? {
    guard case .object(let object) = kind else { return nil }
    return Members(members: object.hasDuplicateKeys ? object.uniqueMembers : object.members)
  }

  /// An object's members, read from its array one at a time.
  struct Members: Sequence, IteratorProtocol {
    let members: [JSONMember]
    var index = 0

    mutating func next() -> JSONReadableMember<String, JSONValue>? {
      guard index < members.count else { return nil }
      defer { index += 1 }
      return JSONReadableMember(key: members[index].key, value: members[index].value)
    }
  }
}
