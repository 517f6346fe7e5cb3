package import PushPayload

/// Turns a JSON payload into `userInfo` as an iOS app receives it, and back.
///
/// iOS decodes a push with `JSONSerialization`, so `userInfo` holds Foundation objects:
/// - numbers are `NSNumber`: an integer (`3`) is an integer `NSNumber`, a number with a fraction or
///   an exponent (`3.5`, `1e2`) a double one, `true`/`false` the Boolean `NSNumber`. Casting
///   follows Swift's `NSNumber` bridging (SE-0170), the same on Linux as on iOS: `as? Int` succeeds
///   when the value is a whole number that fits (`3`, `3.0`, `true` is 1) and fails for `3.5`;
///   `as? Double` succeeds for `3` (3.0); `as? Bool` succeeds for `true`, `false`, 0 and 1 only;
///   a number is never `as? String`;
/// - integers beyond `Int` but within `UInt64` are unsigned `NSNumber`s, larger ones doubles, as
///   `JSONSerialization` does;
/// - strings are strings (also `as? NSString`), `null` is `NSNull`;
/// - arrays are `[Any]` (`as? NSArray`, `as? [Int]` when every element is a whole number…);
/// - objects are `[String: Any]`: they cast to `NSDictionary`, `[AnyHashable: Any]`, and
///   `[String: String]` exactly when every value is a string.
/// When an object has a key twice, the last value wins, as with `JSONSerialization`.
package enum UserInfoBridge {
  /// The error for bytes that are not a JSON object.
  package struct NotAnObject: Error, CustomStringConvertible {
    /// What the bytes were instead.
    package var found: String
    /// `userInfo needs a JSON object; found …`.
    package var description: String { "userInfo needs a JSON object; found \(found)" }
  }

  /// The `userInfo` of a payload whose root is an object (`[:]` for any other root).
  package static func userInfo(from payload: JSONValue) -> [AnyHashable: Any] {
    guard case .object(let object) = payload.kind else { return [:] }
    var dictionary: [AnyHashable: Any] = [:]
    dictionary.reserveCapacity(object.count)
    for member in object.members { dictionary[member.key] = foundationValue(member.value) }
    return dictionary
  }

  /// The `userInfo` of JSON bytes.
  ///
  /// - Throws: The parser's error (with its position) for malformed JSON, ``NotAnObject`` when
  ///   the root is not an object.
  package static func userInfo(fromJSON bytes: [UInt8]) throws -> [AnyHashable: Any] {
    let document = try JSONDocument(parsing: bytes)
    guard case .object = document.root.kind else {
      throw NotAnObject(found: document.root.typeName)
    }
    return userInfo(from: document.root)
  }

  /// One JSON value as the Foundation object `JSONSerialization` gives.
  package static func foundationValue(_ value: JSONValue) -> Any {
    switch value.kind {
    case .null: return NSNull()
    case .bool(let flag): return NSNumber(value: flag)
    case .number(let number):
      if let integer = number.integer { return NSNumber(value: integer) }
      let isIntegerSyntax = !number.text.contains { $0 == "." || $0 == "e" || $0 == "E" }
      if isIntegerSyntax, let unsigned = UInt64(number.text) { return NSNumber(value: unsigned) }
      return NSNumber(value: number.double)
    case .string(let text): return text
    case .array(let values): return values.map(foundationValue)
    case .object(let object):
      var dictionary: [String: Any] = [:]
      dictionary.reserveCapacity(object.count)
      for member in object.members { dictionary[member.key] = foundationValue(member.value) }
      return dictionary
    }
  }

  /// How deep `userInfo` is followed: as deep as a payload can nest (``JSONDocument``'s
  /// limit). An app's own dictionary may nest deeper, or hold itself (an `NSMutableDictionary`
  /// inside itself); below this depth it is cut, never followed into a stack overflow.
  package static let maximumDepth = JSONDocument.defaultMaximumDepth

  /// A `userInfo` as it reads back after iOS's setter copied it into an `NSDictionary`: Swift
  /// numbers and Booleans become `NSNumber`s (so a Swift `3` stored there is `as? Double` 3.0, as
  /// on iOS), nested dictionaries and arrays likewise; strings, `NSNull` and other objects stay.
  /// Below ``maximumDepth`` values stay as they are.
  package static func objectiveCBridged(_ userInfo: [AnyHashable: Any]) -> [AnyHashable: Any] {
    userInfo.mapValues { objectiveCBridged($0, depth: 1) }
  }

  private static func objectiveCBridged(_ value: Any, depth: Int) -> Any {
    guard depth < maximumDepth else { return value }
    switch Nested(value) {
    case .dictionary(let entries)?:
      var dictionary: [AnyHashable: Any] = [:]
      for (key, member) in entries { dictionary[key] = objectiveCBridged(member, depth: depth + 1) }
      return dictionary
    case .array(let elements)?: return elements.map { objectiveCBridged($0, depth: depth + 1) }
    case nil:
      switch value {
      case is String, is NSNull: return value
      case let number as NSNumber: return number
      default: return value
      }
    }
  }

  /// Whether `userInfo` nests deeper than ``maximumDepth`` (or holds itself): what
  /// ``json(from:)`` cuts.
  package static func exceedsMaximumDepth(_ userInfo: [AnyHashable: Any]) -> Bool {
    userInfo.values.contains { exceedsMaximumDepth($0, depth: 1) }
  }

  private static func exceedsMaximumDepth(_ value: Any, depth: Int) -> Bool {
    switch Nested(value) {
    case nil: return false
    case .dictionary(let entries)?:
      return depth >= maximumDepth
        || entries.contains { exceedsMaximumDepth($0.value, depth: depth + 1) }
    case .array(let elements)?:
      return depth >= maximumDepth
        || elements.contains { exceedsMaximumDepth($0, depth: depth + 1) }
    }
  }

  /// A dictionary's entries or an array's elements, read one level deep.
  ///
  /// swift-corelibs-foundation hands out an `NSDictionary`'s or `NSArray`'s values (through
  /// `object(forKey:)`, enumeration or an `as?` cast) bridged to Swift collections, converting
  /// every collection inside them too, so one that holds itself never finishes. Its storage,
  /// which its mirror shows, holds the objects as they are: they are read from there.
  private enum Nested {
    case dictionary([(key: AnyHashable, value: Any)])
    case array([Any])

    init?(_ value: Any) {
      if type(of: value) is AnyObject.Type {
        if value is NSDictionary {
          self = .dictionary(
            Mirror(reflecting: value).children.compactMap { child in
              guard let (key, member) = child.value as? (key: NSObject, value: AnyObject) else {
                return nil
              }
              return ((key as? String).map(AnyHashable.init) ?? AnyHashable(key), member)
            })
        } else if value is NSArray {
          self = .array(Mirror(reflecting: value).children.map(\.value))
        } else {
          return nil
        }
      } else if let dictionary = value as? [AnyHashable: Any] {
        self = .dictionary(dictionary.map { ($0.key, $0.value) })
      } else if let array = value as? [Any] {
        self = .array(array)
      } else {
        return nil
      }
    }
  }

  /// `userInfo` back as JSON (what the device stores when an extension changed it).
  ///
  /// `NSNumber`s of Boolean type become `true`/`false`, whole numbers integers, others doubles;
  /// Swift `Bool`, integers and floating-point values the same; `NSNull` is `null`. Keys that
  /// are not strings are written with their description, and values JSON cannot hold (a `Date`,
  /// `Data`, a number that is not finite) as their description (`source: model`: iOS keeps them
  /// in memory, but a payload cannot carry them). A dictionary or array below
  /// ``maximumDepth`` is `null` (Rules.md §9.10).
  package static func json(from userInfo: [AnyHashable: Any]) -> JSONValue {
    json(from: userInfo, depth: 0)
  }

  /// One Foundation value as JSON.
  package static func json(_ value: Any) -> JSONValue {
    json(value, depth: 0)
  }

  private static func json(from userInfo: [AnyHashable: Any], depth: Int) -> JSONValue {
    json(entries: userInfo.map { ($0.key, $0.value) }, depth: depth)
  }

  private static func json(entries: [(key: AnyHashable, value: Any)], depth: Int) -> JSONValue {
    guard depth < maximumDepth else { return JSONValue(.null) }
    var object = JSONObject()
    for (key, value) in entries.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      object.append(
        JSONMember(key: (key.base as? String) ?? "\(key)", value: json(value, depth: depth + 1)))
    }
    return JSONValue(.object(object))
  }

  private static func json(_ value: Any, depth: Int) -> JSONValue {
    switch Nested(value) {
    case .dictionary(let entries)?: return json(entries: entries, depth: depth)
    case .array(let elements)?:
      guard depth < maximumDepth else { return JSONValue(.null) }
      return JSONValue(.array(elements.map { json($0, depth: depth + 1) }))
    case nil: break
    }
    switch value {
    case is NSNull: return JSONValue(.null)
    case let number as NSNumber where isBoolean(number):
      return JSONValue(.bool(number.boolValue))
    case let flag as Bool where !(value is NSNumber): return JSONValue(.bool(flag))
    case let text as String: return JSONValue(.string(text))
    case let number as NSNumber:
      let type = number.objCType.pointee
      if type == UInt8(ascii: "d") || type == UInt8(ascii: "f") {
        let double = number.doubleValue
        guard double.isFinite else { return JSONValue(.string(String(describing: double))) }
        return JSONValue(.number(JSONNumber(double)))
      }
      if type == UInt8(ascii: "Q"), number.uint64Value > UInt64(Int.max),
        let unsigned = JSONNumber(text: String(number.uint64Value))
      {
        return JSONValue(.number(unsigned))
      }
      return JSONValue(.number(JSONNumber(number.intValue)))
    default: return JSONValue(.string(String(describing: value)))
    }
  }

  private static func isBoolean(_ number: NSNumber) -> Bool {
    number.objCType.pointee == UInt8(ascii: "c") && (number.int8Value == 0 || number.int8Value == 1)
  }
}
