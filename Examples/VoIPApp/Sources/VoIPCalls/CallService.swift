import CallKit
import Foundation
import PushKit

/// The app's calls, made once at launch (`application(_:didFinishLaunchingWithOptions:)`): PushKit
/// wakes the app for a call invitation, and the app reports it to CallKit at once, which shows
/// the incoming-call screen. The server sends `{"call-id": …, "caller": …, "handle": …}`.
///
/// This build has the bug Apple warns about: the server also sends a VoIP push when the caller
/// hangs up (`"kind": "cancel"`), and the app, seeing no new call, reports nothing. iOS
/// terminates it for that, and after repeated failures stops delivering its VoIP pushes.
public final class CallService: NSObject, PKPushRegistryDelegate, CXProviderDelegate {
  private let provider: CXProvider
  private let registry: PKPushRegistry
  /// The VoIP token the app sends to its server.
  public private(set) var voipToken: Data?
  /// The calls the app reported, by the server's call id.
  private var calls: [String: UUID] = [:]

  /// Makes the provider and the registry, as the app does at every launch.
  public override init() {
    let configuration = CXProviderConfiguration()
    configuration.supportsVideo = true
    configuration.maximumCallGroups = 1
    configuration.maximumCallsPerCallGroup = 1
    configuration.supportedHandleTypes = [.generic]
    configuration.includesCallsInRecents = true
    provider = CXProvider(configuration: configuration)
    registry = PKPushRegistry(queue: nil)
    super.init()
    provider.setDelegate(self, queue: nil)
    // The delegate first: setting desiredPushTypes starts registration.
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  // MARK: PKPushRegistryDelegate

  public func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {
    guard type == .voIP else { return }
    voipToken = pushCredentials.token
  }

  public func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    let body = payload.dictionaryPayload
    let callID = body["call-id"] as? String ?? UUID().uuidString
    if body["kind"] as? String == "cancel" {
      // The bug: a cancel push is no new call, so nothing is reported.
      if let uuid = calls.removeValue(forKey: callID) {
        provider.reportCall(with: uuid, endedAt: nil, reason: .remoteEnded)
      }
      completion()
      return
    }
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: body["handle"] as? String ?? "unknown")
    update.localizedCallerName = body["caller"] as? String
    update.supportsHolding = true
    let uuid = UUID()
    calls[callID] = uuid
    provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
      if error != nil { self?.calls[callID] = nil }
      completion()
    }
  }

  public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
    voipToken = nil
  }

  // MARK: CXProviderDelegate

  public func providerDidReset(_ provider: CXProvider) {
    calls.removeAll()
  }

  public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
    action.fulfill()
  }

  public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
    calls = calls.filter { $0.value != action.callUUID }
    action.fulfill()
  }
}
