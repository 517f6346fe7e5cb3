import Foundation
import PushPayload

/// One field of a record, declared once: its name, the type an `expect` check accepts, and its
/// value. A record's JSON (``RecordField/json(of:_:)``), the value a check reads by name
/// (``RecordField/member(_:of:_:)``), the scenario report's streamed writer and the scenario
/// schema all come from a record's list of these, so a field is added in one place
/// (Architecture.md, "Data").
package struct RecordField<Record>: Sendable {
  /// The field's name in JSON.
  package let key: StaticString
  /// The type of the field's value, as an `expect` check may state it; `nil` for a field a
  /// check cannot name (a notification's `push`, which is the check's own key).
  package let type: RecordFieldType?
  /// The field's value; `nil` when the record has none (the field is left out).
  package let value: @Sendable (Record) -> RecordValue?
  /// Whether the record's JSON and report write the field (a check still reads its value):
  /// `false` for a plain notification's communication fields.
  package let isWritten: @Sendable (Record) -> Bool

  /// A field named `key` of type `type`.
  package init(
    _ key: StaticString, _ type: RecordFieldType?,
    writtenWhen isWritten: @escaping @Sendable (Record) -> Bool = { _ in true },
    _ value: @escaping @Sendable (Record) -> RecordValue?
  ) {
    self.key = key
    self.type = type
    self.value = value
    self.isWritten = isWritten
  }

  /// The field's name in JSON, as a string.
  package var name: String { key.description }

  /// A field holding a part of the record as an object of `fields`.
  package static func object<Part>(
    _ key: StaticString, _ fields: [RecordField<Part>],
    _ part: @escaping @Sendable (Record) -> Part
  ) -> RecordField {
    RecordField(key, .object(fields.compactMap(\.checked))) { record in
      .object(RecordField<Part>.members(of: part(record), fields))
    }
  }

  /// `(name, type)` for a field a check can name.
  var checked: (String, RecordFieldType)? { type.map { (name, $0) } }

  /// The members `fields` write for `record`, in order.
  package static func members(of record: Record, _ fields: [RecordField]) -> [(
    key: StaticString, value: RecordValue
  )] {
    fields.compactMap { field in
      guard field.isWritten(record), let value = field.value(record) else { return nil }
      return (field.key, value)
    }
  }

  /// `record` as a JSON object of `fields`.
  package static func json(of record: Record, _ fields: [RecordField]) -> JSONValue {
    RecordValue.object(members(of: record, fields)).json
  }

  /// The types of the fields a check can name, in order.
  package static func types(of fields: [RecordField]) -> [(String, RecordFieldType)] {
    fields.compactMap(\.checked)
  }
}

/// A record field's value: what the JSON report writes straight into its buffer, and what
/// ``json`` builds for a check.
package enum RecordValue: Sendable {
  case null
  case string(String)
  case bool(Bool)
  case integer(Int)
  case number(JSONNumber)
  /// A virtual instant (`2026-01-01T09:00:00Z`).
  case instant(Date)
  /// An object, its members in order.
  case object([(key: StaticString, value: RecordValue)])
  case array([RecordValue])
  /// A notification's whole payload (the report writes it from the push body it keeps).
  /// Boxed: the content is large, and every other value small.
  indirect case payload(NotificationContent)
  /// Any JSON value, built.
  case json(JSONValue)

  /// `text`, or `null` when there is none.
  package static func optional(_ text: String?) -> RecordValue {
    text.map(RecordValue.string) ?? .null
  }

  /// The value as JSON.
  package var json: JSONValue {
    switch self {
    case .null: JSONValue(.null)
    case .string(let text): JSONValue(.string(text))
    case .bool(let value): JSONValue(.bool(value))
    case .integer(let value): JSONValue(.number(JSONNumber(value)))
    case .number(let value): JSONValue(.number(value))
    case .instant(let time): JSONValue(.string(VirtualTimeFormat.text(time)))
    case .object(let members):
      // Every key is written once: the object is built without duplicate checks.
      JSONValue(
        .object(
          JSONObject(
            distinctMembers: members.map {
              JSONMember(key: $0.key.description, value: $0.value.json)
            })))
    case .array(let elements): JSONValue(.array(elements.map(\.json)))
    case .payload(let content): content.payload
    case .json(let value): value
    }
  }
}

/// The type of a record field's value, as an `expect` check may state it: what the scenario
/// schema is made of.
package indirect enum RecordFieldType: Sendable {
  case string
  case bool
  case int
  case number
  /// A virtual instant.
  case instant
  /// A string from a closed list.
  case oneOf([String])
  case array(RecordFieldType)
  /// An object with these fields, in order.
  case object([(String, RecordFieldType)])
  /// `null` or the type.
  case nullable(RecordFieldType)
  /// Any JSON value.
  case any
}
