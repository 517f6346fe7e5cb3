import PushCore
import PushPayload

/// The details of one kind of event, declared once: a value with one stored property per detail
/// the kind's row of Codes.md names, and the list of its ``fields`` (name, type, value), from
/// which the event's JSON members and Codes.md's test both come.
///
/// Every event the device logs is made from one of these (or from a ``PlainEvent``, for the
/// kinds without details), so a missing or misspelled detail does not compile. To add a kind
/// with details: a struct beside the others in this folder (`DeviceEvent.<Kind>`), listed in
/// ``EventDetailsCatalog/all``, and its keys in the kind's row of Codes.md (Architecture.md,
/// "Data").
package protocol EventDetails: Sendable {
  /// The kind of the events that carry these details.
  static var kind: EventKind { get }
  /// The details' fields. A field whose value is `nil` is left out of the event.
  static var fields: [RecordField<Self>] { get }
  /// The details as the event's JSON members: ``fieldMembers`` (a type may hand out a table of
  /// them made once, so that the events of many pushes share their storage).
  var json: [String: JSONValue] { get }
}

extension EventDetails {
  /// The details as the event's JSON members (reports sort them by key).
  package var json: [String: JSONValue] { fieldMembers }

  /// The members ``fields`` give: each field's name and value, unless the value is `nil`.
  package var fieldMembers: [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    for field in Self.fields {
      if let value = field.value(self) { members[field.name] = value.json }
    }
    return members
  }

  /// The names of the details, in declaration order: what the kind's row of Codes.md documents.
  package static var keys: [String] { fields.map(\.name) }
}

extension RecordField {
  /// A string field.
  static func string(
    _ key: StaticString, _ value: @escaping @Sendable (Record) -> String?
  ) -> RecordField {
    RecordField(key, .string) { value($0).map(RecordValue.string) }
  }

  /// A whole-number field.
  static func integer(
    _ key: StaticString, _ value: @escaping @Sendable (Record) -> Int?
  ) -> RecordField {
    RecordField(key, .int) { value($0).map(RecordValue.integer) }
  }

  /// A Boolean field.
  static func bool(
    _ key: StaticString, _ value: @escaping @Sendable (Record) -> Bool?
  ) -> RecordField {
    RecordField(key, .bool) { value($0).map(RecordValue.bool) }
  }

  /// A list of strings.
  static func strings(
    _ key: StaticString, _ value: @escaping @Sendable (Record) -> [String]?
  ) -> RecordField {
    RecordField(key, .array(.string)) { value($0).map { .array($0.map(RecordValue.string)) } }
  }

  /// One of the codes of `Code`.
  static func code<Code: EventCode>(
    _ value: @escaping @Sendable (Record) -> Code?
  ) -> RecordField {
    RecordField("code", .oneOf(Code.all.map(\.rawValue))) {
      value($0).map { .string($0.rawValue) }
    }
  }
}
