import Foundation
import PushPayload
import UserNotifications

/// `userInfo` from a push's JSON, as an iOS app receives it, and back to JSON (what the device
/// stores when the app's code changed it). What the Foundation objects are, and how they read
/// back, is `UserInfoBridge`'s (UserNotifications).
package enum UserInfoJSON {
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

  /// `userInfo` back as JSON, as `UserInfoBridge.plainValue(of:)` reads it (members sorted by
  /// key, values JSON cannot hold by their description, nesting cut below the reader's depth).
  package static func json(from userInfo: [AnyHashable: Any]) -> JSONValue {
    json(UserInfoBridge.plainValue(of: userInfo))
  }

  /// A plain value as JSON.
  static func json(_ value: UserInfoValue) -> JSONValue {
    switch value {
    case .null: JSONValue(.null)
    case .bool(let flag): JSONValue(.bool(flag))
    case .integer(let integer): JSONValue(.number(JSONNumber(integer)))
    case .unsigned(let unsigned):
      JSONValue(
        .number(JSONNumber(text: String(unsigned)) ?? JSONNumber(Double(unsigned))))
    case .double(let double): JSONValue(.number(JSONNumber(double)))
    case .string(let text): JSONValue(.string(text))
    case .array(let elements): JSONValue(.array(elements.map(json)))
    case .object(let members):
      JSONValue(
        .object(
          JSONObject(members.map { JSONMember(key: $0.key, value: json($0.value)) })))
    }
  }
}
