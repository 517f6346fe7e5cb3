public import PushCore
import Synchronization

/// A JSON text read by PushSim's own reader: the root value, where every node came from, and the
/// duplicate keys Foundation would silently drop.
///
/// Why not only `JSONSerialization` (issue 2): users need exact positions, duplicate-key
/// detection, the byte size of each part of a payload, and speed. The reader accepts exactly
/// RFC 8259 JSON in UTF-8 (no byte order mark, no trailing commas, no comments, any value at the
/// top level), bounds nesting depth, and never traps. Duplicate keys are kept; lookups take the
/// last one, as Foundation does (Rules.md §1).
///
/// - Complexity: parsing is O(n) in the number of bytes; ``position(ofByte:)`` builds a line
///   index once (O(n)) and then answers in O(log lines); for a document of at most 8 KiB it
///   scans the document each time (O(n), n small).
public struct JSONDocument: Sendable {
  /// The top-level value.
  public let root: JSONValue
  /// The exact bytes that were read.
  public let bytes: [UInt8]
  /// Every key that repeats a key earlier in the same object, in source order.
  public let duplicateKeys: [JSONDuplicateKey]
  /// The deferred arrays (`init(parsing:maximumDepth:compact:deferring:)`), by the byte offset
  /// of their `[`; empty when nothing was deferred. Keys repeated inside their elements are not
  /// in ``duplicateKeys``: each element's objects flag them when it is read.
  public let deferredArrays: [Int: JSONDeferredArray]
  /// The deferred object, when the deferred member holds an object rather than an array, by
  /// the byte offset of its `{`: each member's key and value are read one at a time (a String
  /// Catalog's `strings`: a catalog of hundreds of megabytes is never one tree).
  package let deferredObjects: [Int: JSONDeferredObject]
  /// The cached line index of a large document; `nil` for a small one, whose index is cheaper
  /// to build on each (rare) position query than a cache is to allocate for every document.
  private let lines: LazyLineIndex?
  /// Documents up to this many bytes build no line-index cache (a payload is at most 5 KiB).
  static let uncachedLineIndexLimit = 8192

  /// The default bound on nesting (arrays and objects inside each other), as in Foundation.
  public static let defaultMaximumDepth = 512

  /// Reads `bytes` as one JSON text.
  ///
  /// - Parameters:
  ///   - maximumDepth: how many arrays and objects may nest; deeper input is an error rather
  ///     than a stack overflow.
  ///   - compact: keep each object's members in storage of exactly their size, for a tree
  ///     kept in memory (a scenario file); reading is then slightly slower.
  /// - Throws: ``JSONSyntaxError`` with the position and what was expected.
  ///   - deferredMember: a member of the root object whose array is checked like the rest
  ///     but not kept: it is an empty array in ``root``, and ``deferredArrays`` tells where each
  ///     of its elements is, to be read one at a time (a scenario's `steps`: the file's tree
  ///     is never whole in memory).
  public init(
    parsing bytes: [UInt8], maximumDepth: Int = JSONDocument.defaultMaximumDepth,
    compact: Bool = false, deferring deferredMember: String? = nil
  ) throws(JSONSyntaxError) {
    try self.init(
      parsing: bytes, maximumDepth: maximumDepth, compact: compact, deferring: deferredMember,
      deferringObject: nil)
  }

  /// Reads `bytes` as one JSON text, as ``init(parsing:maximumDepth:compact:deferring:)``
  /// does; the root object's member `deferredObject`, when it holds an object, is checked like
  /// the rest but not kept: it is an empty object in ``root``, and `deferredObjects` tells
  /// where each of its members' keys and values are, to be read one at a time (a String
  /// Catalog's `strings`).
  package init(
    parsing bytes: [UInt8], maximumDepth: Int = JSONDocument.defaultMaximumDepth,
    compact: Bool = false, deferring deferredMember: String? = nil,
    deferringObject deferredObject: String?
  ) throws(JSONSyntaxError) {
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(
        buffer, maximumDepth: maximumDepth, compact: compact, deferring: deferredMember,
        deferringObject: deferredObject)
      return parser.parseDocument()
    }
    switch consume outcome {
    case .failure(let failure):
      throw JSONSyntaxError(
        failure.code, byteOffset: failure.offset,
        position: LineIndex(bytes).position(of: failure.offset))
    case .success(let parsed):
      self.root = parsed.root
      self.bytes = bytes
      // Most documents defer nothing: no mapping of an empty table for each of them.
      self.deferredArrays =
        parsed.deferred.isEmpty
        ? [:]
        : parsed.deferred.mapValues {
          JSONDeferredArray(
            elementRanges: $0, maximumDepth: maximumDepth, compact: compact)
        }
      self.deferredObjects = parsed.deferredObjects.mapValues {
        JSONDeferredObject(members: $0, maximumDepth: maximumDepth)
      }
      self.lines = bytes.count > Self.uncachedLineIndexLimit ? LazyLineIndex() : nil
      self.duplicateKeys =
        parsed.duplicates.isEmpty
        ? [] : JSONDuplicateKey.locate(parsed.duplicates, in: parsed.root)
    }
  }

  /// Reads the UTF-8 bytes of `text` as one JSON text.
  public init(parsing text: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth)
    throws(JSONSyntaxError)
  {
    try self.init(parsing: Array(text.utf8), maximumDepth: maximumDepth)
  }

  /// The line and column (1-based) of the byte at `offset`; offsets past the end give the
  /// position just after the last byte.
  public func position(ofByte offset: Int) -> SourcePosition {
    guard let lines else { return LineIndex(bytes).position(of: offset) }
    return lines.position(ofByte: offset, in: bytes)
  }

  /// The position where `value` starts.
  public func position(of value: JSONValue) -> SourcePosition {
    position(ofByte: value.byteRange.lowerBound)
  }

  /// The value at `path`, following the last member for repeated keys.
  public func value(at path: JSONPath) -> JSONValue? { root.value(at: path) }
}

/// An array a ``JSONDocument`` checked but did not keep: where each element is, and how to read
/// one again. Reading an element cannot fail on the same bytes (they were checked); a
/// different buffer gives a syntax error rather than a wrong value.
public struct JSONDeferredArray: Sendable {
  /// Each element's bytes, in order, as offsets into the document's bytes.
  public let elementRanges: [Range<Int>]
  let maximumDepth: Int
  let compact: Bool

  /// The number of elements.
  public var count: Int { elementRanges.count }

  /// Element `index` read from `bytes` (the document's bytes), with byte ranges into them.
  public func element(_ index: Int, in bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try element(index, in: bytes, skipping: []).value
  }

  /// Element `index`, with the object at `keys` (member names from the element down, as
  /// `["push", "payload"]`) checked but not kept: where nothing reads that object's tree, its
  /// strings and members are never built (a scenario's inline payloads, sent as the bytes
  /// written). In `value` it is an empty object with its byte range; `skipped` is that range,
  /// `nil` when the element has no object there. With no keys, this is ``element(_:in:)``.
  package func element(_ index: Int, in bytes: [UInt8], skipping keys: [String])
    throws(JSONSyntaxError) -> (value: JSONValue, skipped: Range<Int>?)
  {
    let range = elementRanges[index]
    guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
      throw JSONSyntaxError(
        .unexpectedEnd(expected: "a JSON value"), byteOffset: bytes.count,
        position: LineIndex(bytes).position(of: bytes.count))
    }
    let (outcome, skipped) = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(
        UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), maximumDepth: maximumDepth,
        compact: compact)
      // The array sits in the root object (depth 1), its elements one deeper.
      let outcome = parser.parseValue(at: range.lowerBound, depth: 2, skipping: keys)
      return (outcome, parser.skippedMember?.skipped)
    }
    switch outcome {
    case .success(let value): return (value, skipped)
    case .failure(let failure):
      throw JSONSyntaxError(
        failure.code, byteOffset: failure.offset,
        position: LineIndex(bytes).position(of: failure.offset))
    }
  }
}

/// A key written twice in one object (Rules.md §1: the last one wins, lint warning).
public struct JSONDuplicateKey: Sendable, Hashable {
  /// The repeated key.
  public var key: String
  /// The path of the later member (the one whose value wins).
  public var path: JSONPath
  /// Where the later key is written, quotes included.
  public var keyRange: Range<Int>
  /// Where the key was first written.
  public var firstKeyRange: Range<Int>

  /// Creates a duplicate-key record.
  public init(key: String, path: JSONPath, keyRange: Range<Int>, firstKeyRange: Range<Int>) {
    self.key = key
    self.path = path
    self.keyRange = keyRange
    self.firstKeyRange = firstKeyRange
  }

  /// Finds the paths of the duplicates found while parsing (rare, so a second walk is fine).
  static func locate(_ found: [(Range<Int>, Range<Int>)], in root: JSONValue) -> [JSONDuplicateKey]
  {
    var firstByLater: [Int: Range<Int>] = [:]
    for (later, first) in found { firstByLater[later.lowerBound] = first }
    var result: [JSONDuplicateKey] = []
    var path = JSONPath()
    func walk(_ value: JSONValue) {
      switch value.kind {
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          path.components.append(.index(index))
          walk(element)
          path.components.removeLast()
        }
      case .object(let object):
        for member in object.members {
          path.components.append(.key(member.key))
          if let first = firstByLater[member.keyRange.lowerBound] {
            result.append(
              JSONDuplicateKey(
                key: member.key, path: path, keyRange: member.keyRange, firstKeyRange: first))
          }
          walk(member.value)
          path.components.removeLast()
        }
      default: break
      }
    }
    walk(root)
    return result
  }
}

/// The document's ``LineIndex``, built on first use and shared by copies of a document: most
/// documents never need a position.
final class LazyLineIndex: Sendable {
  private let index = Mutex<LineIndex?>(nil)

  func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
    index.withLock { cached in
      if let cached { return cached.position(of: offset) }
      let built = LineIndex(bytes)
      cached = built
      return built.position(of: offset)
    }
  }
}

/// An object a ``JSONDocument`` checked but did not keep (`deferring:`): where each member's
/// key and value are, and how to read one again, in document order (a key written twice is
/// there twice).
package struct JSONDeferredObject: Sendable {
  /// Where one member's key (quotes included) and value are, as byte offsets.
  package struct MemberRange: Sendable {
    package var key: Range<Int>
    package var value: Range<Int>
  }

  /// Each member, in document order.
  package let members: [MemberRange]
  let maximumDepth: Int

  init(members: [MemberRange], maximumDepth: Int) {
    self.members = members
    self.maximumDepth = maximumDepth
  }

  /// Member `index`'s key read from `bytes` (the document's bytes); a different buffer gives
  /// a syntax error rather than a wrong key.
  package func key(_ index: Int, in bytes: [UInt8]) throws(JSONSyntaxError) -> String {
    let range = members[index].key
    guard let key = try read(range, in: bytes).stringValue else {
      throw JSONSyntaxError(
        .unexpectedByte(expected: "a string"), byteOffset: range.lowerBound,
        position: LineIndex(bytes).position(of: range.lowerBound))
    }
    return key
  }

  /// Member `index`'s value read from `bytes`, with byte ranges into them.
  package func value(_ index: Int, in bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try read(members[index].value, in: bytes)
  }

  /// The value at `range`, read as the object's members are (one level below the root's).
  private func read(_ range: Range<Int>, in bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
      throw JSONSyntaxError(
        .unexpectedEnd(expected: "a JSON value"), byteOffset: bytes.count,
        position: LineIndex(bytes).position(of: bytes.count))
    }
    let outcome = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(
        UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), maximumDepth: maximumDepth)
      return parser.parseValue(at: range.lowerBound, depth: 2)
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let failure):
      throw JSONSyntaxError(
        failure.code, byteOffset: failure.offset,
        position: LineIndex(bytes).position(of: failure.offset))
    }
  }
}
