import CallKit
import Foundation
import PushDevice
import PushKit
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UserNotifications

/// A VoIP app's call code as apps write it: a registry and a provider made at launch; every
/// VoIP push reported as an incoming call, PushKit's completion called from CallKit's.
final class CallService: NSObject, PKPushRegistryDelegate, CXProviderDelegate,
  @unchecked Sendable
{
  /// What the app did, across launches.
  final class Log: Sendable {
    let launches = Mutex(0)
    let tokens = Recorded<Data>()
    let callers = Recorded<String>()
    let errors = Recorded<Int>()
  }

  enum Mode: Sendable { case reports, forgets, reportsTwiceSameUUID, neverCompletes }

  let provider: CXProvider
  let registry: PKPushRegistry
  let mode: Mode
  let log: Log

  init(mode: Mode, log: Log) {
    self.mode = mode
    self.log = log
    let configuration = CXProviderConfiguration()
    configuration.supportsVideo = true
    configuration.supportedHandleTypes = [.generic]
    provider = CXProvider(configuration: configuration)
    registry = PKPushRegistry(queue: nil)
    super.init()
    log.launches.withLock { $0 += 1 }
    provider.setDelegate(self, queue: nil)
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {
    log.tokens.append(pushCredentials.token)
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    let caller = payload.dictionaryPayload["caller"] as? String ?? "Unknown"
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: caller)
    update.localizedCallerName = caller
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
    switch mode {
    case .forgets:
      completion()
    case .neverCompletes:
      provider.reportNewIncomingCall(with: uuid, update: update) { _ in }
    case .reports, .reportsTwiceSameUUID:
      provider.reportNewIncomingCall(with: mode == .reports ? UUID() : uuid, update: update) {
        [log] error in
        if let error = error as? CXErrorCodeIncomingCallError {
          log.errors.append(error.code.rawValue)
        } else {
          log.callers.append(caller)
        }
        completion()
      }
    }
  }

  func providerDidReset(_ provider: CXProvider) {}
}

@Suite("The app's PushKit and CallKit code on the device")
struct HostedVoIPTests {
  static let headers = PushHeaders(pushType: "voip", priority: "10", topic: "com.example.call.voip")

  static func phone(_ mode: CallService.Mode, log: CallService.Log, limit: Duration = .seconds(5))
    -> DeviceHost
  {
    DeviceHost(
      app: AppConfiguration(bundleId: "com.example.call", state: .notRunning),
      code: .app(launch: { CallService(mode: mode, log: log) }, completionLimit: limit))
  }

  static func kinds(_ host: DeviceHost, push: String) async -> [String] {
    await host.device.events.filter { $0.push == push }.map(\.kind.rawValue)
  }

  @Test("a reported VoIP push shows the call: token, delegate, report, completion")
  func reportedCallShows() async {
    let log = CallService.Log()
    let host = Self.phone(.reports, log: log)
    await host.receive(
      bytes: Array(#"{"caller":"Ana"}"#.utf8), headers: Self.headers, id: "call",
      to: .pushType(.voip))
    #expect(await host.device.push("call")?.status == .silent)
    let kinds = await host.device.events.map(\.kind.rawValue)
    #expect(kinds.contains("pushkit.token"))
    #expect(
      await Self.kinds(host, push: "call").suffix(4) == [
        // The token the app registers for while launched for this push is its event too.
        "pushkit.voip", "pushkit.token", "callkit.incoming", "pushkit.completed",
      ])
    #expect(log.callers.all == ["Ana"])
    #expect(log.tokens.all.count == 1)
    #expect(log.tokens.all.first?.count == 32)
    #expect(await host.device.app.state == .background)
  }

  @Test("a build that forgets to report is terminated, relaunched, and then cut off")
  func forgottenReportsStopDelivery() async {
    let log = CallService.Log()
    let host = Self.phone(.forgets, log: log)
    for number in 1...4 {
      await host.receive(
        bytes: Array(#"{"caller":"Ana"}"#.utf8), headers: Self.headers, id: "call-\(number)",
        to: .pushType(.voip))
    }
    let terminated = await host.device.events.filter { $0.kind == .voipTerminated }.count
    #expect(terminated == 3)
    #expect(await host.device.push("call-4")?.status == .discarded)
    #expect(await host.device.push("call-4")?.reason.contains("no longer delivers") == true)
    #expect(log.launches.withLock { $0 } == 3)
    #expect(log.callers.all.isEmpty)
    #expect(await host.device.app.state == .notRunning)
  }

  @Test("a report before a completion that never comes still counts")
  func reportWithoutCompletion() async {
    let log = CallService.Log()
    // The limit is waited out whole: long enough that a loaded machine still reports first.
    let host = Self.phone(.neverCompletes, log: log, limit: .seconds(2))
    await host.receive(
      bytes: Array("{}".utf8), headers: Self.headers, id: "call", to: .pushType(.voip))
    #expect(await host.device.push("call")?.status == .silent)
    let completed = await host.device.events.first { $0.kind == .pushKitCompleted }
    #expect(completed?.details["completed"] == JSONValue(.bool(false)))
    #expect(completed?.details["reported"] == JSONValue(.bool(true)))
  }

  @Test("the same UUID twice: CallKit refuses the second, and the push is not reported")
  func duplicateUUID() async {
    let log = CallService.Log()
    let host = Self.phone(.reportsTwiceSameUUID, log: log)
    await host.receive(
      bytes: Array("{}".utf8), headers: Self.headers, id: "first", to: .pushType(.voip))
    await host.receive(
      bytes: Array("{}".utf8), headers: Self.headers, id: "second", to: .pushType(.voip))
    #expect(await host.device.push("first")?.status == .silent)
    #expect(await host.device.push("second")?.status == .discarded)
    #expect(log.errors.all == [CXErrorCodeIncomingCallError.Code.callUUIDAlreadyExists.rawValue])
  }

  @Test("the VoIP token takes only voip pushes; written out, it addresses the app")
  func voipTokenAddressing() async {
    let log = CallService.Log()
    let host = Self.phone(.reports, log: log)
    let alert = await host.receive(
      bytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8),
      headers: PushHeaders(pushType: "alert", topic: "com.example.call"), to: .pushType(.voip))
    #expect(alert.reason == "DeviceTokenNotForTopic")
    let token = String(decoding: Array("766f6970".utf8), as: UTF8.self)
    await host.receive(
      bytes: Array("{}".utf8), headers: Self.headers, id: "call",
      to: .token(token + String(repeating: "0", count: 55) + "1"))
    #expect(await host.device.push("call")?.status == .silent)
    let issued = log.tokens.all.first.map { $0.map { String(format: "%02x", $0) }.joined() }
    #expect(issued == token + String(repeating: "0", count: 55) + "1")
  }

  @Test("PushKit and CallKit outside a device")
  func standalone() async throws {
    #expect(PKPushType.voIP.rawValue == "PKPushTypeVoIP")
    #expect(PKPushType.fileProvider.rawValue == "PKPushTypeFileProvider")
    let provider = CXProvider(configuration: CXProviderConfiguration())
    let uuid = UUID()
    try await provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate())
    await #expect(throws: CXErrorCodeIncomingCallError(.callUUIDAlreadyExists)) {
      try await provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate())
    }
    provider.reportCall(with: uuid, endedAt: nil, reason: .remoteEnded)
    try await provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate())
    #expect(CXProviderConfiguration().maximumCallGroups == 2)
    #expect(CXProviderConfiguration().maximumCallsPerCallGroup == 5)
    #expect(CXProviderConfiguration().includesCallsInRecents)
  }
}

/// A VoIP app that sends its PushKit token to its server, and asks its API who is calling
/// before it reports the call, as apps whose VoIP pushes carry only a call id do.
final class LookupCallService: NSObject, PKPushRegistryDelegate, @unchecked Sendable {
  let provider = CXProvider(configuration: CXProviderConfiguration())
  let registry = PKPushRegistry(queue: nil)
  let callers = Recorded<String>()
  let tokenStatuses = Recorded<Int>()

  override init() {
    super.init()
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {
    guard let url = URL(string: "https://api.example.com/voip-tokens") else { return }
    var request = URLRequest(url: url)
    request.httpMethod = "PUT"
    request.httpBody = pushCredentials.token
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { [tokenStatuses] _, response, _ in
      tokenStatuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
      done.signal()
    }.resume()
    done.wait()
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    let id = payload.dictionaryPayload["call-id"] as? String ?? "?"
    nonisolated(unsafe) let completion = completion
    let report: @Sendable (String) -> Void = { [provider, callers] caller in
      let update = CXCallUpdate()
      update.localizedCallerName = caller
      provider.reportNewIncomingCall(with: UUID(), update: update) { _ in
        callers.append(caller)
        completion()
      }
    }
    guard let url = URL(string: "https://api.example.com/calls/\(id)") else { return report("?") }
    URLSession.shared.dataTask(with: url) { data, _, _ in
      let call = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
      report(call?["caller"] as? String ?? "Unknown")
    }.resume()
  }
}

@Suite("The app's PushKit code asks its server")
struct VoIPRequestTests {
  @Test("the token goes to the server, and the caller's name comes from the API before the report")
  func tokenAndLookup() async throws {
    let service = Mutex<LookupCallService?>(nil)
    let token = try #require(URL(string: "https://api.example.com/voip-tokens"))
    var answer = MediaManifest.Entry(file: nil, contentType: "application/json")
    answer.inlineBody = Data(#"{"caller":"Ana"}"#.utf8)
    let host = DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.call", state: .notRunning,
        media: MediaManifest(entries: [
          MediaManifest.key(method: "PUT", url: token): MediaManifest.Entry(file: nil, status: 204),
          "https://api.example.com/calls/c42": answer,
        ])),
      code: .app(launch: {
        let made = LookupCallService()
        service.withLock { $0 = made }
        return made
      }))
    await host.receive(
      bytes: Array(#"{"call-id":"c42"}"#.utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let made = try #require(service.withLock { $0 })
    #expect(made.tokenStatuses.all == [204])
    #expect(made.callers.all == ["Ana"])
    let requests = await host.device.events.events(ofKind: .appRequest)
    #expect(requests.map { $0.details["method"] } == ["PUT", "GET"])
    #expect(requests.last?.push == "call")
  }
}

/// A VoIP app that reports `callsPerPush` calls for each VoIP push (each with a UUID of its
/// own, none ended), with a provider of `maximumCallGroups` groups; what CallKit answered each.
final class RingingCallsService: NSObject, PKPushRegistryDelegate, @unchecked Sendable {
  let provider: CXProvider
  let registry = PKPushRegistry(queue: nil)
  let callsPerPush: Int
  /// Whether each call is ended before the next is reported.
  let endsEachCall: Bool
  /// `nil` for a call that shows, else the refusal's code.
  let answers = Recorded<Int?>()
  let reported = Recorded<UUID>()

  init(maximumCallGroups: Int?, callsPerPush: Int, endsEachCall: Bool = false) {
    let configuration = CXProviderConfiguration()
    if let maximumCallGroups { configuration.maximumCallGroups = maximumCallGroups }
    provider = CXProvider(configuration: configuration)
    self.callsPerPush = callsPerPush
    self.endsEachCall = endsEachCall
    super.init()
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {}

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    nonisolated(unsafe) let completion = completion
    let left = Mutex(callsPerPush)
    var previous: UUID?
    for _ in 0..<callsPerPush {
      let uuid = UUID()
      if endsEachCall, let previous {
        provider.reportCall(with: previous, endedAt: nil, reason: .remoteEnded)
      }
      previous = uuid
      let update = CXCallUpdate()
      update.localizedCallerName = "Ana"
      provider.reportNewIncomingCall(with: uuid, update: update) { [answers, reported] error in
        let code = (error as? CXErrorCodeIncomingCallError)?.code.rawValue
        answers.append(code)
        if code == nil { reported.append(uuid) }
        if left.withLock({ left in
          left -= 1
          return left == 0
        }) {
          completion()
        }
      }
    }
  }
}

@Suite("CallKit holds the provider to its configuration's call groups")
struct CallGroupLimitTests {
  static func phone(
    _ service: Recorded<RingingCallsService>, groups: Int?, calls: Int, endsEachCall: Bool = false
  ) -> DeviceHost {
    DeviceHost(
      app: AppConfiguration(bundleId: "com.example.call", state: .notRunning),
      code: .app(launch: {
        let made = RingingCallsService(
          maximumCallGroups: groups, callsPerPush: calls, endsEachCall: endsEachCall)
        service.append(made)
        return made
      }))
  }

  @Test("the default two groups: a third ringing call is refused with unknown")
  func defaultLimit() async throws {
    let service = Recorded<RingingCallsService>()
    let host = Self.phone(service, groups: nil, calls: 3)
    await host.receive(
      bytes: Array("{}".utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let made = try #require(service.all.last)
    let unknown = CXErrorCodeIncomingCallError.Code.unknown.rawValue
    // Each completion runs on a thread of its own, in no set order (Rules.md §9.9): two
    // answers are no error, one is `unknown`, whichever comes back first.
    #expect(
      await made.answers.all(count: 3).sorted { ($0 ?? -1) < ($1 ?? -1) } == [nil, nil, unknown])
    let device = await host.device
    #expect(device.events.events(ofKind: .callKitIncoming).count == 2)
    let refused = device.events.events(ofKind: .callKitRefused)
    #expect(refused.count == 1)
    #expect(refused.first?.details["error"] == JSONValue(.number(JSONNumber(unknown))))
    #expect(refused.first?.details["maximumCallGroups"] == JSONValue(.number(JSONNumber(2))))
    #expect(refused.first?.push == "call")
    // The push was reported: it shows, and the app is not terminated.
    #expect(device.push("call")?.status == .silent)
    #expect(device.events.events(ofKind: .voipTerminated).isEmpty)
  }

  @Test("a burst of 2,000 reports rings only maximumCallGroups calls")
  func burst() async throws {
    let service = Recorded<RingingCallsService>()
    let host = Self.phone(service, groups: 1, calls: 2_000)
    await host.receive(
      bytes: Array("{}".utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let made = try #require(service.all.last)
    #expect(await made.answers.all(count: 2_000).count == 2_000)
    #expect(made.reported.all.count == 1)
    #expect(await host.device.events.events(ofKind: .callKitIncoming).count == 1)
  }

  @Test("an ended call frees its group")
  func endedCallFreesItsGroup() async throws {
    let service = Recorded<RingingCallsService>()
    let host = Self.phone(service, groups: 1, calls: 3, endsEachCall: true)
    await host.receive(
      bytes: Array("{}".utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let made = try #require(service.all.last)
    #expect(await made.answers.all(count: 3) == [nil, nil, nil])
    let device = await host.device
    #expect(device.events.events(ofKind: .callKitIncoming).count == 3)
    #expect(device.events.events(ofKind: .callKitEnded).count == 2)
  }

  @Test("outside a device the provider keeps to its groups too")
  func standalone() async throws {
    let configuration = CXProviderConfiguration()
    configuration.maximumCallGroups = 1
    let provider = CXProvider(configuration: configuration)
    let first = UUID()
    try await provider.reportNewIncomingCall(with: first, update: CXCallUpdate())
    await #expect(throws: CXErrorCodeIncomingCallError(.unknown)) {
      try await provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate())
    }
    provider.reportCall(with: first, endedAt: nil, reason: .remoteEnded)
    try await provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate())
  }
}

/// An SDK's VoIP code: the registry delivers on a queue of its own, and the provider is a lazy
/// property, made at the first VoIP push.
final class LazyProviderCalls: NSObject, PKPushRegistryDelegate, CXProviderDelegate,
  @unchecked Sendable
{
  lazy var provider: CXProvider = {
    let provider = CXProvider(configuration: CXProviderConfiguration())
    provider.setDelegate(self, queue: nil)
    return provider
  }()
  let registry = PKPushRegistry(queue: DispatchQueue(label: "com.example.sdk.voip"))

  override init() {
    super.init()
    registry.delegate = self
    registry.desiredPushTypes = [.voIP]
  }

  func pushRegistry(
    _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType
  ) {}

  func pushRegistry(
    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
    for type: PKPushType, completion: @escaping () -> Void
  ) {
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: "Ana")
    provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
  }

  func providerDidReset(_ provider: CXProvider) {}
}

@Suite("A CXProvider made after launch")
struct LateProviderTests {
  @Test("made at the first VoIP push, on the registry's queue: the call shows")
  func lazyProviderReports() async {
    let host = DeviceHost(
      app: AppConfiguration(bundleId: "com.example.call", state: .notRunning),
      code: .app(launch: { LazyProviderCalls() }))
    await host.receive(
      bytes: Array(#"{"caller":"Ana"}"#.utf8), headers: HostedVoIPTests.headers, id: "call",
      to: .pushType(.voip))
    let kinds = await host.device.events.filter { $0.push == "call" }.map(\.kind)
    #expect(kinds.contains(.callKitIncoming))
    #expect(!kinds.contains(.voipTerminated))
    #expect(await host.device.push("call")?.status == .silent)
  }
}
