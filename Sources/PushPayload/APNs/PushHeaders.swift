/// The APNs request headers PushSim judges, as the raw strings a provider sent (Behavior.md §2.2).
///
/// Values are kept exactly as given (`nil` when the header is absent) so that ``APNsVerdict``
/// can reject malformed ones with APNs's reason (`BadPriority`, `BadCollapseId`, …).
public struct PushHeaders: Sendable, Hashable, Codable {
  /// `apns-push-type`: one of the 11 ``PushType`` spellings.
  public var pushType: String?
  /// `apns-priority`: `10`, `5` or `1`; absent means 10.
  public var priority: String?
  /// `apns-collapse-id`: at most 64 bytes of UTF-8; becomes the request identifier.
  public var collapseID: String?
  /// `apns-expiration`: UNIX seconds as a decimal integer; `0` means do not store.
  public var expiration: String?
  /// `apns-topic`: the bundle identifier, with the suffix some push types need.
  public var topic: String?
  /// `apns-id`: a canonical UUID (8-4-4-4-12 hexadecimal digits).
  public var apnsID: String?

  /// Creates headers; every one is optional.
  public init(
    pushType: String? = nil, priority: String? = nil, collapseID: String? = nil,
    expiration: String? = nil, topic: String? = nil, apnsID: String? = nil
  ) {
    self.pushType = pushType
    self.priority = priority
    self.collapseID = collapseID
    self.expiration = expiration
    self.topic = topic
    self.apnsID = apnsID
  }

  /// Reads headers from HTTP header fields; names compare case-insensitively, as in HTTP/2.
  public init(fields: [String: String]) {
    self.init()
    for (name, value) in fields {
      switch name.lowercased() {
      case "apns-push-type": pushType = value
      case "apns-priority": priority = value
      case "apns-collapse-id": collapseID = value
      case "apns-expiration": expiration = value
      case "apns-topic": topic = value
      case "apns-id": apnsID = value
      default: break
      }
    }
  }
}
