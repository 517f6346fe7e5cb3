import Foundation
import PushDevice
import PushPayload
import PushScenario

/// The phones a server plays pushes on, and APNs's answers for them (Rules.md §18).
///
/// Each push plays on its phone's ``DeviceHost`` exactly as a scenario's push step does (the
/// request's headers and bytes, `DeviceHost.receive`), outside the actor's turns: pushes read
/// what is fixed at start and their phone's ledger (``ServedPhone``), so pushes to different
/// phones run side by side. The API, the live page and broadcasts, which read several phones
/// at once, take the actor's turns. Each phone's clock follows the wall clock: before anything
/// is played on it, its virtual time is moved on to now.
actor ServedDevices {
  /// Where a token leads.
  struct TokenTarget {
    var phone: Int
    var environment: APNsEnvironment
    var kind: String
  }

  /// The phones, in the devices file's order.
  let phones: [ServedPhone]
  private let tokenIndex: [String: TokenTarget]
  /// Where `apns-id` and `apns-unique-id` values come from.
  let uuids = UUIDSource()
  /// Every phone's app's bundle id (a push's topic must name one).
  let bundleIDs: Set<String>
  /// The broadcast channels the apps' servers created (the channel management endpoint).
  var channels = BroadcastChannels()
  let environment: APNsEnvironment
  let log: ServeLog
  let now: @Sendable () -> Date
  /// The longest body a connection reads (``ServeLimits/body``).
  let bodyLimit: Int
  /// The faults in force (a token's fault answers before its phone plays the push).
  let faults: FaultBoard
  /// What each phone keeps of its past (``ServeLimits/deviceWindow``).
  let window: HistoryWindow

  init(
    file: DeviceFile, environment: APNsEnvironment, log: ServeLog, bodyLimit: Int,
    window: Int = ServeLimits().deviceWindow, faults: FaultBoard = FaultBoard(),
    now: @escaping @Sendable () -> Date
  ) {
    self.faults = faults
    self.window = HistoryWindow(pushes: window)
    self.environment = environment
    self.log = log
    self.now = now
    self.bodyLimit = bodyLimit
    let start = now()
    var phones: [ServedPhone] = []
    for entry in file.entries {
      var configuration = entry.device
      configuration.now = start
      var tokens: [APNsEnvironment: [String: String]] = [:]
      for environment in APNsEnvironment.allCases {
        var kinds = entry.tokens[environment.rawValue] ?? [:]
        if kinds["device"] == nil {
          kinds["device"] = Self.generatedToken(entry.name, environment.rawValue, "device")
        }
        tokens[environment] = kinds
      }
      phones.append(
        ServedPhone(
          name: entry.name, host: DeviceHost(configuration: configuration, app: entry.app),
          document: entry.deviceDocument, bundleID: entry.app.bundleId, tokens: tokens,
          removedAtStart: entry.removed))
    }
    self.phones = phones
    self.bundleIDs = Set(phones.map(\.bundleID))
    var tokenIndex: [String: TokenTarget] = [:]
    for (index, phone) in phones.enumerated() {
      for (environment, kinds) in phone.tokens {
        for (kind, token) in kinds {
          tokenIndex[token] = TokenTarget(phone: index, environment: environment, kind: kind)
        }
      }
    }
    self.tokenIndex = tokenIndex
  }

  /// Removes the app of each phone the devices file marks `"removed": true`, as a `removeApp`
  /// step would at the start: APNs answers 410 `Unregistered` for it from then on.
  func removeMarkedApps() async {
    for index in phones.indices where phones[index].removedAtStart {
      await phones[index].host.removeApp()
      phones[index].installed = false
    }
  }

  /// A deterministic 64-digit token for a phone without one written (FNV-1a, four lanes).
  static func generatedToken(_ name: String, _ environment: String, _ kind: String) -> String {
    var text = ""
    for lane in 0..<4 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(lane)
      for byte in "pushsim|\(lane)|\(name)|\(environment)|\(kind)".utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      text += String(repeating: "0", count: 16 - hex.count) + hex
    }
    return text
  }

  /// The tokens, for the lines the server prints when it starts.
  func tokenLines() -> [(device: String, environment: String, kind: String, token: String)] {
    var lines: [(String, String, String, String)] = []
    for phone in phones {
      for environment in APNsEnvironment.allCases {
        for (kind, token) in (phone.tokens[environment] ?? [:]).sorted(by: { $0.key < $1.key }) {
          lines.append((phone.name, environment.rawValue, kind, token))
        }
      }
    }
    return lines
  }

  // MARK: Requests

  /// Answers one request: the APNs endpoint, the API, or `BadPath`. A push to a device token
  /// is answered on the caller's thread when its phone is free (``apns(_:)``); the rest, in
  /// the actor's turns.
  nonisolated func handle(_ request: ServeRequest) async -> ServeResponse {
    if ServedDevices.isLivePath(request.path), let answer = await live(request) {
      return answer
    }
    if request.path == "/pushsim/v1" || request.path.hasPrefix("/pushsim/v1/") {
      return await api(request)
    }
    if request.path.hasPrefix("/1/apps/") { return await channelManagement(request) }
    if request.path.hasPrefix("/4/broadcasts/") { return await broadcast(request) }
    return await apns(request)
  }

  /// `POST /3/device/<token>`, judged in the order of Rules.md §18.2. Not in the actor's turns:
  /// it reads only what is fixed at start, and its phone's ledger under the phone's lock, so
  /// pushes to different phones run side by side (Architecture.md, "The provider endpoint").
  private nonisolated func apns(_ request: ServeRequest) async -> ServeResponse {
    let time = now()
    let requestID = request.values("apns-id").first
    let apnsID =
      requestID.flatMap { APNsVerdict.isCanonicalUUID($0) ? $0 : nil }
      ?? uuids.next()
    let uniqueID = environment == .development ? uuids.next() : nil
    func refuse(
      _ reason: ServeReason, _ message: String, device: String? = nil, timestamp: Int64? = nil
    ) -> ServeResponse {
      let response = APNsAnswer.make(
        status: reason.status, apnsID: apnsID, uniqueID: uniqueID, reason: reason.rawValue,
        timestamp: timestamp)
      log.request(
        request, at: time, device: device, response: response, reason: reason.rawValue,
        message: message)
      return response
    }

    // The path and the method.
    let prefix = "/3/device"
    guard request.path.hasPrefix(prefix) else {
      return refuse(.badPath, "the path is not /3/device/<device token>")
    }
    let rest = request.path.dropFirst(prefix.count)
    guard rest.isEmpty || rest.hasPrefix("/") else {
      return refuse(.badPath, "the path is not /3/device/<device token>")
    }
    guard request.method == "POST" else {
      return refuse(.methodNotAllowed, "APNs takes POST only, not \(request.method)")
    }
    let token = String(rest.dropFirst()).lowercased()
    guard !token.isEmpty else {
      return refuse(.missingDeviceToken, "the path names no device token")
    }
    guard !token.utf8.contains(UInt8(ascii: "/")), !token.utf8.contains(UInt8(ascii: "?")) else {
      return refuse(.badPath, "the path is not /3/device/<device token>")
    }

    // Headers APNs reads given twice.
    var seen: Set<String> = []
    for field in request.fields
    where field.name.hasPrefix("apns-") || field.name == "authorization" {
      guard seen.insert(field.name).inserted else {
        return refuse(.duplicateHeaders, "\(field.name) is given more than once")
      }
    }

    // The credentials: the connection's client certificate, or the provider token (its shape,
    // age, signature with --auth-key, and the connection's rules; Rules.md §18.3).
    var certificate: ClientCertificate?
    switch request.authentication {
    case .certificate(let client): certificate = client
    case .token(let refusal?): return refuse(refusal.reason, refusal.message)
    case .token(nil): break
    case nil:
      let provider = ProviderToken(authorization: request.values("authorization"), now: time)
      if let reason = provider.reason.flatMap(ServeReason.init(rawValue:)) {
        return refuse(reason, provider.message)
      }
    }
    if let certificate {
      guard let bundleID = certificate.bundleID else {
        return refuse(
          .badCertificate,
          "the client certificate does not chain to the server's CA or names no bundle id (UID)")
      }
      guard certificate.environments.contains(environment) else {
        return refuse(
          .badCertificateEnvironment,
          "the client certificate is not for \(environment.rawValue), which the server plays")
      }
      if let topic = request.values("apns-topic").first,
        Self.bundleID(ofTopic: topic) != bundleID
      {
        return refuse(
          .badCertificate,
          "the client certificate is \(JSONWriter.quoted(bundleID))'s, not the topic's")
      }
    }

    // The device token.
    guard token.utf8.allSatisfy(Self.isHexDigit), let target = tokenIndex[token] else {
      return refuse(.badDeviceToken, "no device has this token (see the tokens printed at start)")
    }
    let phone = phones[target.phone]
    let phoneName = phone.name
    let phoneBundleID = phone.bundleID
    guard target.environment == environment else {
      return refuse(
        .badDeviceToken,
        "this is \(phoneName)'s \(target.environment.rawValue) token; the server plays "
          + "\(environment.rawValue)", device: phoneName)
    }

    // The topic.
    guard let topic = request.values("apns-topic").first ?? certificate?.bundleID, !topic.isEmpty
    else {
      return refuse(
        .missingTopic, "apns-topic is required with token-based authentication", device: phoneName
      )
    }
    let base = Self.bundleID(ofTopic: topic)
    guard bundleIDs.contains(base) else {
      return refuse(
        .topicDisallowed, "no device's app has the bundle id \(JSONWriter.quoted(base))",
        device: phoneName)
    }
    guard base == phoneBundleID else {
      return refuse(
        .deviceTokenNotForTopic,
        "the token is \(phoneName)'s for \(phoneBundleID), not \(JSONWriter.quoted(base))",
        device: phoneName)
    }

    // A fault set on the token (Rules.md §18.5).
    if let (fault, since) = faults.fault(for: token) {
      switch fault {
      case .unregistered:
        return refuse(
          .unregistered, "a fault set on this token: Unregistered", device: phoneName,
          timestamp: Int64((since.timeIntervalSince1970 * 1000).rounded(.down)))
      case .tooManyRequests:
        return refuse(
          .tooManyRequests, "a fault set on this token: TooManyRequests", device: phoneName)
      }
    }

    // A body too long to read: refused without playing it.
    if request.bodyTooLarge {
      return refuse(
        .payloadTooLarge,
        "the body is over \(bodyLimit) bytes; the largest APNs accepts is 5120 (voip)",
        device: phoneName)
    }

    // Played on the device, judged there as `pushsim run` judges a push, its clock moved on to
    // the wall clock's first, in one turn of the device.
    var headers = PushHeaders(fields: [:])
    for field in request.fields {
      switch field.name {
      case "apns-push-type": headers.pushType = field.value
      case "apns-priority": headers.priority = field.value
      case "apns-collapse-id": headers.collapseID = field.value
      case "apns-expiration": headers.expiration = field.value
      case "apns-topic": headers.topic = field.value
      case "apns-id": headers.apnsID = field.value
      default: break
      }
    }
    if headers.apnsID == nil { headers.apnsID = apnsID }
    let pushID = phone.claimPushID(apnsID)
    let address: PushAddress? =
      target.kind == "device" ? nil : PushType(rawValue: target.kind).map(PushAddress.pushType)
    let (record, unprinted, forgotten) = await phone.host.receive(
      bytes: request.body, headers: headers, id: pushID, to: address, advancingTo: time,
      forgetting: window, thenRead: Self.unprinted(from: phone.printed))
    let reason = record.httpStatus == 200 ? nil : record.reason
    // A removed app's 410 carries when APNs learned of it (Rules.md §15.1), as the device says.
    let response = APNsAnswer.make(
      status: record.httpStatus, apnsID: apnsID, uniqueID: uniqueID, reason: reason,
      timestamp: record.unregisteredAt.map {
        Int64(($0.timeIntervalSince1970 * 1000).rounded(.down))
      })
    var lines = log.lines()
    lines.request(
      request, at: time, device: phoneName, response: response, reason: reason, message: nil)
    phone.print(unprinted, after: lines, to: log)
    phone.remember(forgotten)
    return response
  }

  /// `0`–`9` and `a`–`f` (the path's token is lowercased first).
  static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
  }

  /// The bundle id a topic names: the topic without the suffix of its push type
  /// (`com.example.chat.voip` → `com.example.chat`).
  static func bundleID(ofTopic topic: String) -> String {
    if let type = PushType(topicSuffixOf: topic), let suffix = type.topicSuffix,
      topic.utf8.count > suffix.utf8.count
    {
      return String(topic.dropLast(suffix.count))
    }
    return topic
  }

  /// Moves the phone's virtual time on to the wall clock.
  func follow(wallClock time: Date, phone index: Int) async {
    let host = phones[index].host
    let elapsed = time.timeIntervalSince(await host.now)
    guard elapsed > 0 else { return }
    await host.advance(by: .milliseconds(Int64((elapsed * 1000).rounded(.down))))
  }

  /// The events of a device from its `from`-th (counted from its first event, forgotten ones
  /// included: ``EventLog/forgotten``), the findings about the pushes they received, and the
  /// place of the first and of the end.
  struct Unprinted: Sendable {
    var events: [DeviceEvent]
    var findings: [PushDiagnostic]
    var from: Int
    var end: Int
  }

  /// Reads ``Unprinted`` events from the `from`-th on.
  static func unprinted(from: Int) -> @Sendable (Device) -> Unprinted {
    { device in
      let log = device.events
      let local = max(0, from - log.forgotten)
      let events = (min(max(local, log.startIndex), log.endIndex)..<log.endIndex).map { log[$0] }
      let received = events.compactMap { $0.kind == .received ? $0.push : nil }
      let findings =
        received.isEmpty
        ? [] : device.diagnostics.filter { finding in finding.push.map(received.contains) ?? false }
      return Unprinted(
        events: events, findings: findings, from: log.forgotten + local,
        end: log.forgotten + log.count)
    }
  }

  /// The device's events from the `from`-th on (counted as ``unprinted(from:)`` counts), as
  /// JSON (what a step's answer carries).
  static func eventsJSON(from: Int) -> @Sendable (Device) -> [JSONValue] {
    { device in DeviceReport.events(device, from: max(0, from - device.events.forgotten)) }
  }

  /// Writes the phone's events not yet written.
  func printEvents(phone index: Int) async {
    let phone = phones[index]
    phone.print(
      await phone.host.read(Self.unprinted(from: phone.printed)), after: log.lines(), to: log)
  }

  /// Forgets what phone `index` keeps outside the window (a push that did not come through
  /// ``apns(_:)``'s one turn: a broadcast's).
  func forget(phone index: Int) async {
    phones[index].remember(await phones[index].host.forgetHistory(keeping: window))
  }

  /// The phone's window as the API shows it: `{"pushes": N, "complete": Bool, "forgotten":
  /// {"pushes", "events", "notifications", "diagnostics"}}`.
  func windowJSON(_ index: Int) -> JSONValue {
    let forgotten = phones[index].forgotten
    func number(_ value: Int) -> JSONValue { JSONValue(.number(JSONNumber(value))) }
    return JSONValue(
      .object(
        JSONObject(distinctMembers: [
          JSONMember(key: "pushes", value: number(window.pushes)),
          JSONMember(key: "complete", value: JSONValue(.bool(forgotten.isEmpty))),
          JSONMember(
            key: "forgotten",
            value: JSONValue(
              .object(
                JSONObject(distinctMembers: [
                  JSONMember(key: "pushes", value: number(forgotten.pushes)),
                  JSONMember(key: "events", value: number(forgotten.events)),
                  JSONMember(key: "notifications", value: number(forgotten.notifications)),
                  JSONMember(key: "diagnostics", value: number(forgotten.diagnostics)),
                ])))),
        ])))
  }

  /// Why a check of phone `index` may not see all it asks about, when its device has forgotten
  /// part of its past; `nil` when it has forgotten nothing.
  func windowNote(_ index: Int) -> String? {
    let forgotten = phones[index].forgotten
    guard !forgotten.isEmpty else { return nil }
    return "\(phones[index].name) keeps its newest \(window.pushes) pushes (--device-window): "
      + "\(forgotten.pushes) older pushes, \(forgotten.events) events and "
      + "\(forgotten.notifications) notifications have left it, so a check of them "
      + "cannot see them"
  }

  // MARK: The API (CommandLine.md, `pushsim serve`, API)

  private func api(_ request: ServeRequest) async -> ServeResponse {
    let time = now()
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    // ["pushsim", "v1", "devices", name?, "steps"?]
    var response: ServeResponse
    var device: String?
    if parts.count == 3, parts[2] == "devices" {
      response =
        request.method == "GET"
        ? Self.json(200, listJSON()) : Self.error(405, "use GET on /pushsim/v1/devices")
    } else if parts.count >= 4, parts.count <= 5, parts[2] == "devices",
      let index = phones.firstIndex(where: { $0.name == parts[3] })
    {
      device = phones[index].name
      if parts.count == 4 {
        if request.method == "GET" {
          await follow(wallClock: time, phone: index)
          response = Self.json(200, await deviceJSON(index))
        } else {
          response = Self.error(405, "use GET on /pushsim/v1/devices/<name>")
        }
      } else if parts[4] == "steps" {
        response =
          request.method == "POST"
          ? await step(request.body, phone: index, at: time)
          : Self.error(405, "use POST on /pushsim/v1/devices/<name>/steps")
      } else if parts[4] == "expect" {
        response =
          request.method == "POST"
          ? await expect(request.body, phone: index, at: time)
          : Self.error(405, "use POST on /pushsim/v1/devices/<name>/expect")
      } else {
        response = Self.error(404, "no such API path")
      }
    } else if parts.count >= 4, parts[2] == "devices" {
      response = Self.error(404, "no device named \(JSONWriter.quoted(parts[3]))")
    } else {
      response = Self.error(404, "no such API path; see GET /pushsim/v1/devices")
    }
    log.request(
      request, at: time, device: device, response: response, reason: nil, message: nil)
    if let device, let index = phones.firstIndex(where: { $0.name == device }) {
      await printEvents(phone: index)
    }
    return response
  }

  private func listJSON() -> JSONValue {
    let list = phones.map { phone -> JSONValue in
      var tokens = JSONObject()
      for environment in APNsEnvironment.allCases {
        let kinds = (phone.tokens[environment] ?? [:]).sorted { $0.key < $1.key }
        tokens.append(
          JSONMember(
            key: environment.rawValue,
            value: JSONValue(
              .object(
                JSONObject(
                  kinds.map { JSONMember(key: $0.key, value: JSONValue(.string($0.value))) })))))
      }
      return JSONValue(
        .object(
          JSONObject([
            JSONMember(key: "name", value: JSONValue(.string(phone.name))),
            JSONMember(key: "bundleId", value: JSONValue(.string(phone.bundleID))),
            JSONMember(key: "installed", value: JSONValue(.bool(phone.installed))),
            JSONMember(key: "tokens", value: JSONValue(.object(tokens))),
          ])))
    }
    return JSONValue(
      .object(JSONObject([JSONMember(key: "devices", value: JSONValue(.array(list)))])))
  }

  private func deviceJSON(_ index: Int) async -> JSONValue {
    let phone = phones[index]
    let (final, events, time) = await phone.host.read { device in
      (DeviceReport.final(device), DeviceReport.events(device), device.now)
    }
    return JSONValue(
      .object(
        JSONObject([
          JSONMember(key: "name", value: JSONValue(.string(phone.name))),
          JSONMember(key: "bundleId", value: JSONValue(.string(phone.bundleID))),
          JSONMember(key: "installed", value: JSONValue(.bool(phone.installed))),
          JSONMember(key: "now", value: JSONValue(.string(ScenarioTime.format(time)))),
          JSONMember(key: "window", value: windowJSON(index)),
          JSONMember(key: "final", value: final),
          JSONMember(key: "events", value: JSONValue(.array(events))),
        ])))
  }

  /// One step: `{"tap": "<push>"}` or `{"tap": {"push", "action", "text"}}`,
  /// `{"dismiss": "<push>"}`, `{"clear": true}`, `{"set": {"device": {…}}}`,
  /// `{"removeApp": true}`, `{"installApp": true}`, `{"startActivity": {…}}` (a scenario's).
  private func step(_ body: [UInt8], phone index: Int, at time: Date) async -> ServeResponse {
    guard let document = try? JSONDocument(parsing: body, maximumDepth: 32),
      let object = document.root.objectValue, object.count == 1, let member = object.members.first
    else {
      return Self.error(
        400,
        "a step is one JSON object with one of tap, dismiss, clear, set, removeApp, installApp, "
          + "startActivity"
      )
    }
    await follow(wallClock: time, phone: index)
    let host = phones[index].host
    let value = member.value
    switch member.key {
    case "tap":
      let push = value.stringValue ?? value["push"]?.stringValue
      guard let push else { return Self.error(400, "tap names a push: {\"tap\": \"<push id>\"}") }
      do {
        _ = try await host.tap(
          push, action: value["action"]?.stringValue, text: value["text"]?.stringValue)
      } catch {
        return Self.error(409, error.message)
      }
    case "dismiss":
      guard let push = value.stringValue else {
        return Self.error(400, "dismiss names a push: {\"dismiss\": \"<push id>\"}")
      }
      do {
        _ = try await host.dismiss(push)
      } catch {
        return Self.error(409, error.message)
      }
    case "clear":
      await host.clear()
    case "set":
      guard let change = value["device"]?.objectValue, value.objectValue?.count == 1 else {
        return Self.error(400, "set takes {\"device\": {…}}, the scenario format's device fields")
      }
      let merged = phones[index].document.merging(change)
      do {
        var configuration = try merged.deviceConfiguration()
        configuration.now = await host.now
        phones[index].document = merged
        await host.setDevice(configuration)
      } catch {
        return Self.error(400, error.description)
      }
    case "startActivity":
      do {
        await host.startActivity(
          try StartActivityStep.request(stepBody: body, name: "request body"))
      } catch {
        return Self.error(400, error.description)
      }
    case "removeApp":
      // The phone's app goes as on a device (Rules.md §15.1): notifications, badge, activities,
      // and APNs answers 410 with the time it learned of it.
      await host.removeApp()
      phones[index].installed = false
    case "installApp":
      await host.installApp()
      phones[index].installed = true
    default:
      return Self.error(
        400,
        "unknown step \(JSONWriter.quoted(member.key)); expected one of tap, dismiss, clear, set, "
          + "removeApp, installApp, startActivity")
    }
    let events = await host.read(Self.eventsJSON(from: phones[index].printed))
    return Self.json(
      200,
      JSONValue(
        .object(JSONObject([JSONMember(key: "events", value: JSONValue(.array(events)))]))))
  }

  static func json(_ status: Int, _ value: JSONValue) -> ServeResponse {
    ServeResponse(
      status: status, fields: [HeaderField("content-type", "application/json")],
      body: Array(value.jsonText.utf8))
  }

  static func error(_ status: Int, _ message: String) -> ServeResponse {
    json(
      status,
      JSONValue(.object(JSONObject([JSONMember(key: "error", value: JSONValue(.string(message)))])))
    )
  }
}
