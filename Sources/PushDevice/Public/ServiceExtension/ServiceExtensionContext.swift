public import Foundation
import PushCore
public import PushMedia
import PushPayload
import Synchronization

/// What a ``ServiceExtension`` gets besides the request: its time budget, the app's media fetcher,
/// a sandbox folder for downloaded files, and the event log.
///
/// Scenario time is virtual (Rules.md §7): it passes only through this context, by
/// downloads (a manifest entry's latency, or a real download's measured time) and by
/// ``spend(_:)``. When it reaches the budget the context expires: the stage runs
/// `timeWillExpire` (Behavior.md §6.2), and further calls here throw ``BudgetExpired``.
public final class ServiceExtensionContext: Sendable {
  /// The whole budget of this run.
  public let budget: Duration
  /// The request's identifier (what the sandbox and attachment identifiers are named after).
  public let requestIdentifier: String
  /// The virtual instant the extension started.
  public let start: Date
  /// How long, in real time, an extension with nothing left running that the host can see
  /// may still answer (from a `Thread` or a queue of its own) before its budget is waited out
  /// (Rules.md §7; ``ServiceExtensionStage/Watchdog/untrackedWorkGrace``).
  package let untrackedWorkGrace: Duration

  private let fetcher: any MediaFetcher
  private let onExpire: @Sendable () -> Void
  private let state: Mutex<State>

  private struct State {
    /// Where attachment files go; let go of when the run closes, so an extension task that
    /// outlives its run (stopped by the watchdog, still awaiting) cannot keep the sandbox, and
    /// its folder, alive once the device that owns it is gone.
    var sandbox: MediaSandbox?
    var elapsed: Duration = .zero
    var expired = false
    var closed = false
    /// What the run logged; of the app's own events only the first and last 100 (Rules.md
    /// §7.2).
    var events = AppEventWindow()
    var runFolder: URL?
    var files = 0
  }

  /// Thrown by the context once the budget has run out (or the run is over).
  public struct BudgetExpired: Error, Sendable, Equatable {
    /// The budget that ran out.
    public var budget: Duration
  }

  init(
    budget: Duration, requestIdentifier: String, start: Date, fetcher: any MediaFetcher,
    sandbox: MediaSandbox?,
    untrackedWorkGrace: Duration = ServiceExtensionStage.Watchdog().untrackedWorkGrace,
    onExpire: @escaping @Sendable () -> Void
  ) {
    self.budget = budget
    self.requestIdentifier = requestIdentifier
    self.start = start
    self.untrackedWorkGrace = untrackedWorkGrace
    self.fetcher = fetcher
    self.state = Mutex(State(sandbox: sandbox))
    self.onExpire = onExpire
  }

  /// A context for a call into the app's delegate, background handler or launch code: its
  /// requests are answered by `fetcher` within `budget` of scenario time and logged, nothing
  /// else (no attachment store; the budget's end stops only the requests). ``finish()`` hands
  /// its events over (Rules.md §7.1).
  package static func appCall(
    budget: Duration, requestIdentifier: String, start: Date, fetcher: any MediaFetcher
  ) -> ServiceExtensionContext {
    ServiceExtensionContext(
      budget: budget, requestIdentifier: requestIdentifier, start: start, fetcher: fetcher,
      sandbox: nil, onExpire: {})
  }

  /// Ends an app call's context (``appCall(budget:requestIdentifier:start:fetcher:)``) and
  /// returns what it logged; later requests of the call's leftover work get no answer.
  package func finish() -> [ServiceExtensionOutcome.Event] {
    close().events
  }

  /// Scenario time used so far.
  public var elapsed: Duration { state.withLock { $0.elapsed } }

  /// Scenario time left before `timeWillExpire` runs.
  public var remaining: Duration {
    state.withLock { max(.zero, budget - $0.elapsed) }
  }

  /// The extension's clock: virtual time that starts at ``start`` and moves only as the
  /// extension spends its budget. Sleeping on it spends budget at once, with no real wait, so
  /// an extension that sleeps past its budget is cut there (`timeWillExpire` runs) and the
  /// sleep throws ``BudgetExpired``.
  public var clock: ServiceExtensionClock { ServiceExtensionClock(context: self) }

  /// Whether the budget has run out.
  public var isExpired: Bool { state.withLock { $0.expired || $0.closed } }

  /// Simulates work that takes `duration` of scenario time.
  ///
  /// - Throws: ``BudgetExpired`` when the work would not finish within the budget; the clock
  ///   then stands at the budget and `timeWillExpire` runs.
  public func spend(_ duration: Duration) throws {
    let expiredNow: Bool = try state.withLock { state in
      if state.expired || state.closed { throw BudgetExpired(budget: budget) }
      if state.elapsed + duration >= budget && duration > .zero {
        state.elapsed = budget
        state.expired = true
        return true
      }
      state.elapsed += max(.zero, duration)
      return false
    }
    if expiredNow {
      onExpire()
      throw BudgetExpired(budget: budget)
    }
  }

  /// Moves the clock on to `elapsed` (scenario time since the start), when that is later than
  /// now: work the app's code put off until then (`DispatchQueue.asyncAfter`) runs at once,
  /// its wait charged to the budget.
  ///
  /// - Throws: ``BudgetExpired`` when `elapsed` is at or past the budget; the run then
  ///   expires, as ``spend(_:)`` does, and the work is never done (iOS stops the extension).
  package func wait(untilElapsed elapsed: Duration) throws {
    let now = state.withLock { $0.elapsed }
    guard elapsed > now else {
      if isExpired { throw BudgetExpired(budget: budget) }
      return
    }
    try spend(elapsed - now)
  }

  /// The extension has nothing left running and has not answered: on a phone it would sit
  /// until its budget runs out. Spends the rest of the budget at once, so `timeWillExpire` runs
  /// without a real-time wait (Rules.md §7).
  package func waitOutBudget() {
    guard expire() else { return }
    onExpire()
  }

  /// Downloads `url` through the app's ``MediaFetcher`` with the remaining budget as the deadline,
  /// and logs `media.fetched` or `media.failed` (Rules.md §7).
  ///
  /// - Parameters:
  ///   - url: The media URL.
  ///   - limit: The most bytes to accept; by default the limit of the kind the URL's extension
  ///     names, else the largest limit (50 MiB). The fetcher also applies the limit of the kind
  ///     its `Content-Type` names.
  /// - Returns: The body, its type confirmed by its bytes.
  /// - Throws: ``MediaFetchError`` (also for a timeout, after which the budget has expired), or
  ///   ``BudgetExpired`` when called after the budget ran out.
  public func fetchMedia(from url: URL, limit: Int? = nil) async throws -> FetchedMedia {
    let remaining = try remainingBudget()
    let limit =
      limit ?? MediaType(fileExtension: url.pathExtension)?.sizeLimit ?? MediaType.largestSizeLimit
    let media: FetchedMedia
    do {
      media = try await fetcher.fetch(url, limit: limit, timeout: remaining)
    } catch let error as MediaFetchError {
      throw failed(error, url: url)
    } catch let error as BudgetExpired {
      throw error
    } catch {
      log(
        DeviceEvent.MediaFailed(code: .fetcherError, url: url.redactedString), source: .model,
        reason: "the download of \(url.redactedString) failed: \(error)")
      throw error
    }
    if advance(by: media.elapsed) {
      log(
        DeviceEvent.MediaFailed(code: .timedOut, url: url.redactedString), source: .model,
        reason: "downloading \(url.redactedString) used up the extension's budget")
      onExpire()
      throw MediaFetchError(
        .timedOut, url: url, reason: "the download used up the budget", elapsed: media.elapsed)
    }
    log(
      DeviceEvent.MediaFetched(
        url: url.redactedString, finalURL: media.url.redactedString, bytes: media.data.count,
        type: media.type.rawValue, httpStatus: media.status, redirects: media.redirects),
      source: .model,
      reason: "downloaded \(media.data.count) bytes of \(media.type.description) from "
        + media.url.redactedString
        + (media.redirects > 0 ? " after \(media.redirects) redirect(s)" : ""))
    return media
  }

  /// Answers a request of the app's own code through the app's ``MediaFetcher`` with the
  /// remaining budget as the deadline, whatever its method and whatever status comes back, and
  /// logs `app.request` or `app.requestFailed` (Rules.md §7.1). No attachment rule applies
  /// here: they apply when the app makes an attachment of what it got.
  ///
  /// - Returns: The answer; its body is at most ``MediaType/largestSizeLimit`` bytes.
  /// - Throws: ``MediaFetchError`` (`notInManifest` when the scenario has no entry for the
  ///   request, which the device reports as offline; `timedOut` after which the budget has
  ///   expired; `invalidHeader`, before anything is sent, for a header field that cannot go out:
  ///   ``AppRequest/headerRefusal()``), or ``BudgetExpired`` when called after the budget ran
  ///   out.
  public func send(_ request: AppRequest) async throws -> AppResponse {
    let remaining = try remainingBudget()
    let url = request.url.redactedString
    let response: AppResponse
    do {
      if let refusal = request.headerRefusal() { throw refusal }
      response = try await fetcher.answer(
        request, limit: MediaType.largestSizeLimit, timeout: remaining)
    } catch let error as MediaFetchError {
      let expiredNow = charge(error)
      let details = DeviceEvent.AppRequestFailed(
        method: request.method, url: url, code: error.code, httpStatus: error.httpStatus)
      let reason =
        error.code == .notInManifest
        ? "nothing in the scenario's requests table answers \(request.method) \(url): the "
          + "device is offline to it"
        : "\(request.method) \(url) failed: \(error.reason)"
      log(details, source: .model, reason: reason)
      if expiredNow { onExpire() }
      throw error
    } catch let error as BudgetExpired {
      throw error
    } catch {
      log(
        DeviceEvent.AppRequestFailed(method: request.method, url: url, code: .fetcherError),
        source: .model, reason: "\(request.method) \(url) failed: \(error)")
      throw error
    }
    if advance(by: response.elapsed) {
      log(
        DeviceEvent.AppRequestFailed(method: request.method, url: url, code: .timedOut),
        source: .model, reason: "\(request.method) \(url) used up the extension's budget")
      onExpire()
      throw MediaFetchError(
        .timedOut, url: request.url, reason: "the request used up the budget",
        elapsed: response.elapsed)
    }
    let redirected = response.redirects > 0
    log(
      DeviceEvent.AppRequest(
        method: request.method, url: url, status: response.status,
        bytes: response.body.count, requestBytes: request.body.count,
        contentType: response.value(ofHeader: "Content-Type"),
        finalURL: redirected ? response.url.redactedString : nil,
        redirects: redirected ? response.redirects : nil),
      source: .model,
      reason: "\(request.method) \(url) answered HTTP \(response.status) with "
        + "\(response.body.count) bytes")
    return response
  }

  /// What is left of the budget for a download or request starting now.
  ///
  /// - Throws: ``BudgetExpired`` once the budget has run out or the run is over.
  private func remainingBudget() throws -> Duration {
    try state.withLock { state in
      if state.expired || state.closed { throw BudgetExpired(budget: budget) }
      return max(.zero, budget - state.elapsed)
    }
  }

  /// Moves the clock by the time a failed download or request took (a timeout expires the
  /// run); returns `true` when that expired the run.
  private func charge(_ error: MediaFetchError) -> Bool {
    error.code == .timedOut ? expire() : advance(by: error.elapsed)
  }

  /// Logs a failed fetch, moves the clock by the time it took (a timeout expires the run), and
  /// returns the error to throw.
  private func failed(_ error: MediaFetchError, url: URL) -> MediaFetchError {
    let expiredNow = charge(error)
    log(
      DeviceEvent.MediaFailed(
        code: error.code, url: error.url.redactedString, httpStatus: error.httpStatus,
        bytesReceived: error.bytesReceived),
      source: .model, reason: "the download of \(url.redactedString) failed: \(error.reason)")
    if expiredNow { onExpire() }
    return error
  }

  /// Writes downloaded bytes into this run's sandbox folder under a generated name
  /// (`attachment-N.<ext>`; never a name from a URL) and returns the file URL.
  public func writeAttachmentFile(_ data: Data, type: MediaType) throws -> URL {
    let file = try newAttachmentFile(type: type)
    try data.write(to: file, options: .withoutOverwriting)
    return file
  }

  /// Moves (or, when `moving` is false, copies) a file of the extension's into this run's
  /// sandbox folder under a generated name, as iOS moves an attachment's file into its store,
  /// without reading it into memory. A file over `type`'s size limit is not taken (`nil`): it
  /// stays where it is, and the attachment validator rejects it.
  package func storeAttachmentFile(_ source: URL, type: MediaType, moving: Bool) throws -> URL? {
    let attributes = try FileManager.default.attributesOfItem(atPath: source.path)
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard attributes[.type] as? FileAttributeType == .typeRegular, size <= type.sizeLimit else {
      return nil
    }
    let file = try newAttachmentFile(type: type)
    if moving {
      try FileManager.default.moveItem(at: source, to: file)
    } else {
      try FileManager.default.copyItem(at: source, to: file)
    }
    return file
  }

  /// The folder of the device's attachment store (the sandbox), which is removed when the device
  /// is gone; `nil` for a context without one (a call into the app's delegate or handlers) or
  /// once the run is over. The hosted extension's own temporary directory is made in it, so a
  /// directory a notification still shows files from goes with the device (Rules.md §9.10);
  /// whoever makes something there calls ``willMakeFolderInAttachmentStore()`` first.
  package var attachmentStoreFolder: URL? {
    state.withLock { $0.closed ? nil : $0.sandbox?.root }
  }

  /// Tells the attachment store that something is about to be made in its folder, so that it
  /// removes the folder when the device is gone (a store never used looks for no folder).
  package func willMakeFolderInAttachmentStore() {
    state.withLock { $0.sandbox }?.noteUse()
  }

  /// The next file name in this run's sandbox folder (`attachment-N.<ext>`).
  private func newAttachmentFile(type: MediaType) throws -> URL {
    let (folder, number) = try state.withLock { state -> (URL, Int) in
      guard !state.closed, let sandbox = state.sandbox else { throw BudgetExpired(budget: budget) }
      let folder = try state.runFolder ?? sandbox.makeRunFolder()
      state.runFolder = folder
      state.files += 1
      return (folder, state.files)
    }
    return folder.appendingPathComponent(
      "attachment-\(number).\(type.preferredFileExtension)", isDirectory: false)
  }

  /// Adds an event of a kind without details to the run's log at the current scenario time
  /// (the `log` that takes details, for the rules).
  package func log(_ event: PlainEvent, source: DiagnosticSource, reason: String) {
    append { ServiceExtensionOutcome.Event(offset: $0, event, source: source, reason: reason) }
  }

  /// Adds an event to the run's log at the current scenario time. Of the app's own events (its
  /// log lines, content updates, donations) the run keeps its first 100 and last 100, and counts
  /// the rest (``AppEventWindow``, Rules.md §7.2).
  ///
  /// - Parameters:
  ///   - details: The event's details, which name its kind (`media.failed`, …).
  ///   - source: Whose rule it follows (`device` for documented iOS behaviour, `model` for
  ///     PushSim's decisions).
  ///   - reason: Why, in plain words.
  package func log<Details: EventDetails>(
    _ details: Details, source: DiagnosticSource, reason: String
  ) {
    append { ServiceExtensionOutcome.Event(offset: $0, details, source: source, reason: reason) }
  }

  /// Appends the event `make` makes at the run's current offset, unless the run is over.
  private func append(_ make: (Duration) -> ServiceExtensionOutcome.Event) {
    state.withLock { state in
      guard !state.closed else { return }
      state.events.append(make(state.elapsed))
    }
  }

  // MARK: Stage side

  /// Moves the clock on; returns `true` when that reached the budget (and expired the run).
  private func advance(by duration: Duration) -> Bool {
    state.withLock { state in
      guard !state.expired, !state.closed else { return false }
      state.elapsed += max(.zero, duration)
      if state.elapsed >= budget {
        state.elapsed = budget
        state.expired = true
        return true
      }
      return false
    }
  }

  /// Expires the run at the budget; returns `true` the first time.
  private func expire() -> Bool {
    state.withLock { state in
      guard !state.expired, !state.closed else { return false }
      state.elapsed = budget
      state.expired = true
      return true
    }
  }

  /// Marks the budget as spent (the watchdog fired) without signalling.
  func expireSilently() {
    _ = expire()
  }

  /// Ends the run: later calls from a leftover extension task do nothing; returns the log and
  /// the time used.
  func close() -> (events: [ServiceExtensionOutcome.Event], elapsed: Duration) {
    state.withLock { state in
      state.closed = true
      state.sandbox = nil
      return (state.events.events, state.elapsed)
    }
  }

  /// Adds a stage event (the stage logs at explicit offsets).
  func snapshot() -> (events: [ServiceExtensionOutcome.Event], elapsed: Duration) {
    state.withLock { ($0.events.events, $0.elapsed) }
  }
}

/// A service extension's view of virtual time (``ServiceExtensionContext/clock``): a Swift
/// `Clock` whose sleeps spend the extension's budget instead of real time.
///
/// iOS gives an extension about 30 seconds (Behavior.md §6.2); PushSim charges every sleep
/// against that budget at once. Sleeping beyond the budget expires the run: the device calls
/// `timeWillExpire` and the sleep throws ``ServiceExtensionContext/BudgetExpired``.
public struct ServiceExtensionClock: Clock {
  public typealias Instant = VirtualInstant

  /// The run this clock charges.
  let context: ServiceExtensionContext

  /// The extension's current instant: its start plus the budget spent so far.
  public var now: VirtualInstant { VirtualInstant(context.start).advanced(by: context.elapsed) }

  /// Virtual time has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// Spends the time until `deadline` from the budget, without waiting.
  public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let duration = now.duration(to: deadline)
    guard duration > .zero else { return }
    try context.spend(duration)
  }
}
