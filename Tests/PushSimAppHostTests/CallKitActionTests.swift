import CallKit
import Foundation
import PushDevice
import PushKit
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// A VoIP app that, for each call invitation, reports it, then acts on calls through its
/// `CXCallController`: holds the incoming call, starts an outgoing one (reported connecting,
/// then connected, by its delegate), mutes it, ends the first, and asks to end a call that
/// does not exist.
final class CallControllerService: NSObject, PKPushRegistryDelegate, CXProviderDelegate,
  @unchecked Sendable
{
  let provider = CXProvider(configuration: CXProviderConfiguration())
  let registry = PKPushRegistry(queue: nil)
  let controller = CXCallController(queue: DispatchQueue(label: "controller"))
  let performed = Recorded<String>()
  let errors = Recorded<Int>()

  override init() {
    super.init()
    provider.setDelegate(self, queue: nil)
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {}

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping @Sendable () -> Void
  ) {
    let incoming = UUID()
    let outgoing = UUID()
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: "ana")
    provider.reportNewIncomingCall(with: incoming, update: update) { [self] _ in
      let start = CXStartCallAction(call: outgoing, handle: CXHandle(type: .generic, value: "bob"))
      start.isVideo = true
      let first = CXTransaction(action: CXSetHeldCallAction(call: incoming, onHold: true))
      first.addAction(start)
      controller.request(first) { [self] error in
        record(error)
        controller.requestTransaction(
          with: [
            CXSetMutedCallAction(call: outgoing, muted: true), CXEndCallAction(call: incoming),
          ]
        ) { [self] error in
          record(error)
          controller.requestTransaction(with: CXEndCallAction(call: UUID())) { [self] error in
            record(error)
            completion()
          }
        }
      }
    }
  }

  private func record(_ error: (any Error)?) {
    if let error = error as? CXErrorCodeRequestTransactionError {
      errors.append(error.code.rawValue)
    }
  }

  func providerDidReset(_ provider: CXProvider) {}

  func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
    performed.append("start \(action.handle.value) video \(action.isVideo)")
    provider.reportOutgoingCall(with: action.callUUID, startedConnectingAt: nil)
    provider.reportOutgoingCall(with: action.callUUID, connectedAt: Date())
    action.fulfill()
  }

  func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
    performed.append("held \(action.isOnHold)")
    action.fulfill()
  }

  func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
    performed.append("muted \(action.isMuted)")
    action.fulfill()
  }

  func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
    performed.append("end")
    action.fulfill()
  }
}

/// A service extension that decrypts a call invitation and hands it to CallKit
/// (`reportNewIncomingVoIPPushPayload`), then hides the notification.
final class VoIPForwardingService: UNNotificationServiceExtension, @unchecked Sendable {
  static let errors = Recorded<String>()

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    let handler = Unsafe(contentHandler)
    let caller = request.content.userInfo["caller"] as? String ?? "?"
    CXProvider.reportNewIncomingVoIPPushPayload(["caller": caller]) { error in
      let code = (error as? CXErrorCodeNotificationServiceExtensionError)?.code.rawValue
      Self.errors.append("\(caller) \(code.map(String.init) ?? "nil")")
      handler.value(UNNotificationContent())
    }
  }
}

@Suite struct CallKitActionTests {
  static let voip = PushHeaders(pushType: "voip", priority: "10", topic: "com.example.call.voip")
  static let alert = PushHeaders(pushType: "alert", topic: "com.example.call")

  /// Outgoing calls and call actions requested through `CXCallController` reach the device
  /// (`callkit.action`, `callkit.outgoing`) and the provider's delegate; a transaction naming a
  /// call that is not going is refused (`callkit.transactionRefused`, `unknownCallUUID`).
  @Test func callActionsAndOutgoingCallsAreDeviceEvents() async throws {
    // Made by the app's launch code, as its registry and provider must be.
    let launched = Mutex<Unsafe<CallControllerService>?>(nil)
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.call", state: .notRunning),
      code: .app(launch: {
        let service = CallControllerService()
        launched.withLock { $0 = Unsafe(service) }
        return service
      }))
    await host.receive(
      bytes: Array(#"{"caller":"Ana"}"#.utf8), headers: Self.voip, id: "call",
      to: .pushType(.voip))
    let device = await host.device
    let events = device.events.filter { $0.push == "call" }
    // The delegate's reports and the next transaction race, as on iOS: the kinds are
    // compared as a bag, the actions and the outgoing call's stages in order.
    #expect(
      events.map(\.kind.rawValue).sorted()
        == [
          "received", "pushkit.voip", "pushkit.token", "callkit.incoming", "callkit.action",
          "callkit.action", "callkit.outgoing", "callkit.outgoing", "callkit.action",
          "callkit.action", "callkit.transactionRefused", "pushkit.completed",
        ].sorted())
    #expect(events.last?.kind == .pushKitCompleted)
    let actions = events.filter { $0.kind == .callKitAction }
    #expect(
      actions.compactMap { $0.details["action"]?.stringValue } == [
        "setHeld", "start", "setMuted", "end",
      ])
    #expect(actions.dropFirst().first?.details["handle"]?.stringValue == "bob")
    #expect(
      events.filter { $0.kind == .callKitOutgoing }.compactMap { $0.details["stage"]?.stringValue }
        == ["connecting", "connected"])
    let service = try #require(launched.withLock { $0 })
    #expect(
      service.value.performed.all == ["held true", "start bob video true", "muted true", "end"])
    #expect(service.value.errors.all == [4])
    #expect(device.push("call")?.status == .silent)
  }

  /// Outside a device the controller checks the process's calls: an empty transaction, an
  /// action the system does not perform, a UUID already going and one not going are refused.
  @Test func outsideADeviceTheProcesssCallsAreChecked() async throws {
    final class Delegate: NSObject, CXProviderDelegate, @unchecked Sendable {
      let started = Recorded<UUID>()
      func providerDidReset(_ provider: CXProvider) {}
      func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        started.append(action.callUUID)
      }
    }
    let provider = CXProvider(configuration: CXProviderConfiguration())
    let delegate = Delegate()
    provider.setDelegate(delegate, queue: nil)
    let controller = CXCallController()
    let call = UUID()
    let handle = CXHandle(type: .phoneNumber, value: "+15551234567")
    try await controller.requestTransaction(with: CXStartCallAction(call: call, handle: handle))
    func code(_ actions: [CXAction]) async -> Int? {
      do {
        try await controller.request(CXTransaction(actions: actions))
        return nil
      } catch {
        return (error as? CXErrorCodeRequestTransactionError)?.code.rawValue
      }
    }
    #expect(await code([]) == 3)
    #expect(await code([CXAction()]) == 6)
    #expect(await code([CXStartCallAction(call: call, handle: handle)]) == 5)
    #expect(await code([CXAnswerCallAction(call: UUID())]) == 4)
    #expect(await code([CXEndCallAction(call: call)]) == nil)
    #expect(delegate.started.all.contains(call))
    #expect(
      (CXErrorCodeRequestTransactionError(.unknownCallUUID) as NSError).domain
        == "com.apple.CallKit.error.requesttransaction")
    withExtendedLifetime(provider) {}
  }

  /// A service extension with the `filtering` entitlement hands a call invitation to CallKit:
  /// PushKit delivers it to the app's delegate as a VoIP push, which reports the call.
  @Test func anExtensionHandsAVoIPPayloadToTheAppsPushKitDelegate() async {
    let log = CallService.Log()
    var app = AppConfiguration(
      bundleId: "com.example.call", state: .notRunning,
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    app.entitlements.insert(.filtering)
    let host = DeviceHost(
      app: app,
      code: .app(
        serviceExtension: VoIPForwardingService.init,
        launch: { CallService(mode: .reports, log: log) }))
    await host.receive(
      bytes: Array(#"{"aps":{"alert":"Call","mutable-content":1},"caller":"Bea"}"#.utf8),
      headers: Self.alert, id: "invite")
    let kinds = await host.device.events.filter { $0.push == "invite" }.map(\.kind.rawValue)
    #expect(kinds.contains("callkit.voipPayload"))
    let voip = kinds.drop { $0 != "callkit.voipPayload" }
    #expect(
      Array(voip.filter { $0.hasPrefix("pushkit") || $0.hasPrefix("callkit") }) == [
        "callkit.voipPayload", "pushkit.voip", "pushkit.token", "callkit.incoming",
        "pushkit.completed",
      ])
    #expect(log.callers.all == ["Bea"])
    #expect(VoIPForwardingService.errors.all.contains("Bea nil"))
  }

  /// Without the `filtering` entitlement CallKit refuses the payload
  /// (`missingNotificationFilteringEntitlement`); outside an extension run it is
  /// `invalidClientProcess`.
  @Test func withoutTheEntitlementOrOutsideARunThePayloadIsRefused() async {
    let log = CallService.Log()
    let host = DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.call", state: .notRunning,
        serviceExtension: ServiceExtensionConfiguration(kind: .app)),
      code: .app(
        serviceExtension: VoIPForwardingService.init,
        launch: { CallService(mode: .reports, log: log) }))
    await host.receive(
      bytes: Array(#"{"aps":{"alert":"Call","mutable-content":1},"caller":"Cy"}"#.utf8),
      headers: Self.alert, id: "invite")
    let refused = await host.device.events.filter { $0.kind == .callKitVoIPPayloadRefused }
    #expect(refused.first?.details["error"]?.numberValue?.integer == 2)
    #expect(VoIPForwardingService.errors.all.contains("Cy 2"))
    #expect(log.callers.all.isEmpty)
    let outside: Int? = await withCheckedContinuation { continuation in
      CXProvider.reportNewIncomingVoIPPushPayload(["caller": "Dee"]) { error in
        continuation.resume(
          returning: (error as? CXErrorCodeNotificationServiceExtensionError)?.code.rawValue)
      }
    }
    #expect(outside == 1)
    #expect(
      CXErrorCodeNotificationServiceExtensionError.errorDomain
        == "com.apple.CallKit.error.notificationserviceextension")
  }
}
