import Foundation
import PushCore
import PushPayload

/// A call action the app's code requested through `CXCallController` (Rules.md §14), as the
/// device sees it.
package struct AppCallAction: Sendable, Equatable {
  /// What the action does.
  package enum Kind: String, Sendable {
    /// `CXStartCallAction`: an outgoing call starts.
    case start
    /// `CXAnswerCallAction`: the user answers.
    case answer
    /// `CXEndCallAction`: the call ends.
    case end
    /// `CXSetHeldCallAction`.
    case setHeld
    /// `CXSetMutedCallAction`.
    case setMuted
  }

  /// What the action does.
  package var kind: Kind
  /// The call's UUID.
  package var uuid: UUID
  /// The handle called (`start`).
  package var handle: String?
  /// Whether the call has video (`start`).
  package var isVideo = false
  /// On hold (`setHeld`) or muted (`setMuted`).
  package var value = false

  /// An action on `uuid`.
  package init(
    kind: Kind, uuid: UUID, handle: String? = nil, isVideo: Bool = false, value: Bool = false
  ) {
    self.kind = kind
    self.uuid = uuid
    self.handle = handle
    self.isVideo = isVideo
    self.value = value
  }
}

extension Device {
  /// The app's `CXCallController` request: every action is checked against the calls going
  /// (a new call's UUID must not be going, the others' must), then each is applied and logged
  /// (`callkit.action`), or the first that fails refuses the whole transaction
  /// (`callkit.transactionRefused`).
  ///
  /// - Returns: the `CXErrorCodeRequestTransactionError` code of a refusal (4
  ///   `unknownCallUUID`, 5 `callUUIDAlreadyExists`), or `nil`.
  package mutating func requestCallTransaction(_ actions: [AppCallAction]) -> Int? {
    let push = pushTypeState.voipInFlight?.push
    var going = pushTypeState.activeCalls
    for action in actions {
      let uuid = action.uuid.uuidString.lowercased()
      let isGoing = going.contains(action.uuid)
      var refusal: (code: Int, why: String)?
      if action.kind == .start, isGoing {
        refusal = (5, "a call with UUID \(uuid) is already going (callUUIDAlreadyExists)")
      } else if action.kind != .start, !isGoing {
        refusal = (4, "no call with UUID \(uuid) is going (unknownCallUUID)")
      }
      if let refusal {
        log(
          DeviceEvent.CallKitTransactionRefused(uuid: uuid, error: refusal.code), push, .device,
          "CallKit refuses the app's \(action.kind.rawValue) transaction: " + refusal.why)
        return refusal.code
      }
      if action.kind == .start { going.insert(action.uuid) }
      if action.kind == .end { going.remove(action.uuid) }
    }
    pushTypeState.activeCalls = going
    for action in actions {
      var details = DeviceEvent.CallKitAction(
        action: action.kind.rawValue, uuid: action.uuid.uuidString.lowercased())
      let reason: String
      switch action.kind {
      case .start:
        details.handle = action.handle
        details.isVideo = action.isVideo
        reason = "the app starts an outgoing call\(action.handle.map { " to \($0)" } ?? "")"
      case .answer: reason = "the app answers the call"
      case .end: reason = "the app ends the call"
      case .setHeld:
        details.onHold = action.value
        reason = action.value ? "the app puts the call on hold" : "the app resumes the call"
      case .setMuted:
        details.muted = action.value
        reason = action.value ? "the app mutes the call" : "the app unmutes the call"
      }
      log(
        details, push, .device, reason + ": CallKit hands the action to the provider's delegate")
    }
    return nil
  }

  /// The app's `reportOutgoingCall(with:startedConnectingAt:)` (`connected` false) or
  /// `reportOutgoingCall(with:connectedAt:)` (`callkit.outgoing`); a call that is not going is
  /// ignored, as a report of a call that ended is.
  package mutating func reportOutgoingCall(uuid: UUID, connected: Bool) {
    guard pushTypeState.activeCalls.contains(uuid) else { return }
    log(
      DeviceEvent.CallKitOutgoing(
        uuid: uuid.uuidString.lowercased(), stage: connected ? "connected" : "connecting"),
      pushTypeState.voipInFlight?.push, .device,
      connected
        ? "the app reports that the outgoing call connected"
        : "the app reports that the outgoing call started connecting")
  }

  /// The app's service extension called `CXProvider.reportNewIncomingVoIPPushPayload` while
  /// the device runs it on a push (Rules.md §14): with the `filtering` entitlement CallKit takes
  /// the payload (`callkit.voipPayload`) and PushKit delivers it to the app as a VoIP push
  /// would be, on that push, once the extension is done; without it CallKit refuses
  /// (`callkit.voipPayloadRefused`).
  ///
  /// - Returns: the `CXErrorCodeNotificationServiceExtensionError` code of a refusal (1
  ///   `invalidClientProcess` when no extension is running, 2
  ///   `missingNotificationFilteringEntitlement`), or `nil`.
  package mutating func reportVoIPPayloadFromExtension(_ payload: JSONValue) -> Int? {
    guard let push = pendingExtensionRun?.push else { return 1 }
    guard app.extensionMayFilter else {
      log(
        DeviceEvent.CallKitVoIPPayloadRefused(error: 2), push, .device,
        "CallKit refuses the VoIP payload: the app's notification service extension lacks the "
          + "com.apple.developer.usernotifications.filtering entitlement "
          + "(missingNotificationFilteringEntitlement)")
      return 2
    }
    log(
      .callKitVoIPPayload, push, .device,
      "the app's notification service extension hands the VoIP payload to CallKit: PushKit "
        + "delivers it to the app as a VoIP push")
    deliverVoIP(push, payload: payload)
    return nil
  }
}
