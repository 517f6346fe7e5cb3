import Foundation
import PushDevice
import PushPayload

// The device's records as the JSON report writes them, field by field into the report's
// buffer: byte for byte their `json` values written by `JSONWriter.prettyValue(_:level:)`,
// without building those values (a long scenario has one of each per push).

extension NotificationRecord {
  /// ``json`` (the `expect.notification` field names), written into `out`.
  func write(to out: inout PrettyJSONStream) {
    out.openObject()
    out.field("push", string: push)
    out.field("identifier", string: request.identifier)
    out.field("language", string: language)
    if let status { out.field("status", string: status.rawValue) }
    out.field("date", time: request.date)
    out.field("title", string: title)
    out.field("subtitle", string: subtitle)
    out.field("body", string: body)
    out.field("thread", string: thread)
    out.field("category", string: category)
    out.field("interruptionLevel", string: interruptionLevel.rawValue)
    out.field("relevanceScore", number: JSONNumber(relevanceScore).text)
    out.field("sound", optional: sound)
    if let badge = content.badge { out.field("badge", integer: badge) }
    out.field("targetContentId", optional: content.targetContentIdentifier)
    out.field("attachments")
    out.openArray()
    for attachment in attachments {
      out.element()
      out.openObject()
      out.field("identifier", string: attachment.identifier)
      out.field("type", string: attachment.type)
      // The generated file name only: the sandbox folder differs from run to run.
      out.field("file", string: attachment.url.lastPathComponent)
      out.close()
    }
    out.close()
    out.field("presentation")
    out.openObject()
    out.field("banner", bool: presentation.banner)
    out.field("lockScreen", bool: presentation.lockScreen)
    out.field("sound", bool: presentation.sound)
    out.field("wake", bool: presentation.wake)
    out.field("list", bool: presentation.list)
    out.field("badge", bool: presentation.badge)
    out.close()
    out.field("lockScreenText")
    out.openObject()
    out.field("title", string: lockScreenText.title)
    out.field("subtitle", string: lockScreenText.subtitle)
    out.field("body", string: lockScreenText.body)
    out.close()
    out.field("userInfo", payloadOf: content)
    if content.communication != nil {
      // A communication notification's fields (Rules.md §16), only where there is one.
      out.field("sender", value: member("sender") ?? nil)
      out.field("avatar", value: member("avatar") ?? nil)
      out.field("conversationId", value: member("conversationId") ?? nil)
      out.field("groupName", value: member("groupName") ?? nil)
    }
    out.close()
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
