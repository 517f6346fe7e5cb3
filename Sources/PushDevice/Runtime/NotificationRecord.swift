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
  public var json: JSONValue {
    var object = JSONObject()
    func add(_ key: String, _ value: JSONValue) {
      object.append(JSONMember(key: key, value: value))
    }
    add("push", .init(.string(push)))
    add("identifier", .init(.string(request.identifier)))
    add("language", .init(.string(language)))
    if let status { add("status", .init(.string(status.rawValue))) }
    add("date", .init(.string(VirtualTimeFormat.text(request.date))))
    add("title", .init(.string(title)))
    add("subtitle", .init(.string(subtitle)))
    add("body", .init(.string(body)))
    add("thread", .init(.string(thread)))
    add("category", .init(.string(category)))
    add("interruptionLevel", .init(.string(interruptionLevel.rawValue)))
    add("relevanceScore", .init(.number(JSONNumber(relevanceScore))))
    add("sound", sound.map { JSONValue(.string($0)) } ?? nil)
    if let badge = content.badge { add("badge", .init(.number(JSONNumber(badge)))) }
    add("targetContentId", content.targetContentIdentifier.map { JSONValue(.string($0)) } ?? nil)
    add(
      "attachments",
      .init(
        .array(
          attachments.map { attachment in
            [
              "identifier": .init(.string(attachment.identifier)),
              "type": .init(.string(attachment.type)),
              // The generated file name only: the sandbox folder differs from run to run.
              "file": .init(.string(attachment.url.lastPathComponent)),
            ]
          })))
    add(
      "presentation",
      [
        "banner": .init(.bool(presentation.banner)),
        "lockScreen": .init(.bool(presentation.lockScreen)),
        "sound": .init(.bool(presentation.sound)),
        "wake": .init(.bool(presentation.wake)),
        "list": .init(.bool(presentation.list)),
        "badge": .init(.bool(presentation.badge)),
      ])
    add(
      "lockScreenText",
      [
        "title": .init(.string(lockScreenText.title)),
        "subtitle": .init(.string(lockScreenText.subtitle)),
        "body": .init(.string(lockScreenText.body)),
      ])
    add("userInfo", content.payload)
    return JSONValue(.object(object))
  }
}
