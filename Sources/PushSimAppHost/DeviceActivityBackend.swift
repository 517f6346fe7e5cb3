import ActivityKit
import Foundation
import PushDevice
import PushPayload
import PushSimHosting

/// The app's ActivityKit on a simulated device: `Activity` calls become
/// ``DeviceHost/appCall(_:)``s on the device, in the order the app made them, and the device's
/// activities flow back into the app's `Activity` objects after every operation (Rules.md §13).
///
/// - `request` throws at once what the app can know at once: `.denied` when Live Activities are
///   off (or the app lacks `NSSupportsLiveActivities`), `.visibility` outside the foreground.
///   The device then starts the activity with the app's own types doing the decoding; when it
///   refuses (its limit, 4 KB), the activity is `.dismissed` (model).
/// - The host is held weakly: the host keeps this backend alive through its observer.
final class DeviceActivityBackend: ActivityBackend {
  private weak let host: DeviceHost?
  private let queue = SerialQueue()

  init(host: DeviceHost) {
    self.host = host
  }

  /// Waits until every call made so far has reached the device.
  func drain() async { await queue.drain() }

  func start(_ request: ActivityStartRequest, hub: ActivityHub) throws(ActivityAuthorizationError) {
    let authorization = hub.authorization
    guard authorization.enabled else { throw .denied }
    guard authorization.foreground else { throw .visibility }
    let now = host?.clock.now.date ?? DeviceConfiguration.defaultStart
    let scheduled = request.start.map { $0 > now } ?? false
    hub.apply([
      ActivityRecord(
        id: request.id, type: request.type, attributes: request.attributes,
        content: request.content.state, staleDate: request.content.staleDate,
        relevanceScore: request.content.relevanceScore, state: scheduled ? .pending : .active,
        token: nil)
    ])
    let hosted = HostedActivityType(
      name: request.type, decodeAttributes: Self.decode(request.decodeAttributes),
      decodeContentState: Self.decode(request.decodeContentState))
    let channel: ActivityRequest.RequestedChannel =
      switch request.pushType {
      case nil: .none
      case .token?: .token
      case let other?:
        Self.channelID(other).map { ActivityRequest.RequestedChannel.channel($0) } ?? .token
      }
    let deviceRequest = ActivityRequest(
      id: request.id, type: request.type, attributes: Self.json(request.attributes),
      contentState: Self.json(request.content.state), channel: channel,
      staleDate: request.content.staleDate, relevanceScore: request.content.relevanceScore,
      start: request.start)
    queue.enqueue { [weak host] in
      let started = await host?.appCall { device in
        device.hostActivityType(hosted)
        return device.requestActivity(deviceRequest)
      }
      if started != true {
        hub.modify(request.id) { $0.state = .dismissed }
      }
    }
  }

  func register(
    type: String, decodeAttributes: @escaping ActivityCoding,
    decodeContentState: @escaping ActivityCoding
  ) {
    let hosted = HostedActivityType(
      name: type, decodeAttributes: Self.decode(decodeAttributes),
      decodeContentState: Self.decode(decodeContentState))
    queue.enqueue { [weak host] in
      await host?.appCall { device in device.hostActivityType(hosted) }
    }
  }

  func update(
    id: String, content: EncodedActivityContent, alert: AlertConfiguration?, timestamp: Date?,
    hub: ActivityHub
  ) async {
    let state = Self.json(content.state)
    let alertText = alert.map { (title: $0.title.defaultValue, body: $0.body.defaultValue) }
    await queue.run { [weak host] in
      _ = await host?.appCall { device in
        device.updateActivityFromApp(
          id, contentState: state, staleDate: content.staleDate,
          relevanceScore: content.relevanceScore, alert: alertText, timestamp: timestamp)
      }
    }
  }

  func end(
    id: String, content: EncodedActivityContent?, dismissal: ActivityUIDismissalPolicy,
    timestamp: Date?, hub: ActivityHub
  ) async {
    let state = content.map { Self.json($0.state) }
    let policy: ActivityDismissal =
      switch dismissal {
      case .immediate: .immediate
      case .default: .default
      default: Self.dismissalDate(dismissal).map { .after($0) } ?? .default
      }
    await queue.run { [weak host] in
      _ = await host?.appCall { device in
        device.endActivityFromApp(
          id, contentState: state, staleDate: content?.staleDate,
          relevanceScore: content?.relevanceScore ?? 0, dismissal: policy, timestamp: timestamp)
      }
    }
  }

  // MARK: From the device

  /// Copies the device's activities and switches into the app's hub.
  static func apply(_ snapshot: LiveActivitySnapshot, to hub: ActivityHub) {
    var authorization = ActivityHub.Authorization()
    authorization.enabled = snapshot.activitiesEnabled
    authorization.frequent = snapshot.frequentPushesEnabled
    authorization.foreground = snapshot.appInForeground
    authorization.pushToStartToken = snapshot.pushToStartToken.flatMap(Self.tokenData)
    hub.apply(authorization)
    hub.apply(
      snapshot.activities.map { activity in
        ActivityRecord(
          id: activity.id, type: activity.type,
          attributes: Self.data(JSONValue(.object(activity.attributes))),
          content: Self.data(JSONValue(.object(activity.contentState))),
          staleDate: activity.staleDate, relevanceScore: activity.relevanceScore,
          state: Self.state(activity.state), token: activity.token.flatMap(Self.tokenData))
      })
  }

  static func state(_ state: LiveActivity.State) -> ActivityState {
    switch state {
    case .active: .active
    case .stale: .stale
    case .ended: .ended
    case .dismissed: .dismissed
    case .pending: .pending
    }
  }

  // MARK: Conversions

  /// The device's decoding with the app's type: JSON value in, JSON object out.
  static func decode(_ coding: @escaping ActivityCoding) -> HostedActivityType.Decode {
    { json, path in
      guard let json else {
        return .failure(.init(path: path, message: "valueNotFound: no object"))
      }
      switch coding(Data(data(json))) {
      case .success(let bytes):
        guard let object = (try? JSONDocument(parsing: Array(bytes)))?.root.objectValue else {
          return .failure(.init(path: path, message: "the type does not encode as an object"))
        }
        return .success(object)
      case .failure(let failure):
        let location = ([path] + failure.path).joined(separator: ".")
        return .failure(.init(path: location, message: failure.message))
      }
    }
  }

  /// JSON bytes of a value.
  static func data(_ value: JSONValue) -> Data {
    var writer = JSONWriter()
    writer.value(value)
    return Data(writer.bytes)
  }

  /// The value of JSON bytes the app's encoder wrote (an empty object if they are not JSON).
  static func json(_ data: Data) -> JSONValue {
    (try? JSONDocument(parsing: Array(data)))?.root ?? JSONValue(.object(JSONObject()))
  }

  /// The bytes of a hexadecimal token, as iOS hands tokens to the app.
  static func tokenData(_ hex: String) -> Data? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
      index += 2
    }
    return Data(bytes)
  }

  static func channelID(_ pushType: ActivityKit.PushType) -> String? { pushType.channelID }

  static func dismissalDate(_ policy: ActivityUIDismissalPolicy) -> Date? { policy.date }
}
