import Foundation
import PushDevice
import PushPayload

// The device's records as the JSON report writes them, field by field into the report's
// buffer: byte for byte their `json` values written by `JSONWriter.prettyValue(_:level:)`,
// without building those values (a long scenario has one of each per push).

extension NotificationRecord {
  /// ``json`` (the `expect.notification` field names), written into `out` from
  /// ``NotificationRecord/fields``.
  func write(to out: inout PrettyJSONStream) {
    let source = fieldSource
    out.openObject()
    for field in Self.fields where field.isWritten(source) {
      if let value = field.value(source) { out.field(field.key, value) }
    }
    out.close()
  }
}

extension PrettyJSONStream {
  /// `"key": value`, a record field's value written straight into the buffer.
  mutating func field(_ key: StaticString, _ value: RecordValue) {
    switch value {
    case .null: field(key, optional: nil)
    case .string(let text): field(key, string: text)
    case .bool(let bool): field(key, bool: bool)
    case .integer(let integer): field(key, integer: integer)
    case .number(let number): field(key, number: number.text)
    case .instant(let time): field(key, time: time)
    case .payload(let content): field(key, payloadOf: content)
    case .json(let json): field(key, value: json)
    case .object, .array:
      field(key)
      self.value(value)
    }
  }

  /// A record field's value at the current position (a member's value or an array's element).
  mutating func value(_ value: RecordValue) {
    switch value {
    case .object(let members):
      openObject()
      for member in members { field(member.key, member.value) }
      close()
    case .array(let elements):
      openArray()
      for element in elements {
        self.element()
        self.value(element)
      }
      close()
    default:
      self.value(value.json)
    }
  }
}

extension PushRecord {
  /// ``scenarioJSON(apnsFacts:)`` without the APNs facts (the report's short form), written
  /// into `out`: `status`, `httpStatus`, `reason` (`null` when empty), `identifier`.
  func writeReportJSON(to out: inout PrettyJSONStream) {
    out.openObject()
    out.field("status", string: status.rawValue)
    out.field("httpStatus", integer: httpStatus)
    out.field("reason", optional: reason.isEmpty ? nil : reason)
    if let requestIdentifier { out.field("identifier", string: requestIdentifier) }
    out.close()
  }
}

extension PushDiagnostic {
  /// ``json`` (`code`, `push`, `severity`, `path`, `message`, `source`), written into `out`.
  func write(to out: inout PrettyJSONStream) {
    out.openObject()
    out.field("code", string: diagnostic.code.rawValue)
    if let push { out.field("push", string: push) }
    out.field("severity", string: diagnostic.severity.rawValue)
    if let path = diagnostic.path { out.field("path", string: path) }
    out.field("message", string: diagnostic.message)
    out.field("source", string: diagnostic.source.rawValue)
    out.close()
  }
}
