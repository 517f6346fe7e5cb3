import PushDevice
import PushPayload

extension Device {
  /// The device's state with the field names `expect` uses (ScenarioFormat.md, expect):
  /// `push`, `notification`, `center`, `summary`, `badge`, `routes`, `app`, the Live Activity
  /// sections (``liveActivitySections``), `events`, `diagnostics`. Built from the device's own
  /// views; nothing is decided here.
  ///
  /// - Parameter checks: an `expect` object: only the sections it names are built, for
  ///   `push` and `notification` only the ids it names, and for a notification only the
  ///   fields its check names, so a long scenario with a check after every push stays linear.
  ///   `nil` builds everything but `events` (the final state in reports, whose scenario
  ///   lists the events beside it).
  func scenarioState(for checks: JSONObject?) -> JSONValue {
    func wants(_ key: String) -> Bool {
      checks == nil || checks?[key] != nil
        || (key == "events" && checks?["noEvents"] != nil)
        || (key == "diagnostics" && checks?["noDiagnostics"] != nil)
    }
    func ids(_ key: String) -> [String] {
      if let named = checks?[key]?.objectValue { return named.keys }
      return pushIDs
    }
    var state = JSONObject()
    func add(_ key: String, _ value: JSONValue) { state.append(JSONMember(key: key, value: value)) }
    if wants("push") {
      var object = JSONObject()
      let named = checks?["push"]?.objectValue
      for id in ids("push") {
        guard let record = push(id) else { continue }
        let value =
          named?[id]?.objectValue.map { record.scenarioJSON(fields: $0.keys) }
          ?? record.scenarioJSON(apnsFacts: checks != nil)
        object.append(JSONMember(key: id, value: value))
      }
      add("push", JSONValue(.object(object)))
    }
    if wants("notification") {
      var object = JSONObject()
      let named = checks?["notification"]?.objectValue
      for id in ids("notification") {
        guard let record = notification(id) else { continue }
        let fields = named?[id]?.objectValue?.keys
        object.append(
          JSONMember(key: id, value: fields.map(record.scenarioJSON(fields:)) ?? record.json))
      }
      add("notification", JSONValue(.object(object)))
    }
    for key in Self.smallStateSections where wants(key) {
      if let value = smallStateSection(key) { add(key, value) }
    }
    if wants("activities") {
      var object = JSONObject()
      for activity in liveActivities {
        object.append(JSONMember(key: activity.id, value: activity.json))
      }
      add("activities", JSONValue(.object(object)))
    }
    if wants("dynamicIsland") {
      add(
        "dynamicIsland", dynamicIslandActivity.map { JSONValue(.string($0.id)) } ?? JSONValue(.null)
      )
    }
    if wants("lockScreenActivities") {
      add(
        "lockScreenActivities",
        JSONValue(.array(lockScreenActivities.map { JSONValue(.string($0.id)) })))
    }
    if wants("pushToStartToken") {
      add("pushToStartToken", pushToStartToken.map { JSONValue(.string($0)) } ?? JSONValue(.null))
    }
    if checks != nil, wants("events") { add("events", events.json) }
    if wants("diagnostics") { add("diagnostics", JSONValue(.array(diagnostics.map(\.json)))) }
    return JSONValue(.object(state))
  }

  /// Whether every check of the `expect` object `checks` holds, read straight off the records
  /// and logs: what ``ExpectationMatcher`` decides comparing `checks` with
  /// ``scenarioState(for:)``, without building that state (a check after every push reads a
  /// few fields instead of building a tree of them, or of every event so far).
  ///
  /// Only the `push`, `notification`, `events`, `diagnostics`, `noEvents` and
  /// `noDiagnostics` sections are read here.
  /// `false` for a check naming any other section, as for one that does not hold: the caller
  /// then builds the state and lets the matcher find and word the failures.
  func satisfiesDirectly(_ checks: JSONObject) -> Bool {
    checks.uniqueMembers.allSatisfy { section in
      switch section.key {
      case "push":
        Self.recordsHold(
          section.value, record: { push($0) }, member: { $0.scenarioField($1) })
      case "notification":
        Self.recordsHold(
          section.value, record: { notification($0) }, member: { $0.member($1) })
      case "events":
        Self.subsequenceHolds(
          section.value, in: events.events, member: { $0.member($1) },
          firstAbout: { events.firstIndex(about: $0, from: $1, where: $2) })
      case "diagnostics":
        Self.subsequenceHolds(
          section.value, in: diagnostics, member: { $0.member($1) },
          firstAbout: { firstDiagnosticIndex(about: $0, from: $1, where: $2) })
      case "noEvents":
        Self.noneHappened(
          section.value, in: events.events, member: { $0.member($1) },
          firstAbout: { events.firstIndex(about: $0, from: $1, where: $2) })
      case "noDiagnostics":
        Self.noneHappened(
          section.value, in: diagnostics, member: { $0.member($1) },
          firstAbout: { firstDiagnosticIndex(about: $0, from: $1, where: $2) })
      default: false
      }
    }
  }

  /// `expect.push` and `expect.notification`: each named push's record (`record`: by push
  /// id) has the fields written, a field read with `member`.
  private static func recordsHold<Record>(
    _ checks: JSONValue, record: (String) -> Record?, member: (Record, String) -> JSONValue?
  ) -> Bool {
    guard let named = checks.objectValue else { return false }
    return named.uniqueMembers.allSatisfy { entry in
      guard let fields = entry.value.objectValue, let found = record(entry.key) else {
        return false
      }
      return ExpectationMatcher.membersMatch(fields) { member(found, $0) }
    }
  }

  /// `expect.events` and `expect.diagnostics`: the elements written match elements of `log`
  /// in order, each a later one than the one before, the earliest each time (the matcher's
  /// subsequence rule), a field read with `member`. An element written with its push is
  /// looked for among that push's elements only (`firstAbout`: push, start, test), so a check
  /// after every push reads a few, not the whole log.
  private static func subsequenceHolds<Element>(
    _ checks: JSONValue, in log: [Element], member: (Element, String) -> JSONValue?,
    firstAbout: (String, Int, (Element) -> Bool) -> Int?
  ) -> Bool {
    guard let expected = checks.arrayValue else { return false }
    var position = 0
    for element in expected {
      guard let fields = element.objectValue else { return false }
      let matches = { (candidate: Element) in
        ExpectationMatcher.membersMatch(fields) { member(candidate, $0) }
      }
      let found =
        if let push = fields["push"]?.stringValue {
          firstAbout(push, position, matches)
        } else {
          log[position...].firstIndex(where: matches)
        }
      guard let found else { return false }
      position = found + 1
    }
    return true
  }

  /// The Live Activity sections of the state, in the order it lists them.
  static let liveActivitySections = [
    "activities", "dynamicIsland", "lockScreenActivities", "pushToStartToken",
  ]

  /// `expect.noEvents` and `expect.noDiagnostics`: no element written matches any element of
  /// `log` (one written with its push is looked for among that push's elements only).
  private static func noneHappened<Element>(
    _ checks: JSONValue, in log: [Element], member: (Element, String) -> JSONValue?,
    firstAbout: (String, Int, (Element) -> Bool) -> Int?
  ) -> Bool {
    guard let expected = checks.arrayValue else { return false }
    return expected.allSatisfy { element in
      // What is not an object matches no element (the matcher's rule).
      guard let fields = element.objectValue else { return true }
      let matches = { (candidate: Element) in
        ExpectationMatcher.membersMatch(fields) { member(candidate, $0) }
      }
      let found =
        if let push = fields["push"]?.stringValue {
          firstAbout(push, 0, matches)
        } else {
          log.firstIndex(where: matches)
        }
      return found == nil
    }
  }

  /// The sections of the state whose size does not grow with the number of pushes
  /// notified one by one (`center` lists ids only), in the order the state lists them.
  static let smallStateSections = ["center", "summary", "badge", "routes", "app"]

  /// One of ``smallStateSections`` as the state shows it; `nil` for any other key.
  func smallStateSection(_ key: String) -> JSONValue? {
    switch key {
    case "center": return JSONValue(.array(center.map(\.scenarioJSON)))
    case "summary": return JSONValue(.array(summary.map { JSONValue(.string($0)) }))
    case "badge": return JSONValue(.number(JSONNumber(badge)))
    case "routes": return JSONValue(.array(routes.map(\.json)))
    case "app":
      var app = JSONObject()
      app.append(JSONMember(key: "state", value: JSONValue(.string(appStatus.state.rawValue))))
      app.append(
        JSONMember(
          key: "backgroundWakes", value: JSONValue(.number(JSONNumber(appStatus.backgroundWakes)))))
      return JSONValue(.object(app))
    default: return nil
    }
  }
}

extension PushRecord {
  /// `{"status", "httpStatus", "reason", "identifier"}` as `expect.push` reads it; with
  /// `apnsFacts` (for checks; reports keep the short form) also what APNs judged by:
  /// `bytes`, `pushType`, `priority`, `collapseId`, `apnsId` (Behavior.md §1.1, §2.2).
  func scenarioJSON(apnsFacts: Bool) -> JSONValue {
    scenarioJSON(fields: apnsFacts ? Self.scenarioFieldsWithAPNsFacts : Self.scenarioFields)
  }

  /// The fields of the short form, in order.
  static let scenarioFields = ["status", "httpStatus", "reason", "identifier"]
  /// The fields with what APNs judged by, in order.
  static let scenarioFieldsWithAPNsFacts =
    scenarioFields + ["bytes", "pushType", "priority", "collapseId", "apnsId", "timestamp"]

  /// The members of ``scenarioJSON(apnsFacts:)`` (with the APNs facts) named in `fields`, in
  /// that order, built without the others: what a check naming those fields compares.
  func scenarioJSON(fields: [String]) -> JSONValue {
    var object = JSONObject()
    for key in fields {
      if let value = scenarioField(key) { object.append(JSONMember(key: key, value: value)) }
    }
    return JSONValue(.object(object))
  }

  /// The member `key` of ``scenarioJSON(apnsFacts:)`` with the APNs facts; `nil` for a field it
  /// leaves out (no identifier) and any other name.
  func scenarioField(_ key: String) -> JSONValue? {
    switch key {
    case "status": JSONValue(.string(status.rawValue))
    case "httpStatus": JSONValue(.number(JSONNumber(httpStatus)))
    case "reason": reason.isEmpty ? JSONValue(.null) : JSONValue(.string(reason))
    case "identifier": requestIdentifier.map { JSONValue(.string($0)) }
    case "bytes": JSONValue(.number(JSONNumber(bytes)))
    case "pushType": pushType.map { JSONValue(.string($0.rawValue)) } ?? JSONValue(.null)
    case "priority": priority.map { JSONValue(.number(JSONNumber($0))) } ?? JSONValue(.null)
    case "collapseId": collapseID.map { JSONValue(.string($0)) } ?? JSONValue(.null)
    case "apnsId": apnsID.map { JSONValue(.string($0)) } ?? JSONValue(.null)
    case "timestamp":
      unregisteredAt.map { JSONValue(.number(JSONNumber(Device.apnsTimestamp($0)))) }
        ?? JSONValue(.null)
    default: nil
    }
  }
}

extension NotificationRecord {
  /// The members of ``json`` named in `fields`, in that order, built without the others:
  /// what a check naming those fields compares (a name ``json`` does not have is left out,
  /// as ``json`` leaves it out).
  func scenarioJSON(fields: [String]) -> JSONValue {
    var object = JSONObject()
    for key in fields {
      if let value = member(key) { object.append(JSONMember(key: key, value: value)) }
    }
    return JSONValue(.object(object))
  }
}

extension CenterGroup {
  /// `{"thread", "notifications", "summary"}` as `expect.center` reads it.
  var scenarioJSON: JSONValue {
    var object = JSONObject()
    object.append(JSONMember(key: "thread", value: JSONValue(.string(thread))))
    object.append(
      JSONMember(
        key: "notifications", value: JSONValue(.array(notifications.map { JSONValue(.string($0)) }))
      ))
    object.append(
      JSONMember(key: "summary", value: summary.map { JSONValue(.string($0)) } ?? JSONValue(.null)))
    return JSONValue(.object(object))
  }
}
