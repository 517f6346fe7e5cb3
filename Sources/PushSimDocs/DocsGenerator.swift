public import Foundation
public import PushDevice
import PushPayload
public import PushScenario
import Synchronization

/// Plays scenarios and turns what happened into the documentation site (`pushsim docs`).
///
/// The runner calls back after every step with the device as the step left it; the generator
/// reads from it, there and then, everything a page shows about the step: the events it caused,
/// a push's verdict and diagnostics, and a ``PhoneSnapshot`` of the phone. The runner's result
/// adds the failed checks. Nothing about iOS behaviour is decided here (Architecture.md:
/// reports are views of the event log and the state).
///
/// - Complexity: linear in the steps: each step reads only the stacks its drawing shows
///   (`Device.centerTop(limit:)`), and no step keeps the device, which would make the runner
///   copy its state at the next step. ``writeSite(for:to:jobs:)`` writes a long scenario's
///   pages after the first while it plays (``DocsSite/stepsPerPage``), so what its
///   documentation holds is two pages of steps, not every step (``site(for:)`` keeps them all).
public struct DocsGenerator: Sendable {
  /// The app's code the scenarios play with. The default has none, as with `pushsim docs`: the
  /// app file's settings stand in for it. The app's own code (PushSimAppHost's
  /// `AppCode.app(…)`) makes pages that show what that code did: its extension's texts, the
  /// calls its PushKit code reported (Rules.md §9.7).
  public var code: AppCode

  /// Creates a generator that plays scenarios with `code`.
  public init(code: AppCode = AppCode()) {
    self.code = code
  }

  /// Plays every scenario in order and returns the site (not yet written).
  public func site(for scenarios: [Scenario]) async -> DocsSite {
    let pageNames = DocsSite.pageNames(forFiles: scenarios.map(\.file))
    var documented: [DocsScenario] = []
    documented.reserveCapacity(scenarios.count)
    for (scenario, pageName) in zip(scenarios, pageNames) {
      documented.append(
        await document(scenario, assetFolder: DocsSite.assetFolder(forPage: pageName)))
    }
    return DocsSite(scenarios: documented)
  }

  /// Plays every scenario and writes the site into `directory` (created if needed) as
  /// ``site(for:)`` then ``DocsSite/write(to:)`` would, a scenario at a time: up to `jobs`
  /// scenarios play at once, each page and its assets are written by the task that played it,
  /// and the scenario and its page are then let go, so what the run holds does not grow with
  /// the suite. The index, in the scenarios' order, is written last; the site is the same for
  /// every `jobs`. Returns how many scenarios passed and failed.
  public func writeSite(
    for scenarios: consuming [Scenario], to directory: URL, jobs: Int = 1
  ) async throws -> (passed: Int, failed: Int) {
    let pageNames = DocsSite.pageNames(forFiles: scenarios.map(\.file))
    var writer = try DocsSite.Writer(directory: directory)
    let handOff = HandOff(consume scenarios)
    var (passed, failed) = (0, 0)
    var failure: (any Error)?
    await forEachInOrder(count: pageNames.count, jobs: jobs) { index in
      let pageName = pageNames[index]
      let (page, continued) = await document(
        handOff.take(index), assetFolder: DocsSite.assetFolder(forPage: pageName),
        continuingIn: DocsSite.ContinuationPages(directory: directory, pageName: pageName))
      return Result {
        (
          DocsSite.Writer.indexEntry(page),
          try DocsSite.Writer.writePage(page, named: pageName, in: directory) + continued.get()
        )
      }
    } body: { written in
      switch written {
      case .success(let (entry, files)):
        writer.record(entry, files: files)
        if entry.passed { passed += 1 } else { failed += 1 }
        return true
      case .failure(let error):
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    _ = try writer.finish()
    return (passed, failed)
  }

  /// Plays one scenario and builds its page's content; attachment images go under
  /// `assetFolder` (a path relative to the site).
  package func document(_ scenario: consuming Scenario, assetFolder: String) async
    -> DocsScenario
  {
    await document(scenario, assetFolder: assetFolder, continuingIn: nil).page
  }

  /// Plays one scenario and builds its page's content; with `continuation`, steps past the
  /// first page's (``DocsSite/stepsPerPage``) are written to the continuation pages as they
  /// play, a page at a time, and `page` holds the first page's steps alone: what a long
  /// scenario's documentation holds at once is one page of steps, not all of them. Returns
  /// the continuation pages written, or why they could not be.
  package func document(
    _ scenario: consuming Scenario, assetFolder: String,
    continuingIn continuation: DocsSite.ContinuationPages?
  ) async -> (page: DocsScenario, continued: Result<[URL], DocsSite.SiteWriteError>) {
    let recorder = Recorder(
      PageBuilder(scenario: scenario, assetFolder: assetFolder, continuation: continuation))
    let result = await ScenarioRunner(code: code).run(
      consume scenario,
      observingSteps: { step, device, failures, start in
        recorder.observe(step, device, failures: failures, start: start)
      })
    return recorder.finish(result)
  }
}

/// Holds the page being built while the runner's `@Sendable` callback feeds it.
private final class Recorder: Sendable {
  private let builder: Mutex<PageBuilder>

  init(_ builder: PageBuilder) { self.builder = Mutex(builder) }

  func observe(_ step: Step, _ device: Device, failures: [Failure], start: Date) {
    builder.withLock { $0.observe(step, device, failures: failures, start: start) }
  }

  func finish(_ result: ScenarioResult) -> (
    page: DocsScenario, continued: Result<[URL], DocsSite.SiteWriteError>
  ) {
    builder.withLock { $0.finish(result) }
  }
}

/// Builds one ``DocsScenario``, a step at a time: each step's view is complete when it has
/// played (its offsets, failures and drawing), so a long scenario's later pages can be written
/// while it plays (``DocsSite/ContinuationPages``).
struct PageBuilder: Sendable {
  let name: String
  let description: String
  let file: String
  /// How many steps the scenario has (the page links need it before the last one plays).
  let stepCount: Int
  /// The taps with an action, by index in the steps: their long press is drawn from the phone as the
  /// step before left it (the scenario itself is not kept: the runner drops each step played).
  let tapsWithActions: [Int: (id: String, action: String)]
  let assetFolder: String
  let continuation: DocsSite.ContinuationPages?
  var assets: [DocsScenario.Asset] = []
  /// Asset paths by source file, so a file shown in many steps is copied once.
  var assetPaths: [URL: String] = [:]
  /// The site paths of the avatars already written, by push and bytes.
  var avatarPaths: [AvatarKey: String] = [:]

  /// A written avatar: the push it belongs to and its bytes.
  struct AvatarKey: Hashable {
    var push: String
    var data: Data
  }
  /// The first page's steps (all of them without a continuation).
  var steps: [DocsStep] = []
  /// The steps of the continuation page being filled, and the pages written before it.
  var pending: [DocsStep] = []
  var continued: [URL] = []
  var writeError: DocsSite.SiteWriteError?
  /// What the drawings so far show (the behaviours list).
  var shown = DocsVocabulary.PhoneBehaviours()
  var localized = false
  /// When the previous step ended.
  var previousEnd: Date?
  /// The long press of the next step, a tap with an action, drawn from the phone as this step
  /// left it (keeping the device itself would make the runner copy its state at every step).
  var nextLongPress: PhoneSnapshot?
  var eventCount = 0
  var diagnosticCount = 0

  init(
    scenario: borrowing Scenario, assetFolder: String,
    continuation: DocsSite.ContinuationPages?
  ) {
    name = scenario.name
    description = scenario.description ?? ""
    file = scenario.file
    stepCount = scenario.steps.count
    var taps: [Int: (id: String, action: String)] = [:]
    for (index, step) in scenario.steps.enumerated() {
      if case .tap(let tap) = step.action, let action = tap.action {
        taps[index] = (tap.id, action)
      }
    }
    tapsWithActions = taps
    self.assetFolder = assetFolder
    self.continuation = continuation
  }

  /// Reads what the step did from the device as it left it.
  mutating func observe(_ step: Step, _ device: Device, failures: [Failure], start: Date) {
    let events = Array(device.events.events.dropFirst(eventCount))
    let diagnostics = Array(device.diagnostics.dropFirst(diagnosticCount))
    eventCount = device.events.count
    diagnosticCount = device.diagnostics.count
    // A step starts when the one before it ended (a push may move the clock itself).
    var view = DocsStep(
      number: step.number, offset: (previousEnd ?? start).timeIntervalSince(start),
      kind: step.keyword, title: DocsVocabulary.title(of: step), note: step.note,
      events: events.map { event in
        DocsEvent(
          offset: event.time.timeIntervalSince(start), kind: event.kind.rawValue,
          push: event.push, source: event.source, reason: event.reason)
      })
    view.failures = failures.map { failure in
      DocsFailure(
        path: failure.path, expected: failure.expected.map(Self.jsonText),
        actual: failure.actual.map(Self.jsonText), message: failure.message)
    }
    switch step.action {
    case .push(let push):
      let pushView = self.push(push, device: device, diagnostics: diagnostics)
      if let payload = pushView.payload, Self.usesLocKeys(payload) { localized = true }
      view.push = pushView
    case .expect(let expectation):
      view.checkCount = Self.countChecks(JSONValue(.object(expectation.checks)))
    case .tap(let tap):
      if tap.action != nil { view.gesture = nextLongPress }
    case .wait, .set, .dismiss, .clear, .startActivity, .dismissActivity, .removeApp, .installApp:
      break
    }
    if case .expect = step.action {
      // Checks change nothing on the phone.
    } else {
      let phone = snapshot(device, userActed: Self.isUserAction(step), events: events)
      shown.add(phone)
      view.phone = phone
    }
    if let gesture = view.gesture { shown.add(gesture) }
    keep(view)
    previousEnd = device.now
    nextLongPress = nil
    // `number` is 1-based: the next step is at that index.
    if let next = tapsWithActions[step.number] {
      nextLongPress = longPress(next.id, action: next.action, on: device)
    }
  }

  /// Keeps a step for the first page, or for the continuation page being filled, which is
  /// written once full.
  private mutating func keep(_ view: DocsStep) {
    guard continuation != nil, steps.count >= DocsSite.stepsPerPage else {
      steps.append(view)
      return
    }
    pending.append(view)
    if pending.count == DocsSite.stepsPerPage { writePending() }
  }

  /// Writes the continuation page being filled (the first failure is kept for the end).
  private mutating func writePending() {
    guard let continuation, !pending.isEmpty else { return }
    let page = continued.count + 2
    if writeError == nil {
      do {
        continued.append(
          try continuation.write(
            page: page, steps: pending, scenario: name, file: file, stepCount: stepCount))
      } catch {
        writeError = error
      }
    }
    pending = []
  }

  /// The page: the first page's steps (every step without a continuation), the behaviours
  /// shown, and the continuation pages written.
  mutating func finish(_ result: ScenarioResult) -> (
    page: DocsScenario, continued: Result<[URL], DocsSite.SiteWriteError>
  ) {
    writePending()
    let looseFailures = result.failures.filter { $0.step <= 0 }.map(\.message)
    var page = DocsScenario(
      name: name, description: description, file: file, passed: result.passed,
      behaviours: DocsVocabulary.behaviours(
        events: result.events, shown: shown, localized: localized),
      failures: looseFailures, steps: steps, assets: assets)
    page.stepCount = continuation == nil ? steps.count : max(stepCount, steps.count)
    return (page, writeError.map { .failure($0) } ?? .success(continued))
  }

  // MARK: Pushes

  private func push(_ push: PushStep, device: Device, diagnostics: [PushDiagnostic]) -> DocsPush {
    let payload = (try? JSONDocument(parsing: push.body)).map(\.root)
    let object = payload?.objectValue != nil ? payload : nil
    let order = Dictionary(
      PushStep.headerNames.enumerated().map { ($0.element, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    let headers = push.headers.sorted { left, right in
      let leftRank = order[left.key] ?? Int.max
      let rightRank = order[right.key] ?? Int.max
      return leftRank != rightRank ? leftRank < rightRank : left.key < right.key
    }
    let record = device.push(push.id)
    let httpStatus = record?.httpStatus ?? 200
    return DocsPush(
      id: push.id, payload: object, rawText: String(decoding: push.body, as: UTF8.self),
      bytes: push.body.count, headers: headers.map { (name: $0.key, value: $0.value) },
      accepted: httpStatus == 200, httpStatus: httpStatus,
      reason: httpStatus == 200 ? nil : record?.reason,
      diagnostics: diagnostics.filter { $0.push == nil || $0.push == push.id }.map(\.diagnostic),
      usedPaths: object.map { usedPaths(in: $0, app: device.app) } ?? [])
  }

  /// The payload paths the device or the app read: the `aps` keys iOS knows, and the custom
  /// keys the app's routes and media extension read.
  private func usedPaths(in payload: JSONValue, app: AppConfiguration) -> Set<String> {
    var paths = Set<String>()
    if let aps = payload["aps"]?.objectValue {
      for key in aps.keys where Self.apsKeys.contains(key) {
        paths.insert(JSONPath([.key("aps"), .key(key)]).description)
      }
      if let alert = aps["alert"]?.objectValue {
        for key in alert.keys where Self.alertKeys.contains(key) {
          paths.insert(JSONPath([.key("aps"), .key("alert"), .key(key)]).description)
        }
      }
    }
    var keys: [String] = []
    for route in app.routes {
      keys += route.params.map(\.key)
      keys += route.when.has
      keys += route.when.equals.keys
    }
    keys += app.serviceExtension?.urlKeys ?? []
    for key in keys {
      paths.insert(JSONPath([.key(key)]).description)
      if key.contains(".") {
        paths.insert(JSONPath(key.split(separator: ".").map { .key(String($0)) }).description)
      }
    }
    return paths
  }

  /// `aps` keys iOS reads (Behavior.md §1).
  static let apsKeys: Set<String> = [
    "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
    "target-content-id", "interruption-level", "relevance-score", "filter-criteria",
    "stale-date", "content-state", "timestamp", "event", "dismissal-date",
  ]
  /// `aps.alert` keys iOS reads (Behavior.md §1.2).
  static let alertKeys: Set<String> = [
    "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
    "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "summary-arg",
    "summary-arg-count",
  ]

  static func usesLocKeys(_ payload: JSONValue) -> Bool {
    guard let alert = payload["aps"]?["alert"]?.objectValue else { return false }
    return alert.keys.contains { $0.hasSuffix("loc-key") }
  }

  // MARK: The phone

  /// The phone after a step. A locked phone is drawn lit when the step woke it or when the
  /// user did something; a push that woke nothing (passive, quiet, rejected) leaves it dark.
  mutating func snapshot(_ device: Device, userActed: Bool, events: [DeviceEvent])
    -> PhoneSnapshot
  {
    var banner: PhoneSnapshot.Card?
    var woke = false
    var sound: String?
    for event in events where event.kind == .presented {
      guard let push = event.push, let record = device.notification(push) else { continue }
      let presentation = record.presentation
      if presentation.wake || presentation.lockScreen || presentation.banner { woke = true }
      if presentation.sound { sound = record.sound ?? "default" }
      if presentation.banner, !device.configuration.locked {
        banner = card(push, date: device.now, on: device)
      }
    }
    let isLocked = device.configuration.locked
    // Only the stacks a drawing shows are read: a step costs the same however many are under.
    let top = device.centerTop(limit: PhoneRenderer.visibleGroups)
    var groups: [PhoneSnapshot.Group] = []
    for group in top.groups {
      guard let card = card(group.leading.push, date: group.leading.date, on: device) else {
        continue
      }
      groups.append(
        PhoneSnapshot.Group(
          thread: group.thread, leading: card, moreCount: group.count - 1,
          summary: group.summary))
    }
    let alerts = Self.activityAlerts(events)
    if !alerts.isEmpty { woke = true }
    // A ringing call lights the screen for as long as it rings (Rules.md §14).
    let call = device.ringingCalls.last.map { ringing in
      PhoneSnapshot.Call(
        caller: ringing.caller, hasVideo: ringing.hasVideo, appName: device.app.displayName,
        ringingSince: ringing.ringingSince, push: ringing.push)
    }
    if call != nil { woke = true }
    var phone = PhoneSnapshot(
      time: device.now, timeZone: device.configuration.timeZone, isLocked: isLocked,
      isScreenLit: !isLocked || woke || userActed, focus: device.configuration.focus?.name,
      isMuted: device.configuration.muted, badge: device.badge,
      appName: device.app.displayName, banner: banner, groups: groups, sound: sound)
    phone.moreGroups = top.groupCount - top.groups.count
    phone.call = call
    phone.activities = device.lockScreenActivities.map { activityView($0, on: device, alerts) }
    phone.island = island(on: device, alerts)
    if let bannerID = alerts.first(where: { $0.value == "banner" })?.key,
      let activity = device.liveActivity(bannerID)
    {
      phone.activityBanner = activityView(activity, on: device, alerts)
    }
    return phone
  }

  /// The Live Activities that alerted in this step, with where (`expanded`, `banner`,
  /// `lockScreen`), from the device's `activity.alert` events.
  static func activityAlerts(_ events: [DeviceEvent]) -> [String: String] {
    var alerts: [String: String] = [:]
    for event in events {
      guard let alert = DeviceEvent.ActivityAlert(event) else { continue }
      alerts[alert.activity] = alert.presentation
    }
    return alerts
  }

  /// What the Dynamic Island shows: an activity that alerted this step, expanded; else, on an
  /// unlocked phone, the most relevant live activity, compact when it is the only live one and
  /// minimal (the next one detached) when there are more (Rules.md §13.8, model: the lock
  /// screen shows activities in its list, not in the island).
  private func island(on device: Device, _ alerts: [String: String]) -> PhoneSnapshot.Island? {
    guard let top = device.dynamicIslandActivity else { return nil }
    if let expandedID = alerts.first(where: { $0.value == "expanded" })?.key,
      let expanded = device.liveActivity(expandedID), expanded.isLive
    {
      return PhoneSnapshot.Island(
        presentation: .expanded, activity: activityView(expanded, on: device, alerts))
    }
    guard !device.configuration.locked else { return nil }
    let live = device.lockScreenActivities.filter(\.isLive)
    if live.count > 1, let second = live.first(where: { $0.id != top.id }) {
      return PhoneSnapshot.Island(
        presentation: .minimal, activity: activityView(top, on: device, alerts),
        detached: activityView(second, on: device, alerts))
    }
    return PhoneSnapshot.Island(
      presentation: .compact, activity: activityView(top, on: device, alerts))
  }

  /// An activity as its presentations show it: its content-state fields as text, and the alert
  /// when it alerted in this step.
  private func activityView(
    _ activity: LiveActivity, on device: Device, _ alerts: [String: String]
  ) -> PhoneSnapshot.Activity {
    let fields = activity.contentState.members.map { member in
      PhoneSnapshot.Activity.Field(name: member.key, value: Self.fieldText(member.value))
    }
    var alert: PhoneSnapshot.Activity.Alert?
    if alerts[activity.id] != nil, let last = activity.lastAlert {
      alert = PhoneSnapshot.Activity.Alert(
        title: last["title"]?.stringValue ?? "", body: last["body"]?.stringValue ?? "")
    }
    return PhoneSnapshot.Activity(
      id: activity.id, type: activity.type, appName: device.app.displayName,
      state: activity.state.rawValue, fields: fields, alert: alert)
  }

  /// A content-state value as a presentation shows it: strings as they are, the rest as JSON.
  static func fieldText(_ value: JSONValue) -> String {
    if let text = value.stringValue { return text }
    return jsonText(value)
  }

  /// The phone as the user long-presses a notification to pick `action`: the state before
  /// the step, the notification expanded, its category's actions below it.
  private mutating func longPress(_ push: String, action: String, on device: Device)
    -> PhoneSnapshot?
  {
    guard let record = device.notification(push),
      let card = card(push, date: record.request.date, on: device)
    else { return nil }
    let actions = (device.app.category(record.category)?.actions ?? []).map { action in
      PhoneSnapshot.Action(
        identifier: action.id, title: action.title,
        isDestructive: action.options.contains(.destructive),
        requiresAuthentication: action.options.contains(.authenticationRequired),
        opensApp: action.options.contains(.foreground),
        textInputPlaceholder: action.textInput?.placeholder)
    }
    var phone = snapshot(device, userActed: true, events: [])
    phone.longPress = PhoneSnapshot.LongPress(card: card, actions: actions, chosen: action)
    return phone
  }

  /// Whether the user did something in this step (taps, settings), so the screen is on.
  static func isUserAction(_ step: Step) -> Bool {
    switch step.action {
    case .push, .wait: false
    case .set, .tap, .dismiss, .clear, .expect, .startActivity, .dismissActivity, .removeApp,
      .installApp:
      true
    }
  }

  /// A notification as a card, with the text the device shows now (hidden previews
  /// included) and its first image attachment copied into the site.
  private mutating func card(_ push: String, date: Date, on device: Device) -> PhoneSnapshot.Card? {
    guard let record = device.notification(push) else { return nil }
    let text = record.lockScreenText
    var thumbnail: String?
    if !text.hidden,
      let image = record.attachments.first(where: {
        Self.isImage($0) && !$0.options.thumbnailHidden
      })
    {
      thumbnail = asset(for: image.url, name: push)
    }
    var avatar: String?
    if !text.hidden, let image = record.content.communication?.avatar, let type = image.type,
      let data = image.data
    {
      let key = AvatarKey(push: push, data: data)
      avatar = avatarPaths[key] ?? asset(data, type: type, name: push + "-avatar")
      avatarPaths[key] = avatar
    }
    return PhoneSnapshot.Card(
      push: push, appName: device.app.displayName, title: text.title, subtitle: text.subtitle,
      body: text.body, date: date, interruptionLevel: record.effectiveLevel,
      hidesPreview: text.hidden, thumbnail: thumbnail, avatar: avatar)
  }

  /// The site path of a communication notification's avatar image (Rules.md §16), written from
  /// its bytes (an image the app made from data has no file to copy).
  private mutating func asset(_ data: Data, type: MediaType, name: String) -> String {
    let path =
      "\(assetFolder)/\(HTML.slug(name, fallback: "avatar"))-\(assets.count + 1)"
      + ".\(type.preferredFileExtension)"
    assets.append(DocsScenario.Asset(data: data, path: path))
    return path
  }

  static func isImage(_ attachment: NotificationAttachment) -> Bool {
    ["public.jpeg", "public.png", "com.compuserve.gif"].contains(attachment.type)
      || ["jpg", "jpeg", "png", "gif"].contains(attachment.url.pathExtension.lowercased())
  }

  /// The site path of a copy of `url`, read now (the run's media folder may be removed later).
  private mutating func asset(for url: URL, name: String) -> String? {
    if let path = assetPaths[url] { return path }
    guard let data = try? Data(contentsOf: url) else { return nil }
    let fileExtension = url.pathExtension.isEmpty ? "" : "." + url.pathExtension.lowercased()
    let path =
      "\(assetFolder)/\(HTML.slug(name, fallback: "attachment"))-\(assets.count + 1)\(fileExtension)"
    assets.append(DocsScenario.Asset(data: data, path: path))
    assetPaths[url] = path
    return path
  }

  // MARK: Checks

  /// The number of checks in an `expect` object: its leaves (an exactly matched array
  /// counts once).
  static func countChecks(_ value: JSONValue) -> Int {
    guard let object = value.objectValue else { return 1 }
    return object.members.reduce(0) { $0 + countChecks($1.value) }
  }

  static func jsonText(_ value: JSONValue) -> String {
    var writer = JSONWriter()
    writer.value(value)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
