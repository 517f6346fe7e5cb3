public import Foundation
public import PushPayload

/// What became of one push: its status and the facts `expect.push` compares.
///
/// One record per push id, in arrival order; see ``Device/push(_:)``.
public struct PushRecord: Sendable, Equatable {
  /// The push id (scenario `id`, else `push-N`).
  public let id: String
  /// When APNs received it (virtual time).
  public let received: Date
  /// Its current status.
  public internal(set) var status: PushStatus
  /// The APNs HTTP status (200 when accepted; 400, 413… when rejected; Behavior.md §2.4).
  public internal(set) var httpStatus: Int
  /// The APNs rejection reason (`PayloadTooLarge`), or the plain-word reason of the last status.
  public internal(set) var reason: String
  /// The request identifier on the device: the collapse id or a fresh one (Behavior.md §2.2).
  public internal(set) var requestIdentifier: String?
  /// The body size APNs counted, on the exact bytes received (Behavior.md §1.1).
  public internal(set) var bytes: Int
  /// The push type APNs judged by: `apns-push-type`, or the inferred type (Rules.md
  /// §1); `nil` when the header is invalid.
  public internal(set) var pushType: PushType?
  /// The priority: `apns-priority`, or 10 when absent (Behavior.md §2.2); `nil` when the header is
  /// invalid.
  public internal(set) var priority: Int?
  /// `apns-collapse-id`, when given (Behavior.md §2.2).
  public internal(set) var collapseID: String?
  /// The `apns-id` APNs answered with: the request's header, or a UUID APNs made when the
  /// request had none (Behavior.md §2.2; PushSim's are deterministic, Rules.md §9); `nil` for a
  /// rejected request whose `apns-id` was not a UUID.
  public internal(set) var apnsID: String? {
    get { answeredID.text }
    set { answeredID = newValue.map(AnsweredAPNsID.header) ?? .none }
  }
  /// ``apnsID`` as kept: one APNs made up is written out only when read.
  var answeredID = AnsweredAPNsID.none
  /// Where the provider sent it (`:path` token; `nil` is the app's UserNotifications token).
  public internal(set) var address: PushAddress? = nil
  /// For a 410 `Unregistered` because the app was removed, when APNs learned of the removal:
  /// the answer's `timestamp` (milliseconds since 1970; Rules.md §15.1). `nil` otherwise.
  public internal(set) var unregisteredAt: Date? = nil

  init(id: String, received: Date) {
    self.id = id
    self.received = received
    self.status = .delivered
    self.httpStatus = 200
    self.reason = ""
    self.requestIdentifier = nil
    self.bytes = 0
    self.pushType = nil
    self.priority = nil
    self.collapseID = nil
  }
}

/// The `apns-id` APNs answered a request with (``PushRecord/apnsID``).
enum AnsweredAPNsID: Sendable, Equatable {
  /// None (a rejected request whose `apns-id` was not a UUID).
  case none
  /// The request's own `apns-id`.
  case header(String)
  /// The `number`-th UUID APNs made up (deterministic, Rules.md §9).
  case made(Int)

  /// The identifier as APNs writes it.
  var text: String? {
    switch self {
    case .none: nil
    case .header(let header): header
    case .made(let number):
      Device.uuidShaped(prefix: "a9a50000-0000-4000-8000-", number, uppercase: false)
    }
  }

  static func == (lhs: AnsweredAPNsID, rhs: AnsweredAPNsID) -> Bool { lhs.text == rhs.text }
}
