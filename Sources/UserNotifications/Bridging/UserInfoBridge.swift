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

  /// A `userInfo` as it reads back after iOS's setter copied it into an `NSDictionary`: Swift
  /// numbers and Booleans become `NSNumber`s (so a Swift `3` stored there is `as? Double` 3.0, as
  /// on iOS), nested dictionaries and arrays likewise; strings, `NSNull` and other objects stay.
  package static func objectiveCBridged(_ userInfo: [AnyHashable: Any]) -> [AnyHashable: Any] {
    userInfo.mapValues(objectiveCBridged)
  }

  private static func objectiveCBridged(_ value: Any) -> Any {
    switch value {
    case is String, is NSNull: return value
    case let dictionary as [AnyHashable: Any]: return objectiveCBridged(dictionary)
    case let array as [Any]: return array.map(objectiveCBridged)
    case let number as NSNumber: return number
    default: return value
    }
  }

  /// `userInfo` back as JSON (what the device stores when an extension changed it).
  ///
  /// `NSNumber`s of Boolean type become `true`/`false`, whole numbers integers, others doubles;
  /// Swift `Bool`, integers and floating-point values the same; `NSNull` is `null`. Keys that
  /// are not strings are written with their description, and values JSON cannot hold (a `Date`,
  /// `Data`) as their description (`source: model`: iOS keeps them in memory, but a payload
  /// cannot carry them).
  package static func json(from userInfo: [AnyHashable: Any]) -> JSONValue {
    var object = JSONObject()
    for (key, value) in userInfo.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      object.append(JSONMember(key: (key.base as? String) ?? "\(key)", value: json(value)))
    }
    return JSONValue(.object(object))
  }

  /// One Foundation value as JSON.
  package static func json(_ value: Any) -> JSONValue {
    switch value {
    case is NSNull: return JSONValue(.null)
    case let number as NSNumber where isBoolean(number):
      return JSONValue(.bool(number.boolValue))
    case let flag as Bool where !(value is NSNumber): return JSONValue(.bool(flag))
    case let text as String: return JSONValue(.string(text))
    case let number as NSNumber:
      let type = number.objCType.pointee
      if type == UInt8(ascii: "d") || type == UInt8(ascii: "f") {
        return JSONValue(.number(JSONNumber(number.doubleValue)))
      }
      if type == UInt8(ascii: "Q"), number.uint64Value > UInt64(Int.max),
        let unsigned = JSONNumber(text: String(number.uint64Value))
      {
        return JSONValue(.number(unsigned))
      }
      return JSONValue(.number(JSONNumber(number.intValue)))
    case let dictionary as [AnyHashable: Any]: return json(from: dictionary)
    case let array as [Any]: return JSONValue(.array(array.map(json)))
    default: return JSONValue(.string(String(describing: value)))
    }
  }

  private static func isBoolean(_ number: NSNumber) -> Bool {
    number.objCType.pointee == UInt8(ascii: "c") && (number.int8Value == 0 || number.int8Value == 1)
  }
}
