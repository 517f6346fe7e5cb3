import Foundation
import PushCore
import PushLocalization
import PushPayload

extension Device {
  /// The notification content of a payload (Rules.md §2, §3): text localized with the
  /// app's strings and the device's languages, other fields read with safe casts.
  ///
  /// `body` is the bytes `payload` was read from: the content keeps them, not the tree
  /// (``PayloadSource``).
  mutating func makeContent(_ payload: Payload, body: [UInt8]?, push: String)
    -> NotificationContent
  {
    let aps = payload.aps
    var content = NotificationContent()
    content.payloadSource = body.map(PayloadSource.body) ?? .tree(payload.json)
    if let alert = aps.alert {
      let input = AlertLocalizationInput(
        title: .title(
          alert.title, locKey: alert.titleLocKey, arguments: alert.titleLocArguments ?? []),
        subtitle: .subtitle(
          alert.subtitle, locKey: alert.subtitleLocKey, arguments: alert.subtitleLocArguments ?? []),
        body: .body(
          alert.body, locKey: alert.locKey, arguments: alert.locArguments ?? [],
          literalPath: alert.form == .string ? "aps.alert" : "aps.alert.body"))
      let localized = localizer.localize(input)
      report(localized.diagnostics, push: push)
      content.title = localized.title
      content.subtitle = localized.subtitle
      content.body = localized.body
      content.launchImageName = alert.launchImage ?? ""
      content.summaryArgument = alert.summaryArgument ?? ""
      content.summaryArgumentCount = alert.summaryArgumentCount ?? 1
    }
    content.badge = aps.badge
    content.sound = aps.sound.map(Self.notificationSound)
    content.threadIdentifier = aps.threadID ?? ""
    content.categoryIdentifier = aps.category ?? ""
    content.interruptionLevel = aps.effectiveInterruptionLevel
    content.relevanceScore = min(1, max(0, aps.relevanceScore ?? 0))
    content.targetContentIdentifier = aps.targetContentID
    content.filterCriteria = aps.filterCriteria
    return content
  }

  /// `aps.sound` as the notification carries it (Behavior.md §1.4).
  static func notificationSound(_ sound: Sound) -> NotificationSound {
    let name = sound.isDefault ? nil : sound.name
    if sound.isCritical { return .critical(name: name, volume: sound.volume) }
    return name.map(NotificationSound.named) ?? .default
  }
}
