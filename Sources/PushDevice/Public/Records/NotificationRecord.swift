import Foundation
public import PushPayload

/// One notification as PushSim shows it: what `expect.notification.<id>` compares.
///
/// Kept for every push that became a notification (delivered, replaced, held, tapped…), so a
/// report can show it after it left the center. Field names follow ScenarioFormat.md.
public struct NotificationRecord: Sendable, Equatable {
  /// The push id.
  public let push: String
  /// The request: identifier (collapse id or fresh, Behavior.md §2.2) and content after
  /// localization, the service extension and the app's sound check.
  public internal(set) var request: NotificationRequest
  /// How it was presented (Rules.md §5); all `false` while held or suppressed.
  public internal(set) var presentation: Presentation
  /// The level the device acted on (a time-sensitive push without the entitlement acts as
  /// active, Rules.md §5 step 4).
  public internal(set) var effectiveLevel: InterruptionLevel
  /// What the lock screen shows for it now (Rules.md §5 step 8), filled in by
  /// ``Device/notification(_:)``.
  public internal(set) var lockScreenText: LockScreenText
  /// The localization the texts came from (`es` for an `es-MX` device, Rules.md §3).
  public internal(set) var language: String
  /// What became of the push, filled in by ``Device/notification(_:)`` (`delivered`, `opened`…).
  public internal(set) var status: PushStatus?

  /// The content shortcut.
  public var content: NotificationContent { request.content }
  /// `title`.
  public var title: String { content.title }
  /// `subtitle`.
  public var subtitle: String { content.subtitle }
  /// `body`.
  public var body: String { content.body }
  /// `thread`: the thread-id, `""` when none.
  public var thread: String { content.threadIdentifier }
  /// `category`: `""` when none.
  public var category: String { content.categoryIdentifier }
  /// `interruptionLevel` as the payload asked (see ``effectiveLevel``).
  public var interruptionLevel: InterruptionLevel { content.interruptionLevel }
  /// `relevanceScore`.
  public var relevanceScore: Double { content.relevanceScore }
  /// `sound`: the name after the app's check, `default`, or `nil`.
  public var sound: String? { content.sound?.name }
  /// `attachments`.
  public var attachments: [NotificationAttachment] { content.attachments }

  init(
    push: String, request: NotificationRequest, presentation: Presentation,
    effectiveLevel: InterruptionLevel, language: String
  ) {
    self.language = language
    self.status = nil
    self.push = push
    self.request = request
    self.presentation = presentation
    self.effectiveLevel = effectiveLevel
    self.lockScreenText = LockScreenText(title: "", body: "")
  }

  /// As JSON with the `expect.notification` field names (``fields``, in order).
  package var json: JSONValue { RecordField.json(of: fieldSource, Self.fields) }

  /// The member `key` of ``json``; `nil` for a field ``json`` leaves out (no status, no badge)
  /// and any other name; `null` for a plain notification's communication fields. A check
  /// naming a few fields builds only those.
  package func member(_ key: String) -> JSONValue? {
    Self.fieldsByName[key].flatMap { Self.fields[$0].value(fieldSource)?.json }
  }

  /// The index in ``fields`` of each field's name.
  private static let fieldsByName = Dictionary(
    uniqueKeysWithValues: fields.enumerated().map { ($0.element.name, $0.offset) })
}

extension NotificationRecord {
  /// What the fields of a record read: the record, and its content read once (the content is
  /// a copy out of the request's box, so each field does not make its own).
  package struct FieldSource: Sendable {
    /// The record.
    package let record: NotificationRecord
    /// Its content.
    package let content: NotificationContent
  }

  /// This record as its fields read it.
  package var fieldSource: FieldSource { FieldSource(record: self, content: content) }

  /// Every field of a notification record, in the order of its JSON: the record's JSON, the
  /// values `expect.notification` checks read, the report's writer and the check's schema come
  /// from this list (ScenarioFormat.md, expect).
  package static let fields: [RecordField<FieldSource>] = [
    RecordField("push", nil) { .string($0.record.push) },
    RecordField("identifier", .string) { .string($0.record.request.identifier) },
    RecordField("language", .string) { .string($0.record.language) },
    RecordField("status", .oneOf(PushStatus.allCases.map(\.rawValue))) {
      $0.record.status.map { .string($0.rawValue) }
    },
    RecordField("date", .instant) { .instant($0.record.request.date) },
    RecordField("title", .string) { .string($0.content.title) },
    RecordField("subtitle", .string) { .string($0.content.subtitle) },
    RecordField("body", .string) { .string($0.content.body) },
    RecordField("thread", .string) { .string($0.content.threadIdentifier) },
    RecordField("category", .string) { .string($0.content.categoryIdentifier) },
    RecordField("interruptionLevel", .oneOf(InterruptionLevel.allCases.map(\.rawValue))) {
      .string($0.content.interruptionLevel.rawValue)
    },
    RecordField("relevanceScore", .number) { .number(JSONNumber($0.content.relevanceScore)) },
    RecordField("sound", .nullable(.string)) { .optional($0.content.sound?.name) },
    RecordField("badge", .nullable(.int)) { $0.content.badge.map(RecordValue.integer) },
    RecordField("targetContentId", .nullable(.string)) {
      .optional($0.content.targetContentIdentifier)
    },
    RecordField("attachments", .array(.object(RecordField.types(of: attachmentFields)))) {
      .array($0.content.attachments.map { .object(RecordField.members(of: $0, attachmentFields)) })
    },
    .object("presentation", presentationFields, \.record.presentation),
    .object("lockScreenText", lockScreenTextFields, \.record.lockScreenText),
    RecordField("userInfo", .any) { .payload($0.content) },
    // A communication notification's fields (Rules.md §16), `null` for any other.
    communication("sender", .nullable(.object(RecordField.types(of: senderFields)))) {
      $0?.sender.map { .object(RecordField.members(of: $0, senderFields)) } ?? .null
    },
    communication("avatar", .nullable(.object(RecordField.types(of: avatarFields)))) {
      $0?.avatar.map { .object(RecordField.members(of: $0, avatarFields)) } ?? .null
    },
    communication("conversationId", .nullable(.string)) { .optional($0?.conversationIdentifier) },
    communication("groupName", .nullable(.string)) { .optional($0?.groupName) },
  ]

  /// A field of the communication part, written only for a communication notification.
  private static func communication(
    _ key: StaticString, _ type: RecordFieldType,
    _ value: @escaping @Sendable (NotificationCommunication?) -> RecordValue
  ) -> RecordField<FieldSource> {
    RecordField(key, type, writtenWhen: { $0.content.communication != nil }) {
      value($0.content.communication)
    }
  }

  /// An attachment's fields: the generated file name only, since the sandbox folder differs
  /// from run to run.
  static let attachmentFields: [RecordField<NotificationAttachment>] = [
    RecordField("identifier", .string) { .string($0.identifier) },
    RecordField("type", .string) { .string($0.type) },
    RecordField("file", .string) { .string($0.url.lastPathComponent) },
  ]

  /// What was presented (Rules.md §5).
  static let presentationFields: [RecordField<Presentation>] = [
    RecordField("banner", .bool) { .bool($0.banner) },
    RecordField("lockScreen", .bool) { .bool($0.lockScreen) },
    RecordField("sound", .bool) { .bool($0.sound) },
    RecordField("wake", .bool) { .bool($0.wake) },
    RecordField("list", .bool) { .bool($0.list) },
    RecordField("badge", .bool) { .bool($0.badge) },
  ]

  /// What the lock screen shows (Rules.md §5 step 8).
  static let lockScreenTextFields: [RecordField<LockScreenText>] = [
    RecordField("title", .string) { .string($0.title) },
    RecordField("subtitle", .string) { .string($0.subtitle) },
    RecordField("body", .string) { .string($0.body) },
  ]

  /// `sender`: `name`, `handle` (`null` when none), `handleType`.
  static let senderFields: [RecordField<CommunicationPerson>] = [
    RecordField("name", .string) { .string($0.displayName) },
    RecordField("handle", .nullable(.string)) { .optional($0.handle) },
    RecordField("handleType", .oneOf(["unknown", "emailAddress", "phoneNumber"])) {
      .string($0.handleType)
    },
  ]

  /// `avatar`: `source`, `name` (`null` for image data), `type` (the image type its bytes
  /// show, `null` when none) and `bytes`.
  static let avatarFields: [RecordField<CommunicationAvatar>] = [
    RecordField("source", .oneOf(["data", "file", "named", "system"])) {
      .string($0.source.rawValue)
    },
    RecordField("name", .nullable(.string)) { .optional($0.name) },
    RecordField("type", .nullable(.string)) { .optional($0.type?.rawValue) },
    RecordField("bytes", .int) { .integer($0.data?.count ?? 0) },
  ]
}
