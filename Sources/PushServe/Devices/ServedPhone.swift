import PushDevice
import PushPayload
import PushScenario
import PushSimHosting

/// One phone a server plays pushes on: who it is, fixed when the server starts, and what the
/// server keeps of it, behind the phone's own lock. A push to one phone never waits for a push
/// to another (Architecture.md, "The provider endpoint").
final class ServedPhone: Sendable {
  let name: String
  /// The simulated iPhone: pushes to it are played one at a time, in the order they come.
  let host: DeviceHost
  let bundleID: String
  /// Environment → token kind → token (lowercase hexadecimal).
  let tokens: [APNsEnvironment: [String: String]]
  /// Whether the devices file marks the app removed at start.
  let removedAtStart: Bool
  private let ledger: Locked<Ledger>

  /// What the server keeps of the phone beside the device itself.
  private struct Ledger {
    /// The phone's `device` fields as last set (a `set` step merges into them).
    var document: ConfigurationDocument
    /// Whether the app is installed (the device's, mirrored for the device list).
    var installed = true
    /// How many of the device's events are already written out.
    var printed = 0
    /// The push ids of the records the device keeps (an `apns-id` sent twice gets a suffix).
    var pushIDs: Set<String> = []
    /// What the device has forgotten so far (its window, Rules.md §18.9).
    var forgotten = ForgottenHistory()
  }

  init(
    name: String, host: DeviceHost, document: ConfigurationDocument, bundleID: String,
    tokens: [APNsEnvironment: [String: String]], removedAtStart: Bool
  ) {
    self.name = name
    self.host = host
    self.bundleID = bundleID
    self.tokens = tokens
    self.removedAtStart = removedAtStart
    self.ledger = Locked(Ledger(document: document))
  }

  /// The phone's `device` fields as last set.
  var document: ConfigurationDocument {
    get { ledger.read { $0.document } }
    set { ledger.write { $0.document = newValue } }
  }

  /// Whether the app is installed.
  var installed: Bool {
    get { ledger.read { $0.installed } }
    set { ledger.write { $0.installed = newValue } }
  }

  /// How many of the device's events are already written out.
  var printed: Int { ledger.read { $0.printed } }

  /// What the device has forgotten so far.
  var forgotten: ForgottenHistory { ledger.read { $0.forgotten } }

  /// The id a push's record gets, taken at once: `apnsID`, or `apnsID#2`, `#3`… when the phone
  /// keeps a record of that id already.
  func claimPushID(_ apnsID: String) -> String {
    ledger.write { ledger in
      var pushID = apnsID
      var copy = 2
      while ledger.pushIDs.contains(pushID) {
        pushID = "\(apnsID)#\(copy)"
        copy += 1
      }
      ledger.pushIDs.insert(pushID)
      return pushID
    }
  }

  /// Notes what the device forgot: its push ids are free again, and the totals grow.
  func remember(_ forgotten: ForgottenHistory) {
    guard !forgotten.isEmpty else { return }
    ledger.write { ledger in
      ledger.pushIDs.subtract(forgotten.pushIDs)
      ledger.forgotten.add(forgotten)
    }
  }

  /// Adds to `lines` those of `unprinted` (read in a turn of the device) that no other answer
  /// wrote meanwhile, and writes them to `log`. Under the phone's lock: two answers never write
  /// one event twice, nor a phone's events out of order.
  func print(_ unprinted: ServedDevices.Unprinted, after lines: ServeLog.Lines, to log: ServeLog) {
    var lines = lines
    ledger.write { ledger in
      let start = max(unprinted.from, ledger.printed)
      if unprinted.end > start {
        ledger.printed = unprinted.end
        lines.events(
          unprinted.events[(start - unprinted.from)...], findings: unprinted.findings,
          device: name)
      }
      lines.change = (name, start..<max(start, unprinted.end))
      log.publish(lines)
    }
  }
}
