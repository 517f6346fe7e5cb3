/// A path to a value inside a JSON document: `aps.alert.title-loc-args[1]`.
///
/// Diagnostics name the value they are about with a path (Diagnostic.path). Keys made only of
/// letters, digits, `-` and `_` are written after a dot; other keys are written as
/// `["key"]` with JSON escaping, so every path reads back unambiguously.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element, from 0.
    case index(Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// Creates a path from steps; no steps is the root.
  public init(_ components: [Component] = []) { self.components = components }

  /// A path of plain keys separated by dots (`"aps.alert"`); for literals in code.
  public init(stringLiteral value: String) {
    self.components =
      value.isEmpty ? [] : value.split(separator: ".").map { .key(String($0)) }
  }

  /// This path with a key appended.
  public func appending(_ key: String) -> JSONPath {
    var copy = self
    copy.components.append(.key(key))
    return copy
  }

  /// This path with an index appended.
  public func appending(index: Int) -> JSONPath {
    var copy = self
    copy.components.append(.index(index))
    return copy
  }

  /// Whether this is the root.
  public var isRoot: Bool { components.isEmpty }

  /// The path as written in diagnostics (empty for the root).
  public var description: String {
    if let plain = plainDescription { return plain }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        if Self.isPlain(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[" + JSONWriter.quoted(key) + "]"
        }
      }
    }
    return text
  }

  /// ``description`` for a path of plain keys no longer than 64 bytes (`aps.alert.title`, the
  /// path of most diagnostics), written into one buffer at once; `nil` for any other path.
  private var plainDescription: String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> String? in
      var count = 0
      for component in components {
        guard case .key(var key) = component else { return nil }
        let written = key.withUTF8 { utf8 -> Bool in
          let needed = utf8.count + (count > 0 ? 1 : 0)
          guard !utf8.isEmpty, count + needed <= buffer.count,
            utf8.allSatisfy(Self.isPlainByte)
          else { return false }
          if count > 0 {
            buffer[count] = UInt8(ascii: ".")
            count += 1
          }
          for byte in utf8 {
            buffer[count] = byte
            count += 1
          }
          return true
        }
        guard written else { return nil }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// A byte a key written after a dot may hold.
  private static func isPlainByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func isPlain(_ key: String) -> Bool {
    !key.isEmpty && key.utf8.allSatisfy(isPlainByte)
  }
}

extension JSONValue {
  /// The value at `path` below this one (last member for repeated keys), or `nil`.
  public func value(at path: JSONPath) -> JSONValue? {
    var current = self
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let elements = current.arrayValue, elements.indices.contains(index) else {
          return nil
        }
        current = elements[index]
      }
    }
    return current
  }

  /// The element at `index` when this is an array and the index is in range.
  public subscript(index: Int) -> JSONValue? {
    guard let elements = arrayValue, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

extension JSONPath {
  /// Reads a path as ``description`` writes it (`aps.alert.loc-args[0]`, `["a key"].b`);
  /// `nil` when it is not such a path (a header name such as `apns-priority` reads as a key).
  public init?(parsing text: String) {
    var components: [Component] = []
    let bytes = Array(text.utf8)
    var index = 0
    var keyStart = 0
    func flushKey() {
      if index > keyStart {
        components.append(.key(String(decoding: bytes[keyStart..<index], as: UTF8.self)))
      }
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."):
        flushKey()
        index += 1
        keyStart = index
      case UInt8(ascii: "["):
        flushKey()
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
          // A quoted key: read it as a JSON string up to the closing `"]`.
          var end = index + 1
          while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
          }
          guard end < bytes.count,
            let document = try? JSONDocument(parsing: Array(bytes[index...end])),
            let key = document.root.stringValue
          else { return nil }
          components.append(.key(key))
          index = end + 1
        } else {
          var number = 0
          var digits = 0
          while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10, digits < 18 {
            number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
          }
          guard digits > 0 else { return nil }
          components.append(.index(number))
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return nil }
        index += 1
        keyStart = index
      default:
        index += 1
      }
    }
    flushKey()
    self.init(components)
  }
}

extension JSONValue {
  /// The object member (key position included) that `path` names, when its last step is a key.
  public func member(at path: JSONPath) -> JSONMember? {
    guard case .key(let key) = path.components.last else { return nil }
    let parent = JSONPath(Array(path.components.dropLast()))
    return value(at: parent)?.objectValue?.member(key)
  }
}
