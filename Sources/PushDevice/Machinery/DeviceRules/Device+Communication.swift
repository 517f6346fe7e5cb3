import Foundation
import PushCore
import PushPayload

extension Device {
  /// `request` as iOS shows a communication notification (Rules.md §16): with the
  /// `communication` entitlement, the sender's name becomes the title and the group's name (or,
  /// in a group without one, a summary of its recipients) the subtitle, logged as
  /// `communication`; without it, the content is a plain notification
  /// (`communication.plain`). Content that was not updated from an intent is returned as is.
  mutating func communicationStyled(_ id: String, request: NotificationRequest)
    -> NotificationRequest
  {
    guard let communication = request.content.communication else { return request }
    var content = request.content
    let intent = communication.kind == .message ? "INSendMessageIntent" : "INStartCallIntent"
    guard app.entitlements.contains(.communication) else {
      content.communication = nil
      log(
        DeviceEvent.CommunicationPlain(), id, .model,
        "the content was updated from an \(intent) but the app lacks the communication "
          + "entitlement: a plain notification with the app's icon")
      return NotificationRequest(
        identifier: request.identifier, content: content, date: request.date)
    }
    guard app.declaresUserActivityType(intent) else {
      content.communication = nil
      log(
        DeviceEvent.CommunicationPlain(intent: intent), id, .model,
        "the content was updated from an \(intent) but the app's NSUserActivityTypes does not "
          + "list it: a plain notification with the app's icon")
      return NotificationRequest(
        identifier: request.identifier, content: content, date: request.date)
    }
    var details = DeviceEvent.Communication(intent: intent)
    var words: [String] = []
    if let sender = communication.sender {
      content.title = sender.displayName
      details.sender = sender.displayName
      words.append("from \(sender.displayName)")
    }
    if let group = communication.groupName {
      content.subtitle = group
      details.group = group
      words.append("in \"\(group)\"")
    } else if communication.recipientCount > 1 {
      content.subtitle = Self.recipientsSummary(communication.recipientCount)
      words.append("to \(communication.recipientCount) people")
    }
    if let avatar = communication.avatar {
      details.avatar = avatar.source.rawValue
      words.append(avatar.type == nil ? "with an avatar it cannot draw" : "with an avatar")
    } else {
      words.append("without an avatar")
    }
    log(details, id, .device, "a communication notification " + words.joined(separator: ", "))
    return NotificationRequest(identifier: request.identifier, content: content, date: request.date)
  }

  /// The subtitle of a group conversation without a name: `to you and 2 others` (Rules.md §16;
  /// the words are PushSim's, Apple does not publish them).
  static func recipientsSummary(_ recipientCount: Int) -> String {
    let others = recipientCount - 1
    return "to you and \(others) \(others == 1 ? "other" : "others")"
  }
}
