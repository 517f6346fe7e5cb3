import PushPayload

/// The reasons `pushsim serve` answers beyond the payload and header verdicts ``APNsVerdict``
/// gives (Behavior.md §2.4; Rules.md §18), with APNs's status for each.
enum ServeReason: String, Sendable, CaseIterable {
  /// 404: the path is not `/3/device/<token>`.
  case badPath = "BadPath"
  /// 405: a method other than `POST`.
  case methodNotAllowed = "MethodNotAllowed"
  /// 400: `/3/device/` with no token.
  case missingDeviceToken = "MissingDeviceToken"
  /// 400: a token the server does not know, or one of the other environment.
  case badDeviceToken = "BadDeviceToken"
  /// 400: the token's app is not the topic's.
  case deviceTokenNotForTopic = "DeviceTokenNotForTopic"
  /// 400: no `apns-topic` (required under token-based authentication).
  case missingTopic = "MissingTopic"
  /// 400: a topic no device's app has.
  case topicDisallowed = "TopicDisallowed"
  /// 400: an `apns-*` or `authorization` header given twice.
  case duplicateHeaders = "DuplicateHeaders"
  /// 403: no `authorization: bearer …`.
  case missingProviderToken = "MissingProviderToken"
  /// 403: a token not of APNs's JWT shape.
  case invalidProviderToken = "InvalidProviderToken"
  /// 403: a token more than an hour old.
  case expiredProviderToken = "ExpiredProviderToken"
  /// 403: the connection's client certificate is not one for the topic's app.
  case badCertificate = "BadCertificate"
  /// 403: the connection's client certificate is for the other environment.
  case badCertificateEnvironment = "BadCertificateEnvironment"
  /// 429: a connection's provider token replaced less than 20 minutes after the last.
  case tooManyProviderTokenUpdates = "TooManyProviderTokenUpdates"
  /// 429: too many requests to one device token (a fault set on the token).
  case tooManyRequests = "TooManyRequests"
  /// 503: the server is unavailable (a fault set on the server).
  case serviceUnavailable = "ServiceUnavailable"
  /// 503, or GOAWAY's reason: the server is shutting down.
  case shutdown = "Shutdown"
  /// 410: the app was removed from the device.
  case unregistered = "Unregistered"
  /// 413: a body over the server's read limit (never read whole).
  case payloadTooLarge = "PayloadTooLarge"
  /// 500: the device did not answer in time.
  case internalServerError = "InternalServerError"
  /// 400: a channel request or a broadcast without `apns-channel-id`.
  case missingChannelId = "MissingChannelId"
  /// 400: an `apns-channel-id` that is not a base64 channel id.
  case badChannelId = "BadChannelId"
  /// 400: a channel the app's server did not create (or deleted).
  case channelNotRegistered = "ChannelNotRegistered"
  /// 400: a new channel beyond the app's 10,000.
  case cannotCreateChannelConfig = "CannotCreateChannelConfig"
  /// 400: a new channel whose `message-storage-policy` is not 0 or 1 (Rules.md §18.8, model).
  case badMessageStoragePolicy = "BadMessageStoragePolicy"
  /// 400: a new channel whose `push-type` is not `LiveActivity`.
  case invalidPushType = "InvalidPushType"

  /// The HTTP status APNs sends with this reason.
  var status: Int {
    switch self {
    case .badPath: 404
    case .methodNotAllowed: 405
    case .missingProviderToken, .invalidProviderToken, .expiredProviderToken, .badCertificate,
      .badCertificateEnvironment:
      403
    case .tooManyProviderTokenUpdates, .tooManyRequests: 429
    case .serviceUnavailable, .shutdown: 503
    case .unregistered: 410
    case .payloadTooLarge: 413
    case .internalServerError: 500
    default: 400
    }
  }
}

/// APNs's answer to a request (Behavior.md §2.4): `:status`, `apns-id`, `apns-unique-id` in
/// the development environment, and for an error the JSON body `{"reason": …}`, with
/// `"timestamp"` (milliseconds since 1970) on 410.
enum APNsAnswer {
  static func make(
    status: Int, apnsID: String, uniqueID: String?, reason: String?, timestamp: Int64? = nil
  ) -> ServeResponse {
    var fields = [HeaderField("apns-id", apnsID)]
    if let uniqueID { fields.append(HeaderField("apns-unique-id", uniqueID)) }
    guard let reason, status != 200 else { return ServeResponse(status: status, fields: fields) }
    var body = JSONObject([JSONMember(key: "reason", value: JSONValue(.string(reason)))])
    if let timestamp {
      body.append(
        JSONMember(key: "timestamp", value: JSONValue(.number(JSONNumber(Int(timestamp))))))
    }
    fields.append(HeaderField("content-type", "application/json"))
    return ServeResponse(
      status: status, fields: fields, body: Array(JSONValue(.object(body)).jsonText.utf8))
  }
}
