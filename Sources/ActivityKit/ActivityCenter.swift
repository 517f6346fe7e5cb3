import Foundation
package import PushSimHosting
import Synchronization

/// Why the app's type did not decode a JSON object: where, and Swift's error in words.
package struct ActivityDecodingFailure: Error, Sendable {
  package var path: [String]
  package var message: String
}

/// Decodes JSON bytes into one of the app's types with `JSONDecoder()` and encodes the value
/// back with `JSONEncoder()`.
package typealias ActivityCoding = @Sendable (Data) -> Result<Data, ActivityDecodingFailure>

/// Content the app passes to `update` or `end`, encoded.
package struct EncodedActivityContent: Sendable {
  package var state: Data
  package var staleDate: Date?
  package var relevanceScore: Double
}

/// What `Activity.request` asks the backend for.
package struct ActivityStartRequest: Sendable {
  package var id: String
  package var type: String
  package var attributes: Data
  package var content: EncodedActivityContent
  package var pushType: PushType?
  /// iOS 26's scheduled start (`nil`: now).
  package var start: Date?
  /// The app's own attributes type, as the device decodes with it.
  package var decodeAttributes: ActivityCoding
  /// The app's own `ContentState` type.
  package var decodeContentState: ActivityCoding
}

/// Where `Activity` calls end up: a simulated device, or memory.
package protocol ActivityBackend: Sendable {
  /// Starts an activity or throws at once; the hub holds its record afterwards.
  func start(_ request: ActivityStartRequest, hub: ActivityHub) throws(ActivityAuthorizationError)
  /// Makes the app's attributes type known to the system (the app observes its push-to-start
  /// tokens), so pushes can start activities of it.
  func register(
    type: String, decodeAttributes: @escaping ActivityCoding,
    decodeContentState: @escaping ActivityCoding)
  /// Updates an activity (ignored when `timestamp` is older than its newest content); returns
  /// when the change has reached the hub.
  func update(
    id: String, content: EncodedActivityContent, alert: AlertConfiguration?, timestamp: Date?,
    hub: ActivityHub
  ) async
  /// Ends an activity (ignored when `timestamp` is older than its newest content); returns
  /// when the change has reached the hub.
  func end(
    id: String, content: EncodedActivityContent?, dismissal: ActivityUIDismissalPolicy,
    timestamp: Date?, hub: ActivityHub) async
}

/// The app's ActivityKit on one device (or in memory): its backend and its activities.
package final class ActivityCenter: Sendable {
  package let hub = ActivityHub()
  package let backend: any ActivityBackend
  private let started = Mutex(0)

  package init(backend: any ActivityBackend) {
    self.backend = backend
  }

  /// The center of the device whose app code is running (`DeviceHost.runApp`).
  package static var bound: ActivityCenter? { AppProcess[BoundSlot.self] }

  /// The process slot of ``bound``.
  fileprivate enum BoundSlot: ProcessSlot {
    static var defaultValue: ActivityCenter? { nil }
  }

  /// The process-wide center used outside a device: in memory.
  package static let standalone = ActivityCenter(backend: StandaloneActivityBackend())

  /// The bound center, else the standalone one.
  package static var current: ActivityCenter { bound ?? standalone }

  /// A new activity identifier: UUID-shaped like Apple's, deterministic (the n-th activity).
  func nextIdentifier() -> String {
    let number = started.withLock { count in
      count += 1
      return count
    }
    let digits = String(number)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count))
      + digits
  }
}

/// Activities in memory, outside any device: they start, update and end at once; `.token`
/// activities get a deterministic 32-byte token; nothing goes stale or times out, and an
/// activity scheduled for a later date stays `pending` (model: no clock moves here). An
/// update or end with a timestamp older than the activity's last timestamped one is ignored.
struct StandaloneActivityBackend: ActivityBackend {
  private let timestamps = TimestampBook()

  func start(_ request: ActivityStartRequest, hub: ActivityHub) throws(ActivityAuthorizationError) {
    guard hub.authorization.enabled else { throw .denied }
    // 32 bytes: "ac71", then the activity's number, big-endian.
    let number = UInt64(hub.records.count + 1)
    let scheduled = request.start.map { $0 > Date() } ?? false
    let token: Data? =
      request.pushType == .token
      ? Data(
        [0xAC, 0x71] + Array(repeating: 0, count: 22)
          + (0..<8).reversed().map {
            UInt8(truncatingIfNeeded: number >> (8 * UInt64($0)))
          })
      : nil
    hub.apply([
      ActivityRecord(
        id: request.id, type: request.type, attributes: request.attributes,
        content: request.content.state, staleDate: request.content.staleDate,
        relevanceScore: request.content.relevanceScore, state: scheduled ? .pending : .active,
        token: token)
    ])
  }

  func register(
    type: String, decodeAttributes: @escaping ActivityCoding,
    decodeContentState: @escaping ActivityCoding
  ) {}

  func update(
    id: String, content: EncodedActivityContent, alert: AlertConfiguration?, timestamp: Date?,
    hub: ActivityHub
  ) async {
    guard timestamps.accept(timestamp, for: id) else { return }
    hub.modify(id) { record in
      guard record.state == .active || record.state == .stale else { return }
      record.content = content.state
      record.staleDate = content.staleDate
      record.relevanceScore = content.relevanceScore
      record.state = .active
    }
  }

  func end(
    id: String, content: EncodedActivityContent?, dismissal: ActivityUIDismissalPolicy,
    timestamp: Date?, hub: ActivityHub
  ) async {
    guard timestamps.accept(timestamp, for: id) else { return }
    hub.modify(id) { record in
      guard record.state == .active || record.state == .stale else { return }
      if let content {
        record.content = content.state
        record.staleDate = content.staleDate
        record.relevanceScore = content.relevanceScore
      }
      switch dismissal.kind {
      case .immediate: record.state = .dismissed
      case .after(let date) where date <= Date(): record.state = .dismissed
      default: record.state = .ended
      }
    }
  }
}

/// The newest timestamp each in-memory activity took.
final class TimestampBook: Sendable {
  private let newest = Mutex<[String: Date]>([:])

  /// Whether content stamped `timestamp` is not older than the newest one (and remembers it);
  /// content without a timestamp is always taken.
  func accept(_ timestamp: Date?, for id: String) -> Bool {
    guard let timestamp else { return true }
    return newest.withLock { newest in
      if let last = newest[id], timestamp < last { return false }
      newest[id] = timestamp
      return true
    }
  }
}

/// The coding of one of the app's types with Foundation's default coders.
func activityCoding<T: Codable>(_ type: T.Type) -> ActivityCoding {
  let coder: any Recoder = DefaultCoder<T>()
  return { data in coder.recode(data) }
}

/// Decodes JSON bytes into a type and encodes the value back.
private protocol Recoder: Sendable {
  func recode(_ data: Data) -> Result<Data, ActivityDecodingFailure>
}

/// Decodes with `JSONDecoder()` and encodes back with `JSONEncoder()`.
private struct DefaultCoder<T: Codable>: Recoder, @unchecked Sendable {
  func recode(_ data: Data) -> Result<Data, ActivityDecodingFailure> {
    do {
      let value = try JSONDecoder().decode(T.self, from: data)
      return .success(try JSONEncoder().encode(value))
    } catch let error as DecodingError {
      return .failure(describe(error))
    } catch {
      return .failure(ActivityDecodingFailure(path: [], message: "\(error)"))
    }
  }
}

/// A `DecodingError` as a path and a message (`keyNotFound: eta`).
private func describe(_ error: DecodingError) -> ActivityDecodingFailure {
  func keys(_ context: DecodingError.Context) -> [String] {
    context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
  }
  switch error {
  case .keyNotFound(let key, let context):
    return ActivityDecodingFailure(
      path: keys(context) + [key.stringValue],
      message: "keyNotFound: no value for key \"\(key.stringValue)\"")
  case .typeMismatch(let type, let context):
    return ActivityDecodingFailure(
      path: keys(context),
      message: "typeMismatch: expected \(type): \(context.debugDescription)")
  case .valueNotFound(let type, let context):
    return ActivityDecodingFailure(
      path: keys(context),
      message: "valueNotFound: expected \(type), found null: \(context.debugDescription)")
  case .dataCorrupted(let context):
    return ActivityDecodingFailure(
      path: keys(context), message: "dataCorrupted: \(context.debugDescription)")
  @unknown default:
    return ActivityDecodingFailure(path: [], message: "\(error)")
  }
}

extension AppProcess {
  /// This process's ActivityKit center (``ActivityCenter/bound``): set it on a process the
  /// host binds once around a call into the app's code.
  package var activityCenter: ActivityCenter? {
    get { self[ActivityCenter.BoundSlot.self] }
    set { self[ActivityCenter.BoundSlot.self] = newValue }
  }
}
