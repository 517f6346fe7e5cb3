import Foundation
import PushPayload

/// Decodes `content-state` and `attributes` objects the way the app's synthesized `Decodable`
/// types with `JSONDecoder`'s default strategies do (Behavior.md: ActivityKit decodes with the
/// defaults; custom strategies make updates fail).
///
/// - Keys match property names exactly; keys the type does not declare are ignored.
/// - A missing key or `null` is `nil` for an optional property, `keyNotFound` /
///   `valueNotFound` otherwise.
/// - `String` needs a string, `Bool` `true`/`false` (not 0/1), `Int` an integral number,
///   `Double` any number, `URL` a string that parses as one.
/// - `Date` (`.deferredToDate`) needs a number: seconds since 2001-01-01. An ISO 8601 string
///   fails; a UNIX time decodes 31 years late, which ``DecodedObject/lateDates`` reports.
struct ActivityDecoder {
  /// Seconds between 1970-01-01 and 2001-01-01.
  static let referenceOffset: Double = 978_307_200

  /// The decoded object: declared fields in order, dates as instants; or why it failed.
  struct DecodedObject: Sendable {
    /// Declared fields with their decoded values (`Date` written as an ISO 8601 instant).
    var value: JSONObject
    /// Paths of `Date` fields whose number looks like a UNIX time (decoded decades late).
    var lateDates: [(path: String, seconds: Double, decoded: Date)]
  }

  /// Why decoding failed: the path of the offending key and Swift's error, in words.
  struct Failure: Error, Sendable {
    var path: String
    var message: String
  }

  /// The device's now, to tell a UNIX time sent for a `Date` from a real reference-date one.
  var now: Date

  /// Decodes `json` as a type with `fields`; `path` names the object in messages
  /// (`aps.content-state`).
  func decode(_ json: JSONValue?, fields: [ActivityField], path: String) -> Result<
    DecodedObject, Failure
  > {
    guard let object = json?.objectValue else {
      let found = json.map { $0.typeName } ?? "nothing"
      return .failure(
        Failure(path: path, message: "typeMismatch: expected an object, found \(found)"))
    }
    var decoded = DecodedObject(value: JSONObject(), lateDates: [])
    for field in fields {
      let fieldPath = "\(path).\(field.name)"
      switch decodeValue(object[field.name], type: field.type, path: fieldPath, into: &decoded) {
      case .success(let value): decoded.value.append(JSONMember(key: field.name, value: value))
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(decoded)
  }

  private func decodeValue(
    _ value: JSONValue?, type: ActivityFieldType, path: String, into decoded: inout DecodedObject
  ) -> Result<JSONValue, Failure> {
    if case .optional(let wrapped) = type {
      guard let value, !value.isNull else { return .success(JSONValue(.null)) }
      return decodeValue(value, type: wrapped, path: path, into: &decoded)
    }
    guard let value else {
      return .failure(
        Failure(path: path, message: "keyNotFound: no value for non-optional \(type)"))
    }
    if value.isNull {
      return .failure(Failure(path: path, message: "valueNotFound: null for non-optional \(type)"))
    }
    func mismatch() -> Result<JSONValue, Failure> {
      .failure(
        Failure(path: path, message: "typeMismatch: expected \(type), found \(value.typeName)"))
    }
    switch type {
    case .string:
      return value.stringValue != nil ? .success(value) : mismatch()
    case .bool:
      return value.boolValue != nil ? .success(value) : mismatch()
    case .double:
      return value.numberValue != nil ? .success(value) : mismatch()
    case .int:
      guard let number = value.numberValue else { return mismatch() }
      if number.integer != nil { return .success(value) }
      let double = number.double
      guard double.rounded() == double, abs(double) < 9.2e18 else {
        return .failure(
          Failure(
            path: path,
            message: "dataCorrupted: \(number.text) does not fit in Int"))
      }
      return .success(JSONValue(.number(JSONNumber(Int(double)))))
    case .url:
      guard let text = value.stringValue, !text.isEmpty, URL(string: text) != nil else {
        return value.stringValue == nil
          ? mismatch()
          : .failure(Failure(path: path, message: "dataCorrupted: invalid URL string"))
      }
      return .success(value)
    case .date:
      guard let number = value.numberValue else {
        if value.stringValue != nil {
          return .failure(
            Failure(
              path: path,
              message:
                "typeMismatch: expected Date (a number of seconds since 2001-01-01, the default "
                + "strategy), found a string"))
        }
        return mismatch()
      }
      let seconds = number.double
      let date = Date(timeIntervalSinceReferenceDate: seconds)
      let asUnix = Date(timeIntervalSince1970: seconds)
      let twentyYears: Double = 20 * 365.25 * 86_400
      if date.timeIntervalSince(now) > twentyYears, abs(asUnix.timeIntervalSince(now)) < twentyYears
      {
        decoded.lateDates.append((path, seconds, date))
      }
      return .success(JSONValue(.string(VirtualTimeFormat.text(date))))
    case .array(let element):
      guard let items = value.arrayValue else { return mismatch() }
      var result: [JSONValue] = []
      for (index, item) in items.enumerated() {
        switch decodeValue(item, type: element, path: "\(path)[\(index)]", into: &decoded) {
        case .success(let value): result.append(value)
        case .failure(let failure): return .failure(failure)
        }
      }
      return .success(JSONValue(.array(result)))
    case .optional:
      return .success(value)
    }
  }
}
