package import PushDevice
package import PushPayload

extension UNNotificationContent {
  /// The content the device made from a push, as the app's code sees it: every field PushDevice's
  /// ``NotificationContent`` has, the payload bridged to `userInfo` (``UserInfoBridge``), the
  /// badge as an `NSNumber`, attachments as ``UNNotificationAttachment``s (not checked again).
  package convenience init(_ content: NotificationContent) {
    var fields = Fields()
    fields.title = content.title
    fields.subtitle = content.subtitle
    fields.body = content.body
    fields.badge = content.badge.map { NSNumber(value: $0) }
    fields.sound = content.sound.map(UNNotificationSound.init(deviceSound:))
    fields.userInfo = UserInfoBridge.userInfo(from: content.payload)
    fields.threadIdentifier = content.threadIdentifier
    fields.categoryIdentifier = content.categoryIdentifier
    fields.attachments = content.attachments.map(UNNotificationAttachment.init(validated:))
    fields.launchImageName = content.launchImageName
    fields.targetContentIdentifier = content.targetContentIdentifier
    fields.summaryArgument = content.summaryArgument
    fields.summaryArgumentCount = content.summaryArgumentCount
    fields.interruptionLevel = UNNotificationInterruptionLevel(content.interruptionLevel)
    fields.relevanceScore = content.relevanceScore
    fields.filterCriteria = content.filterCriteria
    fields.communication = content.communication
    self.init(fields: fields)
  }

  /// This content as PushDevice's value, read in one step under the lock (what the device shows
  /// is the content as it was at that moment). `userInfo` becomes the payload
  /// (``UserInfoBridge/json(from:)``); a badge is its integer value; the relevance score is kept
  /// as given (the device clamps it).
  package var deviceContent: NotificationContent {
    let fields = storage.read { $0 }
    var content = NotificationContent(
      title: fields.title, subtitle: fields.subtitle, body: fields.body,
      badge: fields.badge?.intValue, sound: fields.sound?.deviceSound,
      threadIdentifier: fields.threadIdentifier, categoryIdentifier: fields.categoryIdentifier,
      interruptionLevel: fields.interruptionLevel.deviceLevel,
      relevanceScore: fields.relevanceScore,
      attachments: fields.attachments.map(\.deviceAttachment),
      payload: UserInfoBridge.json(from: fields.userInfo))
    content.targetContentIdentifier = fields.targetContentIdentifier
    content.filterCriteria = fields.filterCriteria
    content.launchImageName = fields.launchImageName
    content.summaryArgument = fields.summaryArgument
    content.summaryArgumentCount = fields.summaryArgumentCount
    content.communication = fields.communication
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

extension UNNotificationInterruptionLevel {
  /// The level of PushPayload's ``InterruptionLevel``.
  package init(_ level: InterruptionLevel) {
    switch level {
    case .passive: self = .passive
    case .active: self = .active
    case .timeSensitive: self = .timeSensitive
    case .critical: self = .critical
    }
  }

  /// This level as PushPayload's ``InterruptionLevel``.
  package var deviceLevel: InterruptionLevel {
    switch self {
    case .passive: .passive
    case .active: .active
    case .timeSensitive: .timeSensitive
    case .critical: .critical
    }
  }
}
