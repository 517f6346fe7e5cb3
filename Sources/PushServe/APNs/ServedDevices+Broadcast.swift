import Foundation
import PushDevice
import PushPayload

extension ServedDevices {
  /// The channel management endpoint (Rules.md §18.8): `POST`, `GET` and `DELETE` on
  /// `/1/apps/<bundle id>/channels` (create, read, delete; the channel in `apns-channel-id`),
  /// and `GET /1/apps/<bundle id>/all-channels` (list).
  func channelManagement(_ request: ServeRequest) async -> ServeResponse {
    let time = now()
    let requestID = Self.requestID(request)
    func answer(
      _ status: Int, reason: String? = nil, fields: [HeaderField] = [], body: JSONValue? = nil,
      message: String? = nil
    ) -> ServeResponse {
      var response = ServeResponse(
        status: status, fields: [HeaderField("apns-request-id", requestID)] + fields)
      if let reason {
        response.fields.append(HeaderField("content-type", "application/json"))
        response.body = Array(
          JSONValue(
            .object(JSONObject([JSONMember(key: "reason", value: JSONValue(.string(reason)))]))
          )
          .jsonText.utf8)
      } else if let body {
        response.fields.append(HeaderField("content-type", "application/json"))
        response.body = Array(body.jsonText.utf8)
      }
      log.request(
        request, at: time, device: nil, response: response, reason: reason, message: message)
      return response
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
    // ["", "1", "apps", bundle, "channels" | "all-channels"]
    guard parts.count == 5, parts[2] == "apps", !parts[3].isEmpty,
      parts[4] == "channels" || parts[4] == "all-channels"
    else {
      return answer(
        404, reason: ServeReason.badPath.rawValue,
        message: "the path is not /1/apps/<bundle id>/channels or /all-channels")
    }
    let bundleID = String(parts[3])
    let listing = parts[4] == "all-channels"
    let allowed = listing ? ["GET"] : ["POST", "GET", "DELETE"]
    guard allowed.contains(request.method) else {
      return answer(
        405, reason: ServeReason.methodNotAllowed.rawValue,
        message: "\(parts[4]) takes \(allowed.joined(separator: ", ")), not \(request.method)")
    }
    if let refusal = commonRefusal(request, bundleID: bundleID, at: time) {
      return answer(
        refusal.reason.status, reason: refusal.reason.rawValue, message: refusal.message)
    }
    if listing {
      let ids = channels.ids(of: bundleID).map { JSONValue(.string($0)) }
      return answer(
        200,
        body: JSONValue(
          .object(JSONObject([JSONMember(key: "channels", value: JSONValue(.array(ids)))]))))
    }
    if request.method == "POST" {
      let document = try? JSONDocument(parsing: request.body, maximumDepth: 8)
      let object = document?.root.objectValue
      guard let policyNumber = object?["message-storage-policy"]?.numberValue?.integer,
        let policy = BroadcastChannel.StoragePolicy(rawValue: policyNumber)
      else {
        return answer(
          400, reason: ServeReason.badMessageStoragePolicy.rawValue,
          message:
            "the body is {\"message-storage-policy\": 0 or 1, \"push-type\": \"LiveActivity\"}")
      }
      guard object?["push-type"]?.stringValue == "LiveActivity" else {
        return answer(
          400, reason: ServeReason.invalidPushType.rawValue,
          message: "channels carry \"push-type\": \"LiveActivity\" only")
      }
      guard let id = channels.create(bundleID, policy: policy) else {
        return answer(
          400, reason: ServeReason.cannotCreateChannelConfig.rawValue,
          message: "\(bundleID) has \(BroadcastChannels.limit) channels, the most an app may have")
      }
      // Each phone of the app learns the channel's policy, as a scenario declares it.
      for index in phones.indices where phones[index].bundleID == bundleID {
        let host = phones[index].host
        var app = await host.read { $0.app }
        app.liveActivities.channels.append(BroadcastChannel(id: id, storagePolicy: policy))
        await host.setApp(app)
      }
      return answer(201, fields: [HeaderField("apns-channel-id", id)])
    }
    let id: String
    switch channelID(request, of: bundleID) {
    case .failure(let refusal):
      return answer(
        refusal.reason.status, reason: refusal.reason.rawValue, message: refusal.message)
    case .success(let channel): id = channel.id
    }
    if request.method == "DELETE" {
      _ = channels.delete(id, of: bundleID)
      return answer(204)
    }
    let policy = channels.channel(id, of: bundleID)?.storagePolicy.rawValue ?? 1
    return answer(
      200,
      body: JSONValue(
        .object(
          JSONObject([
            JSONMember(
              key: "message-storage-policy", value: JSONValue(.number(JSONNumber(policy)))),
            JSONMember(key: "push-type", value: JSONValue(.string("LiveActivity"))),
          ]))))
  }

  /// A broadcast push, `POST /4/broadcasts/apps/<bundle id>` with `apns-channel-id`: APNs's
  /// answer, and the push played on every phone of the app (each plays it on the activities
  /// subscribed to the channel, Rules.md §13.15).
  func broadcast(_ request: ServeRequest) async -> ServeResponse {
    let time = now()
    let requestID = Self.requestID(request)
    let uniqueID = environment == .development ? uuids.next() : nil
    func answer(_ status: Int, reason: String?, message: String?, device: String?) -> ServeResponse
    {
      var response = APNsAnswer.make(
        status: status, apnsID: requestID, uniqueID: uniqueID, reason: reason)
      response.fields.insert(HeaderField("apns-request-id", requestID), at: 0)
      log.request(
        request, at: time, device: device, response: response, reason: reason, message: message)
      return response
    }
    func refuse(_ refusal: Refusal) -> ServeResponse {
      answer(
        refusal.reason.status, reason: refusal.reason.rawValue, message: refusal.message,
        device: nil)
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
    // ["", "4", "broadcasts", "apps", bundle]
    guard parts.count == 5, parts[2] == "broadcasts", parts[3] == "apps", !parts[4].isEmpty else {
      return refuse(Refusal(.badPath, "the path is not /4/broadcasts/apps/<bundle id>"))
    }
    guard request.method == "POST" else {
      return refuse(Refusal(.methodNotAllowed, "APNs takes POST only, not \(request.method)"))
    }
    let bundleID = String(parts[4])
    if let refusal = commonRefusal(request, bundleID: bundleID, at: time) { return refuse(refusal) }
    let id: String
    switch channelID(request, of: bundleID) {
    case .failure(let refusal): return refuse(refusal)
    case .success(let channel): id = channel.id
    }
    if request.bodyTooLarge {
      return refuse(Refusal(.payloadTooLarge, "the body is over \(bodyLimit) bytes"))
    }
    var headers = PushHeaders(fields: [:])
    for field in request.fields {
      switch field.name {
      case "apns-push-type": headers.pushType = field.value
      case "apns-priority": headers.priority = field.value
      case "apns-expiration": headers.expiration = field.value
      default: break
      }
    }
    headers.apnsID = requestID
    // Every installed phone of the app gets the push; the first one's verdict is APNs's (the
    // verdict reads the request alone, so the others' is the same).
    var verdict: (status: Int, reason: String?)?
    var reached: [String] = []
    for index in phones.indices where phones[index].bundleID == bundleID {
      guard phones[index].installed else { continue }
      await follow(wallClock: time, phone: index)
      let pushID = phones[index].claimPushID(requestID)
      let record = await phones[index].host.receive(
        bytes: request.body, headers: headers, id: pushID, to: .channel(id))
      await forget(phone: index)
      reached.append(phones[index].name)
      if verdict == nil {
        verdict = (record.httpStatus, record.httpStatus == 200 ? nil : record.reason)
      }
      if record.httpStatus != 200 { break }
    }
    let judged =
      verdict
      ?? {
        let alone = APNsVerdict(body: request.body, headers: headers)
        return (alone.httpStatus, alone.reason?.rawValue)
      }()
    let response = answer(
      judged.status, reason: judged.reason,
      message: "channel \(id): \(reached.count) phone\(reached.count == 1 ? "" : "s") of the app",
      device: reached.count == 1 ? reached[0] : nil)
    for name in reached {
      if let index = phones.firstIndex(where: { $0.name == name }) {
        await printEvents(phone: index)
      }
    }
    return response
  }

  /// Why a request is refused before its own checks: `apns-*` or `authorization` given twice,
  /// the provider token, or a bundle id no phone's app has.
  private func commonRefusal(_ request: ServeRequest, bundleID: String, at time: Date)
    -> Refusal?
  {
    var seen: Set<String> = []
    for field in request.fields
    where field.name.hasPrefix("apns-") || field.name == "authorization" {
      guard seen.insert(field.name).inserted else {
        return Refusal(.duplicateHeaders, "\(field.name) is given more than once")
      }
    }
    let provider = ProviderToken(authorization: request.values("authorization"), now: time)
    switch provider {
    case .missing: return Refusal(.missingProviderToken, provider.message)
    case .invalid: return Refusal(.invalidProviderToken, provider.message)
    case .expired: return Refusal(.expiredProviderToken, provider.message)
    case .valid: break
    }
    guard bundleIDs.contains(bundleID) else {
      return Refusal(
        .topicDisallowed, "no device's app has the bundle id \(JSONWriter.quoted(bundleID))")
    }
    return nil
  }

  /// The channel `apns-channel-id` names, or why it names none of `bundleID`'s.
  private func channelID(_ request: ServeRequest, of bundleID: String) -> Result<
    BroadcastChannel, Refusal
  > {
    guard let id = request.values("apns-channel-id").first, !id.isEmpty else {
      return .failure(Refusal(.missingChannelId, "apns-channel-id names no channel"))
    }
    guard BroadcastChannels.isWellFormed(id) else {
      return .failure(Refusal(.badChannelId, "apns-channel-id is not a base64 channel id"))
    }
    guard let channel = channels.channel(id, of: bundleID) else {
      return .failure(
        Refusal(.channelNotRegistered, "\(bundleID) has no channel \(JSONWriter.quoted(id))"))
    }
    return .success(channel)
  }

  /// `apns-request-id` as the request sent it when it is a canonical UUID, else a new one.
  private static func requestID(_ request: ServeRequest) -> String {
    request.values("apns-request-id").first.flatMap {
      APNsVerdict.isCanonicalUUID($0) ? $0 : nil
    } ?? UUID().uuidString.lowercased()
  }
}

/// A refusal: APNs's reason and why, in plain words.
struct Refusal: Error {
  var reason: ServeReason
  var message: String

  init(_ reason: ServeReason, _ message: String) {
    self.reason = reason
    self.message = message
  }
}
