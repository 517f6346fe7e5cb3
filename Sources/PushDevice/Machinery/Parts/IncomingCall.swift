import Foundation

/// A call the app reported to CallKit that is still ringing: what the incoming-call screen
/// shows (Rules.md §14).
///
/// iOS shows the full-screen incoming-call interface on a locked phone and a call banner on an
/// unlocked one until the call ends: the app reports its end (`callkit.ended`) or, when nobody
/// answers, the call stops ringing after ``Device/callRingLimit`` (model).
package struct IncomingCall: Sendable, Hashable {
  /// The call's UUID as the app reported it; `nil` for a call the app file's
  /// `pushTypes.reportsCalls` reports (no app code, so no UUID to end it with).
  package var uuid: UUID?
  /// The VoIP push the call was reported for, if it was reported while one was handled.
  package var push: String?
  /// The caller as the screen shows it: `CXCallUpdate.localizedCallerName`, else the remote
  /// handle's value (`nil`: neither, the screen says "Unknown Caller").
  package var caller: String?
  /// Whether the app reported a video call (`CXCallUpdate.hasVideo`).
  package var hasVideo: Bool
  /// When the call was reported and started ringing (virtual time).
  package var ringingSince: Date

  /// Creates a ringing call.
  package init(
    uuid: UUID?, push: String?, caller: String?, hasVideo: Bool, ringingSince: Date
  ) {
    self.uuid = uuid
    self.push = push
    self.caller = caller
    self.hasVideo = hasVideo
    self.ringingSince = ringingSince
  }
}
