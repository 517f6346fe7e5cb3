import Foundation
import Intents
import PushDevice
import PushPayload
import UserNotifications

extension UNNotificationContent {
  /// The content the device made from a push, as the app's code sees it: every field PushDevice's
  /// ``NotificationContent`` has, the payload bridged to `userInfo` (``UserInfoJSON``), the
  /// badge as an `NSNumber`, attachments as `UNNotificationAttachment`s (not checked again).
  package convenience init(_ content: NotificationContent) {
    var fields = UNNotificationContent.Fields()
    fields.title = content.title
    fields.subtitle = content.subtitle
    fields.body = content.body
    fields.badge = content.badge.map { NSNumber(value: $0) }
    fields.sound = content.sound.map(UNNotificationSound.init(deviceSound:))
    fields.userInfo = UserInfoJSON.userInfo(from: content.payload)
    fields.threadIdentifier = content.threadIdentifier
    fields.categoryIdentifier = content.categoryIdentifier
    fields.attachments = content.attachments.map(UNNotificationAttachment.init(validated:))
    fields.launchImageName = content.launchImageName
    fields.targetContentIdentifier = content.targetContentIdentifier
    fields.summaryArgument = content.summaryArgument
    fields.summaryArgumentCount = content.summaryArgumentCount
    fields.interruptionLevel = content.interruptionLevel.apple
    fields.relevanceScore = content.relevanceScore
    fields.filterCriteria = content.filterCriteria
    fields.communication = content.communication.map { CommunicationSource(device: $0) }
    self.init(fields: fields)
  }

  /// This content as PushDevice's value, read in one step under the lock (what the device shows
  /// is the content as it was at that moment). `userInfo` becomes the payload
  /// (``UserInfoJSON/json(from:)``); a badge is its integer value; the relevance score is kept
  /// as given (the device clamps it); the intent of `updating(from:)` becomes the communication
  /// part (``NotificationCommunication/init(_:)``).
  package var deviceContent: NotificationContent {
    let fields = storage.read { $0 }
    var content = NotificationContent(
      title: fields.title, subtitle: fields.subtitle, body: fields.body,
      badge: fields.badge?.intValue, sound: fields.sound?.deviceSound,
      threadIdentifier: fields.threadIdentifier, categoryIdentifier: fields.categoryIdentifier,
      // Every level of Apple's maps (a test reads them all); `active` is Apple's default.
      interruptionLevel: InterruptionLevel.device(fields.interruptionLevel) ?? .active,
      relevanceScore: fields.relevanceScore,
      attachments: fields.attachments.map(\.deviceAttachment),
      payload: UserInfoJSON.json(from: fields.userInfo))
    content.targetContentIdentifier = fields.targetContentIdentifier
    content.filterCriteria = fields.filterCriteria
    content.launchImageName = fields.launchImageName
    content.summaryArgument = fields.summaryArgument
    content.summaryArgumentCount = fields.summaryArgumentCount
    content.communication = fields.communication.flatMap(NotificationCommunication.init)
    return content
  }
}

extension UNNotificationSound {
  /// The sound PushDevice's ``NotificationSound`` names. A ringtone is a named sound there.
  package convenience init(deviceSound sound: NotificationSound) {
    switch sound {
    case .default: self.init(kind: .default)
    case .named(let name): self.init(kind: .named(name))
    case .critical(let name, let volume):
      self.init(kind: .critical(name: name, volume: volume.map { Float($0) }))
    }
  }

  /// This sound as PushDevice's value; a critical volume is clamped into 0…1 (`source: model`),
  /// a ringtone is a named sound (the default ringtone `default`).
  package var deviceSound: NotificationSound {
    switch kind {
    case .default, .defaultRingtone: .default
    case .named(let name), .ringtone(let name): .named(name)
    case .critical(let name, let volume):
      .critical(name: name, volume: volume.map { Double(min(max($0, 0), 1)) })
    }
  }
}

extension UNNotificationAttachment {
  /// An attachment the device delivers (already checked, not checked again).
  package convenience init(validated attachment: NotificationAttachment) {
    let options = attachment.options
    self.init(
      validatedIdentifier: attachment.identifier, url: attachment.url, type: attachment.type,
      options: Options(
        typeHint: options.typeHint, thumbnailHidden: options.thumbnailHidden,
        thumbnailClippingRect: options.thumbnailClippingRect.map {
          CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        },
        thumbnailTime: options.thumbnailTime))
  }

  /// The attachment as PushDevice's value type.
  package var deviceAttachment: NotificationAttachment {
    NotificationAttachment(
      identifier: identifier, url: url, type: type,
      options: NotificationAttachment.Options(
        typeHint: options.typeHint, thumbnailHidden: options.thumbnailHidden,
        thumbnailClippingRect: options.thumbnailClippingRect.map {
          NotificationAttachment.ClippingRect(
            x: Double($0.origin.x), y: Double($0.origin.y), width: Double($0.size.width),
            height: Double($0.size.height))
        },
        thumbnailTime: options.thumbnailTime))
  }
}
