/// The `apns-push-type` header: what kind of push a request carries (Behavior.md §2.3).
///
/// Its raw values are the 11 documented header spellings. The push type decides the payload
/// size limit (Behavior.md §1.1: 5120 bytes for `voip`, 4096 for every other type) and the topic
/// suffix APNs expects (Behavior.md table 2.3).
public enum PushType: String, Sendable, Hashable, Codable, CaseIterable {
  /// Alert, sound or badge.
  case alert
  /// A background (silent) update; priority 5 only.
  case background
  /// watchOS complication update.
  case complication
  /// WidgetKit controls reload.
  case controls
  /// File Provider change signal.
  case fileprovider
  /// Live Activity start, update or end.
  case liveactivity
  /// Location query (token auth only).
  case location
  /// Mobile device management.
  case mdm
  /// Push to Talk.
  case pushtotalk
  /// VoIP call (PushKit).
  case voip
  /// WidgetKit widget reload.
  case widgets

  /// The push type whose topic suffix `topic` ends with, after a non-empty bundle identifier
  /// (`com.example.app.voip` → `voip`); `nil` for a bare bundle identifier.
  ///
  /// Used when `apns-push-type` is absent: a topic with a known suffix selects its type
  /// (`source: model`, Rules.md §1).
  public init?(topicSuffixOf topic: String) {
    guard
      let match = Self.allCases.first(where: { type in
        guard let suffix = type.topicSuffix else { return false }
        return topic.hasSuffix(suffix) && topic.utf8.count > suffix.utf8.count
      })
    else { return nil }
    self = match
  }

  /// The payload size limit in bytes (Behavior.md §1.1; Rules.md §1).
  public var payloadLimit: Int { self == .voip ? 5120 : 4096 }

  /// The suffix the `apns-topic` must end with (Behavior.md table 2.3); `nil` when the topic is the
  /// bundle identifier (`alert`, `background`) or set by a certificate (`mdm`).
  public var topicSuffix: String? {
    switch self {
    case .alert, .background, .mdm: nil
    case .complication: ".complication"
    case .controls: ".push-type.controls"
    case .fileprovider: ".pushkit.fileprovider"
    case .liveactivity: ".push-type.liveactivity"
    case .location: ".location-query"
    case .pushtotalk: ".voip-ptt"
    case .voip: ".voip"
    case .widgets: ".push-type.widgets"
    }
  }
}
