import CallKit
import Foundation
import PushDevice
import PushKit
import PushPayload
import PushSimHosting
import Synchronization
import UserNotifications

/// The app's PushKit and CallKit code on one device (Rules.md §14).
///
/// The device launches the app's code (``AppCode/app(serviceExtension:delegate:application:launch:router:fetcher:watchdog:completionLimit:)``'s
/// `launch`) when the first `voip` push arrives, and again after iOS terminated the app for not
/// reporting one: the `PKPushRegistry` and `CXProvider` that code makes are this device's. A
/// registry whose `desiredPushTypes` holds `.voIP` gets the device's VoIP token through its
/// delegate's `didUpdate` (`pushkit.token`), then the push through `didReceiveIncomingPushWith`.
/// Each call runs on a thread of its own with a real-time completion limit, as the notification
/// delegate's; the calls reported to CallKit before the completion decide what iOS does.
final class HostedVoIP: VoIPPushHandler {
  private struct State {
    var app: Unchecked<AnyObject>?
    var launchedAfterTerminations = -1
  }

  private weak let host: DeviceHost?
  private let launch: @Sendable () -> Unchecked<AnyObject>
  private let center: UNUserNotificationCenter
  private let application: UIApplication
  private let backend: DeviceApplicationBackend
  private let completionLimit: Duration
  private let pushKit = DevicePushKitBackend()
  private let callKit: DeviceCallKitBackend
  private let state = Mutex(State())

  init(
    host: DeviceHost?, launch: @escaping @Sendable () -> Unchecked<AnyObject>,
    center: UNUserNotificationCenter, application: UIApplication,
    backend: DeviceApplicationBackend, completionLimit: Duration
  ) {
    self.host = host
    self.launch = launch
    self.center = center
    self.application = application
    self.backend = backend
    self.completionLimit = completionLimit
    self.callKit = DeviceCallKitBackend(host: host)
  }

  func didReceiveIncomingVoIPPush(_ payload: JSONValue) async -> AppCallCompletion {
    guard host != nil else { return .notImplemented }
    await launchIfNeeded()
    guard let registry = pushKit.registries(wanting: .voIP).first else { return .notImplemented }
    let userInfo = Unchecked(UserInfoJSON.userInfo(from: payload))
    let call = await AppCallProcess.open(on: host, in: HostedProcess(center: center))
    let answer = await AppThread.ask("didReceiveIncomingPushWith", limit: completionLimit) {
      [pushKit, callKit] reply in
      // A registry or provider the app makes here (an SDK's lazy one) is the device's too.
      Self.bind(call.process, pushKit, callKit) {
        registry.deliverIncomingPush(userInfo, for: .voIP, answer: reply)
      }
    }
    await callKit.drain()
    await center.drain()
    await call.close(on: host)
    switch answer {
    case true?: return .completed(result: nil)
    case false?: return .notImplemented
    case nil: return .notCompleted
    }
  }

  /// Runs the app's launch code unless it is running: first, and after each termination.
  private func launchIfNeeded() async {
    guard let host else { return }
    let terminations = await host.read(\.voipTerminations)
    let running = state.withLock { $0.app != nil && $0.launchedAfterTerminations == terminations }
    guard !running else { return }
    // The terminated app's objects go; a new launch makes new ones.
    state.withLock { $0.app = nil }
    pushKit.reset()
    let (launch, center, pushKit, callKit) = (launch, center, pushKit, callKit)
    let application = application
    await backend.refresh()
    let app = await AppThread.ask("launch", limit: completionLimit) { reply in
      Self.bind(HostedProcess(center: center, application: application), pushKit, callKit) {
        reply(launch())
      }
    }
    await backend.drain()
    state.withLock {
      $0.app = app
      $0.launchedAfterTerminations = terminations
    }
    for registry in pushKit.registries(wanting: .voIP) {
      let token = await host.appCall { $0.issuePushKitToken(.voip) }
      let data = Self.data(hex: token)
      let call = await AppCallProcess.open(on: host, in: HostedProcess(center: center))
      _ = await AppThread.ask("didUpdate", limit: completionLimit) { reply in
        Self.bind(call.process, pushKit, callKit) {
          registry.deliverCredentials(data, for: .voIP) { reply(()) }
        }
      }
      await call.close(on: host)
    }
    await callKit.drain()
  }

  /// Runs the app's code in `hosted` with the device's PushKit and CallKit, in one binding of
  /// the app's process: registries and providers it makes are the device's, whenever the app
  /// makes them (at launch, or at its first push).
  private static func bind<R>(
    _ hosted: HostedProcess, _ pushKit: DevicePushKitBackend, _ callKit: DeviceCallKitBackend,
    _ body: () -> R
  ) -> R {
    var process = AppProcess.current
    process.pushKitBackend = pushKit
    process.callKitBackend = callKit
    process.hosted = hosted
    return process.bind(body)
  }

  /// The bytes of a hex string (the device's tokens are hex).
  static func data(hex: String) -> Data {
    var bytes: [UInt8] = []
    var high: UInt8?
    for character in hex {
      guard let nibble = character.hexDigitValue.map(UInt8.init) else { continue }
      if let value = high {
        bytes.append(value << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return Data(bytes)
  }
}

/// The registries the app's code made on one device, and the push types each wants.
final class DevicePushKitBackend: PushKitBackend {
  private struct Entry {
    weak var registry: PKPushRegistry?
    var types: Set<PKPushType>
  }

  private let entries = Mutex<[Entry]>([])

  func registry(_ registry: PKPushRegistry, desires types: Set<PKPushType>) {
    entries.withLock { entries in
      entries.removeAll { $0.registry == nil || $0.registry === registry }
      entries.append(Entry(registry: registry, types: types))
    }
  }

  /// The live registries that want `type`, in the order they registered.
  func registries(wanting type: PKPushType) -> [PKPushRegistry] {
    entries.withLock { entries in
      entries.filter { $0.types.contains(type) }.compactMap(\.registry)
    }
  }

  /// Forgets every registry (the app was terminated).
  func reset() {
    entries.withLock { $0.removeAll() }
  }
}

/// The app's CallKit reports and requests on one device: each reaches the device in the order
/// made, and its completion gets the device's answer.
final class DeviceCallKitBackend: CallKitBackend {
  private enum Report {
    case incoming(
      IncomingCallReport, answer: @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void)
    case ended(UUID, reason: Int)
    case outgoing(UUID, connected: Bool)
    case transaction(
      [CallActionRequest], answer: @Sendable (CXErrorCodeRequestTransactionError.Code?) -> Void)
  }

  private weak let host: DeviceHost?
  private let queue = SerialQueue()
  private let list = ProviderList()

  init(host: DeviceHost?) {
    self.host = host
  }

  var providers: [CXProvider] { list.all }

  func register(_ provider: CXProvider) { list.add(provider) }

  func reportNewIncomingCall(
    _ call: IncomingCallReport,
    answer: @escaping @Sendable (CXErrorCodeIncomingCallError.Code?) -> Void
  ) {
    enqueue(.incoming(call, answer: answer))
  }

  func reportCallEnded(_ uuid: UUID, reason: Int) {
    enqueue(.ended(uuid, reason: reason))
  }

  func reportOutgoingCall(_ uuid: UUID, connected: Bool) {
    enqueue(.outgoing(uuid, connected: connected))
  }

  func requestTransaction(
    _ actions: [CallActionRequest],
    answer: @escaping @Sendable (CXErrorCodeRequestTransactionError.Code?) -> Void
  ) {
    enqueue(.transaction(actions, answer: answer))
  }

  /// Returns once every report made so far has reached the device.
  func drain() async { await queue.drain() }

  /// Sends `report` to the device behind the reports made before it.
  private func enqueue(_ report: Report) {
    queue.enqueue { [self] in await send(report) }
  }

  private func send(_ report: Report) async {
    switch report {
    case .incoming(let call, let answer):
      let caller = call.callerName ?? call.handle
      let code = await host?.appCall {
        $0.reportIncomingCall(
          uuid: call.uuid, caller: caller, hasVideo: call.hasVideo,
          maximumCallGroups: call.maximumCallGroups)
      }
      answer(code.map { CXErrorCodeIncomingCallError.Code(rawValue: $0) ?? .unknown })
    case .ended(let uuid, let reason):
      await host?.appCall { $0.reportCallEnded(uuid: uuid, reason: reason) }
    case .outgoing(let uuid, let connected):
      await host?.appCall { $0.reportOutgoingCall(uuid: uuid, connected: connected) }
    case .transaction(let actions, let answer):
      let requests = actions.map(Self.deviceAction)
      let code = await host?.appCall { $0.requestCallTransaction(requests) }
      answer(code.map { CXErrorCodeRequestTransactionError.Code(rawValue: $0) ?? .unknown })
    }
  }

  /// The device's view of a requested action.
  static func deviceAction(_ request: CallActionRequest) -> AppCallAction {
    let kind: AppCallAction.Kind =
      switch request.kind {
      case .start: .start
      case .answer: .answer
      case .end: .end
      case .setHeld: .setHeld
      case .setMuted: .setMuted
      }
    return AppCallAction(
      kind: kind, uuid: request.uuid, handle: request.handle, isVideo: request.isVideo,
      value: request.value)
  }
}

/// A service extension's CallKit on one device: `reportNewIncomingVoIPPushPayload` reaches the
/// device while it runs the extension on a push (Rules.md §14).
struct DeviceVoIPPayloadReporter: VoIPPayloadReporter {
  weak let host: DeviceHost?

  func reportVoIPPayload(
    _ payload: Unchecked<[AnyHashable: Any]>,
    answer: @escaping @Sendable (CXErrorCodeNotificationServiceExtensionError.Code?) -> Void
  ) {
    let json = UserInfoJSON.json(from: payload.value)
    let host = host
    Task {
      guard let host else { return answer(.invalidClientProcess) }
      let code = await host.appCall { $0.reportVoIPPayloadFromExtension(json) }
      answer(
        code.map { CXErrorCodeNotificationServiceExtensionError.Code(rawValue: $0) ?? .unknown })
    }
  }
}
