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

  /// As JSON with the `expect.notification` field names.
  package var json: JSONValue {
    // Every key is written once: the object is built without duplicate checks.
    var members: [JSONMember] = []
    members.reserveCapacity(Self.jsonKeys.count)
    for key in Self.jsonKeys {
      // A plain notification's JSON has no communication fields (Rules.md §16).
      if content.communication == nil, Self.communicationKeys.contains(key) { continue }
      if let value = member(key) { members.append(JSONMember(key: key, value: value)) }
    }
    return JSONValue(.object(JSONObject(distinctMembers: members)))
  }

  /// The keys of ``json``, in its order.
  static let jsonKeys = [
    "push", "identifier", "language", "status", "date", "title", "subtitle", "body", "thread",
    "category", "interruptionLevel", "relevanceScore", "sound", "badge", "targetContentId",
    "attachments", "presentation", "lockScreenText", "userInfo", "sender", "avatar",
    "conversationId", "groupName",
  ]

  /// The keys of a communication notification's fields, `null` for any other.
  static let communicationKeys: Set = ["sender", "avatar", "conversationId", "groupName"]

  /// The member `key` of ``json``; `nil` for a field ``json`` leaves out (no status, no badge)
  /// and any other name. A check naming a few fields builds only those.
  package func member(_ key: String) -> JSONValue? {
    func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
    func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    func object(_ members: [JSONMember]) -> JSONValue {
      JSONValue(.object(JSONObject(distinctMembers: members)))
    }
    switch key {
    case "push": return string(push)
    case "identifier": return string(request.identifier)
    case "language": return string(language)
    case "status": return status.map { string($0.rawValue) }
    case "date": return string(VirtualTimeFormat.text(request.date))
    case "title": return string(title)
    case "subtitle": return string(subtitle)
    case "body": return string(body)
    case "thread": return string(thread)
    case "category": return string(category)
    case "interruptionLevel": return string(interruptionLevel.rawValue)
    case "relevanceScore": return JSONValue(.number(JSONNumber(relevanceScore)))
    case "sound": return sound.map(string) ?? JSONValue(.null)
    case "badge": return content.badge.map { JSONValue(.number(JSONNumber($0))) }
    case "targetContentId": return content.targetContentIdentifier.map(string) ?? JSONValue(.null)
    case "attachments":
      return JSONValue(
        .array(
          attachments.map { attachment in
            object([
              JSONMember(key: "identifier", value: string(attachment.identifier)),
              JSONMember(key: "type", value: string(attachment.type)),
              // The generated file name only: the sandbox folder differs from run to run.
              JSONMember(key: "file", value: string(attachment.url.lastPathComponent)),
            ])
          }))
    case "presentation":
      return object([
        JSONMember(key: "banner", value: bool(presentation.banner)),
        JSONMember(key: "lockScreen", value: bool(presentation.lockScreen)),
        JSONMember(key: "sound", value: bool(presentation.sound)),
        JSONMember(key: "wake", value: bool(presentation.wake)),
        JSONMember(key: "list", value: bool(presentation.list)),
        JSONMember(key: "badge", value: bool(presentation.badge)),
      ])
    case "lockScreenText":
      return object([
        JSONMember(key: "title", value: string(lockScreenText.title)),
        JSONMember(key: "subtitle", value: string(lockScreenText.subtitle)),
        JSONMember(key: "body", value: string(lockScreenText.body)),
      ])
    case "userInfo": return content.payload
    case "sender": return content.communication?.sender.map(Self.senderJSON) ?? JSONValue(.null)
    case "avatar": return content.communication?.avatar.map(Self.avatarJSON) ?? JSONValue(.null)
    case "conversationId":
      return content.communication?.conversationIdentifier.map(string) ?? JSONValue(.null)
    case "groupName": return content.communication?.groupName.map(string) ?? JSONValue(.null)
    default: return nil
    }
  }
}

extension NotificationRecord {
  /// `sender` of ``json``: `name`, `handle` (`null` when none), `handleType`.
  static func senderJSON(_ sender: CommunicationPerson) -> JSONValue {
    JSONValue(
      .object(
        JSONObject(distinctMembers: [
          JSONMember(key: "name", value: JSONValue(.string(sender.displayName))),
          JSONMember(key: "handle", value: sender.handle.map { JSONValue(.string($0)) } ?? nil),
          JSONMember(key: "handleType", value: JSONValue(.string(sender.handleType))),
        ])))
  }

  /// `avatar` of ``json``: `source`, `name` (`null` for image data), `type` (the image type its
  /// bytes show, `null` when none) and `bytes`.
  static func avatarJSON(_ avatar: CommunicationAvatar) -> JSONValue {
    JSONValue(
      .object(
        JSONObject(distinctMembers: [
          JSONMember(key: "source", value: JSONValue(.string(avatar.source.rawValue))),
          JSONMember(key: "name", value: avatar.name.map { JSONValue(.string($0)) } ?? nil),
          JSONMember(
            key: "type", value: avatar.type.map { JSONValue(.string($0.rawValue)) } ?? nil),
          JSONMember(key: "bytes", value: JSONValue(.number(JSONNumber(avatar.data?.count ?? 0)))),
        ])))
  }
}
