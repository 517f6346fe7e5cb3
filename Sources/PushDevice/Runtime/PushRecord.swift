public import Foundation

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
  /// The APNs HTTP status (200 when accepted; 400, 413… when rejected; spec §2.4).
  public internal(set) var httpStatus: Int
  /// The APNs rejection reason (`PayloadTooLarge`), or the plain-word reason of the last status.
  public internal(set) var reason: String
  /// The request identifier on the device: the collapse id or a fresh one (spec §2.2).
  public internal(set) var requestIdentifier: String?

  init(id: String, received: Date) {
    self.id = id
    self.received = received
    self.status = .delivered
    self.httpStatus = 200
    self.reason = ""
    self.requestIdentifier = nil
  }
}
