import PushPayload

/// A JSON value read from a scenario file, with its path and file, so every typed read can
/// fail with the exact position (`file:line:column: error: …`).
///
/// Reads are safe casts: a value of the wrong type is an error naming the field, the type
/// wanted and the type found; nothing traps on a malformed file.
package struct Node: Sendable {
  /// The value as read.
  public let value: JSONValue
  /// The object or array holding the value (shared by its siblings, so reading the members of
  /// an object allocates no path per member); `nil` at the root.
  private let parent: PathLink?
  /// The key or index of the value in its parent; `nil` for the root.
  private let lastComponent: JSONPath.Component?
  /// The file it came from.
  public let source: SourceFile
  /// The byte offset of the key naming this value, when it is an object member (errors about
  /// an unknown field point at the key rather than at its value).
  let keyOffset: Int?

  /// Creates a node for the root of a file.
  public init(root value: JSONValue, source: SourceFile) {
    self.init(value: value, parent: nil, last: nil, source: source, keyOffset: nil)
  }

  init(
    value: JSONValue, parent: PathLink?, last: JSONPath.Component?, source: SourceFile,
    keyOffset: Int?
  ) {
    self.value = value
    self.parent = parent
    self.lastComponent = last
    self.source = source
    self.keyOffset = keyOffset
  }

  /// Where the value sits in the document.
  public var path: JSONPath {
    var path = parent?.path ?? JSONPath()
    if let lastComponent { path.components.append(lastComponent) }
    return path
  }

  /// The link its members and elements hold: one allocation for a container, none per member.
  var link: PathLink? {
    guard let lastComponent else { return parent }
    return PathLink(parent: parent, component: lastComponent)
  }

  /// Whether this is the root of its file.
  var isRoot: Bool { lastComponent == nil && parent == nil }

  /// The byte offset of the value, resolved to a position only when a message needs it.
  public var anchor: SourceAnchor { source.anchor(atByte: value.byteRange.lowerBound) }

  /// The position of the value.
  public var location: SourceLocation { source.location(ofByte: value.byteRange.lowerBound) }

  /// The position of the key naming the value, else of the value.
  public var keyLocation: SourceLocation {
    source.location(ofByte: keyOffset ?? value.byteRange.lowerBound)
  }

  /// The field name this node was read under (`title` for `…alert.title`), for messages.
  var fieldName: String {
    switch lastComponent ?? parent?.component {
    case .key(let key): "\"\(key)\""
    case .index(let index): "element \(index) of \(parentName)"
    case nil: "the top level"
    }
  }

  private var parentName: String {
    var parent = path
    guard parent.components.count > 1 else { return "the top level" }
    parent.components.removeLast()
    if case .key(let key) = parent.components.last { return "\"\(key)\"" }
    return parent.description
  }

  /// An error at this value.
  public func error(_ message: String) -> ScenarioError {
    ScenarioError(at: location, message)
  }

  private func typeError(_ wanted: String) -> ScenarioError {
    error("expected \(wanted) for \(fieldName), found \(value.typeName)")
  }

  // MARK: Typed reads

  /// The string value.
  public func string() throws(ScenarioError) -> String {
    guard let string = value.stringValue else { throw typeError("a string") }
    return string
  }

  /// A string that is not empty.
  public func nonEmptyString() throws(ScenarioError) -> String {
    let string = try string()
    guard !string.isEmpty else { throw error("\(fieldName) must not be empty") }
    return string
  }

  /// The Boolean value.
  public func bool() throws(ScenarioError) -> Bool {
    guard let bool = value.boolValue else { throw typeError("true or false") }
    return bool
  }

  /// An integer (a JSON number without fraction or exponent that fits in `Int`).
  public func int() throws(ScenarioError) -> Int {
    guard let number = value.numberValue else { throw typeError("an integer") }
    guard let integer = number.integer else {
      throw error("expected an integer for \(fieldName), found \(number.text)")
    }
    return integer
  }

  /// A number.
  public func double() throws(ScenarioError) -> Double {
    guard let number = value.numberValue else { throw typeError("a number") }
    return number.double
  }

  /// The elements of an array, each with its path.
  public func array() throws(ScenarioError) -> [Node] {
    guard let elements = value.arrayValue else { throw typeError("an array") }
    let link = link
    var nodes: [Node] = []
    nodes.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      nodes.append(
        Node(value: element, parent: link, last: .index(index), source: source, keyOffset: nil))
    }
    return nodes
  }

  /// An array of strings.
  public func strings() throws(ScenarioError) -> [String] {
    var result: [String] = []
    for element in try array() { result.append(try element.string()) }
    return result
  }

  /// A string that must be one of `allowed` (with a suggestion when it is close to one).
  public func oneOf(_ allowed: [String]) throws(ScenarioError) -> String {
    let string = try string()
    guard allowed.contains(string) else {
      var message = "unknown value \"\(string)\" for \(fieldName)"
      if let suggestion = Suggestion.closest(to: string, in: allowed) {
        message += "; did you mean \"\(suggestion)\"?"
      } else {
        message += "; expected one of \(Suggestion.list(allowed))"
      }
      throw error(message)
    }
    return string
  }

  /// An object whose fields must all be among `allowed` (nil: any field); a misspelt field is
  /// an error with a suggestion, never silently ignored. Duplicate fields are errors too.
  public func object(allowing allowed: [String]?) throws(ScenarioError) -> ObjectNode {
    guard let object = value.objectValue else { throw typeError("an object") }
    let node = ObjectNode(node: self, object: object)
    try node.checkFields(allowed: allowed)
    return node
  }

  /// Whether the value is JSON `null`.
  public var isNull: Bool { value.isNull }
}

/// A JSON object read from a scenario file: typed access to its fields by name.
package struct ObjectNode: Sendable {
  /// The object as a node.
  public let node: Node
  /// The object.
  public let object: JSONObject
  /// The object's place in the file, the parent of every field.
  private let link: PathLink?

  init(node: Node, object: JSONObject) {
    self.node = node
    self.object = object
    self.link = node.link
  }

  /// Every field in source order (the last of duplicates wins, but duplicates are rejected).
  public var fields: [(key: String, node: Node)] {
    object.members.map { member in (member.key, field(member)) }
  }

  /// The field named `key`, when present.
  public subscript(key: String) -> Node? {
    guard let member = object.member(key) else { return nil }
    return field(member)
  }

  /// The node of one of the object's members.
  func field(_ member: JSONMember) -> Node {
    Node(
      value: member.value, parent: link, last: .key(member.key), source: node.source,
      keyOffset: member.keyRange.lowerBound)
  }

  /// The field named `key`, which must be present.
  public func required(_ key: String) throws(ScenarioError) -> Node {
    guard let field = self[key] else {
      throw node.error("missing field \"\(key)\" in \(node.fieldName)")
    }
    return field
  }

  /// The field named `key` unless it is absent or `null`.
  public func optional(_ key: String) -> Node? {
    guard let field = self[key], !field.isNull else { return nil }
    return field
  }

  func checkFields(allowed: [String]?) throws(ScenarioError) {
    // The reader flags objects that repeat a key: only those need a set to find the first.
    let duplicates = object.hasDuplicateKeys
    guard duplicates || allowed != nil else { return }
    var seen = Set<String>()
    for member in object.members {
      // Positions are computed only for an error: they scan the line.
      var location: SourceLocation { node.source.location(ofByte: member.keyRange.lowerBound) }
      guard !duplicates || seen.insert(member.key).inserted else {
        throw ScenarioError(at: location, "duplicate field \"\(member.key)\"")
      }
      guard let allowed, !allowed.contains(member.key) else { continue }
      if node.isRoot, member.key == "steps" {
        // A whole file read where an app belongs, holding a scenario's steps.
        throw ScenarioError(
          at: location,
          "\(node.source.path) is a scenario, not an app file: an app file holds the app "
            + "alone (bundleId, categories, …), as a scenario's \"app\" field does")
      }
      var message = "unknown field \"\(member.key)\""
      if node.isRoot {
        message +=
          node.source.path.hasSuffix(ScenarioLoader.appFileSuffix)
          ? " in the app file" : " in the scenario"
      } else {
        message += " in \(node.fieldName)"
      }
      if let suggestion = Suggestion.closest(to: member.key, in: allowed) {
        message += "; did you mean \"\(suggestion)\"?"
      } else if allowed.isEmpty {
        message += "; it takes no fields"
      } else {
        message += "; expected one of \(Suggestion.list(allowed))"
      }
      throw ScenarioError(at: location, message)
    }
  }
}

/// Where an object or array sits in a scenario file, as a chain of links to the root. Reading
/// a file makes one link per container, shared by its members; the path as a list of
/// components is assembled only for a message.
final class PathLink: Sendable {
  /// The link of the container holding this one; `nil` for a member of the root.
  let parent: PathLink?
  /// The key or index of this container in its parent.
  let component: JSONPath.Component

  init(parent: PathLink?, component: JSONPath.Component) {
    self.parent = parent
    self.component = component
  }

  /// The components from the root.
  var path: JSONPath {
    var components: [JSONPath.Component] = []
    var link: PathLink? = self
    while let current = link {
      components.append(current.component)
      link = current.parent
    }
    return JSONPath(components.reversed())
  }
}
