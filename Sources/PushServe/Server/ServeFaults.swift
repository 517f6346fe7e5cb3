import Foundation
import PushPayload
import PushScenario
import Synchronization

/// Faults a backend asks for, to test its retries and token pruning (CommandLine.md,
/// `pushsim serve`, "Faults"; Rules.md §18.5): set from the devices file's `faults` or
/// `PUT /pushsim/v1/faults`, read by every connection.
///
/// ```json
/// {"tokens": {"<hex>": "Unregistered", "<hex>": "TooManyRequests"},
///  "status": 503, "seconds": 30, "delayMs": 250,
///  "refuseConnections": false, "maxConcurrentStreams": 2, "goaway": "Shutdown"}
/// ```
struct ServeFaults: Sendable, Equatable {
  /// What a token answers instead of playing the push.
  enum TokenFault: String, Sendable, Equatable {
    /// 410 `Unregistered`, with the time the fault was set as `timestamp`.
    case unregistered = "Unregistered"
    /// 429 `TooManyRequests`.
    case tooManyRequests = "TooManyRequests"
  }

  /// Token (lowercase hexadecimal) → its fault, and when it was set.
  var tokens: [String: (fault: TokenFault, since: Date)] = [:]
  /// 500 or 503 for every APNs request until `statusUntil` (`nil`: until cleared).
  var status: Int?
  var statusUntil: Date?
  /// Milliseconds every APNs answer waits before it is sent.
  var delay = 0
  /// Every new connection is closed at once.
  var refuseConnections = false
  /// The HTTP/2 streams a connection may open once authenticated, in place of the limit.
  var maxConcurrentStreams: Int?

  static func == (left: ServeFaults, right: ServeFaults) -> Bool {
    left.tokens.mapValues(\.fault) == right.tokens.mapValues(\.fault)
      && left.status == right.status && left.statusUntil == right.statusUntil
      && left.delay == right.delay && left.refuseConnections == right.refuseConnections
      && left.maxConcurrentStreams == right.maxConcurrentStreams
  }

  /// The server-wide status fault in force at `now`.
  func status(at now: Date) -> Int? {
    guard let status else { return nil }
    if let statusUntil, now >= statusUntil { return nil }
    return status
  }

  /// What a `faults` object asks for, read at `now`: the faults, and whether every HTTP/2
  /// connection open now must end with `GOAWAY` `Shutdown` (`"goaway": "Shutdown"`).
  static func decode(_ node: Node, now: Date) throws(ScenarioError) -> (ServeFaults, goAway: Bool) {
    let object = try node.object(allowing: [
      "tokens", "status", "seconds", "delayMs", "refuseConnections", "maxConcurrentStreams",
      "goaway",
    ])
    var faults = ServeFaults()
    if let tokens = object.optional("tokens") {
      for (token, value) in try tokens.object(allowing: nil).fields {
        let lowered = token.lowercased()
        guard lowered.utf8.count >= 2, lowered.utf8.count % 2 == 0,
          lowered.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { throw value.error("a device token is an even number of hexadecimal digits") }
        let name = try value.oneOf([
          TokenFault.unregistered.rawValue, TokenFault.tooManyRequests.rawValue,
        ])
        if let fault = TokenFault(rawValue: name) { faults.tokens[lowered] = (fault, now) }
      }
    }
    if let status = object.optional("status") {
      let code = try status.int()
      guard code == 500 || code == 503 else {
        throw status.error("status is 500 (InternalServerError) or 503 (ServiceUnavailable)")
      }
      faults.status = code
    }
    if let seconds = object.optional("seconds") {
      let value = try seconds.double()
      guard faults.status != nil else { throw seconds.error("seconds goes with status") }
      guard value > 0, value <= 86_400 else { throw seconds.error("seconds is from 0 to 86400") }
      faults.statusUntil = now.addingTimeInterval(value)
    }
    if let delay = object.optional("delayMs") {
      let value = try delay.int()
      guard value >= 0, value <= 60_000 else { throw delay.error("delayMs is from 0 to 60000") }
      faults.delay = value
    }
    if let refuse = object.optional("refuseConnections") {
      faults.refuseConnections = try refuse.bool()
    }
    if let streams = object.optional("maxConcurrentStreams") {
      let value = try streams.int()
      guard value >= 1, value <= 1000 else {
        throw streams.error("maxConcurrentStreams is from 1 to 1000")
      }
      faults.maxConcurrentStreams = value
    }
    var goAway = false
    if let node = object.optional("goaway") {
      _ = try node.oneOf(["Shutdown"])
      goAway = true
    }
    return (faults, goAway)
  }

  /// The faults as the API shows them.
  func json(now: Date) -> JSONValue {
    var members: [JSONMember] = []
    var tokenMembers: [JSONMember] = []
    for (token, entry) in tokens.sorted(by: { $0.key < $1.key }) {
      tokenMembers.append(JSONMember(key: token, value: JSONValue(.string(entry.fault.rawValue))))
    }
    members.append(JSONMember(key: "tokens", value: JSONValue(.object(JSONObject(tokenMembers)))))
    members.append(
      JSONMember(
        key: "status",
        value: status(at: now).map { JSONValue(.number(JSONNumber($0))) } ?? JSONValue(.null)))
    if let statusUntil, status(at: now) != nil {
      members.append(
        JSONMember(
          key: "seconds",
          value: JSONValue(
            .number(JSONNumber(Int(statusUntil.timeIntervalSince(now).rounded(.up)))))))
    }
    members.append(JSONMember(key: "delayMs", value: JSONValue(.number(JSONNumber(delay)))))
    members.append(JSONMember(key: "refuseConnections", value: JSONValue(.bool(refuseConnections))))
    members.append(
      JSONMember(
        key: "maxConcurrentStreams",
        value: maxConcurrentStreams.map { JSONValue(.number(JSONNumber($0))) } ?? JSONValue(.null)))
    return JSONValue(.object(JSONObject(members)))
  }
}

/// The faults in force, shared by the server's connections and its devices.
final class FaultBoard: Sendable {
  private let state = Mutex(ServeFaults())
  /// Whether any fault is set: every request reads the board, mostly while none is, and
  /// then takes no lock that the other connections' threads also take.
  private let anySet = Atomic<Bool>(false)
  /// Bumped by each `"goaway": "Shutdown"` and when the server stops: HTTP/2 connections
  /// older than it end.
  private let goAwayGeneration = Atomic<Int>(0)

  var faults: ServeFaults {
    guard anySet.load(ordering: .acquiring) else { return ServeFaults() }
    return state.withLock { $0 }
  }

  func set(_ faults: ServeFaults, goAway: Bool) {
    state.withLock { state in
      state = faults
      anySet.store(faults != ServeFaults(), ordering: .releasing)
    }
    if goAway { goAwayGeneration.add(1, ordering: .sequentiallyConsistent) }
  }

  var generation: Int { goAwayGeneration.load(ordering: .sequentiallyConsistent) }

  /// Ends every HTTP/2 connection open now with `GOAWAY` `Shutdown` (the server stops).
  func endHTTP2Connections() { goAwayGeneration.add(1, ordering: .sequentiallyConsistent) }

  /// The fault on `token`, and when it was set.
  func fault(for token: String) -> (fault: ServeFaults.TokenFault, since: Date)? {
    guard anySet.load(ordering: .acquiring) else { return nil }
    return state.withLock { $0.tokens[token] }
  }
}
