public import Dispatch
internal import PushSimHosting

// Dispatch's memory pressure source, which Linux's libdispatch lacks (it has no memory pressure
// notifications): declared here so that an app's cache code (`makeMemoryPressureSource`)
// compiles, in a file that imports UserNotifications or UIKit. The source never fires
// (Rules.md §9.9).

extension DispatchSource {
  /// Memory pressure events (`DispatchSource.MemoryPressureEvent`), with Dispatch's raw values
  /// (`DISPATCH_MEMORYPRESSURE_NORMAL`, `…_WARN`, `…_CRITICAL`).
  public struct MemoryPressureEvent: OptionSet, Sendable, Hashable {
    /// The event flags.
    public let rawValue: UInt

    /// Creates events from their flags.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The system's memory pressure returned to normal.
    public static let normal = MemoryPressureEvent(rawValue: 0x1)
    /// The system's memory pressure reached the warning stage.
    public static let warning = MemoryPressureEvent(rawValue: 0x2)
    /// The system's memory pressure reached the critical stage.
    public static let critical = MemoryPressureEvent(rawValue: 0x4)
    /// All memory pressure events.
    public static let all: MemoryPressureEvent = [.normal, .warning, .critical]
  }

  /// A source that monitors the system's memory pressure
  /// (`makeMemoryPressureSource(eventMask:queue:)`).
  ///
  /// On Linux the source never fires: its registration and cancel handlers run on `queue` (a
  /// global queue when `nil`) as Dispatch runs them, its event handler never (Rules.md §9.9).
  public class func makeMemoryPressureSource(
    eventMask: DispatchSource.MemoryPressureEvent, queue: DispatchQueue? = nil
  ) -> any DispatchSourceMemoryPressure {
    QuietMemoryPressureSource(eventMask: eventMask, queue: queue ?? .global())
  }
}

/// A dispatch source that monitors the system's memory pressure
/// (`DispatchSourceMemoryPressure`); made by
/// ``Dispatch/DispatchSource/makeMemoryPressureSource(eventMask:queue:)``.
public protocol DispatchSourceMemoryPressure: DispatchSourceProtocol, Sendable {}

extension DispatchSourceMemoryPressure {
  // Dispatch's own defaults for these (in `DispatchSourceProtocol`'s extension) hand the
  // source to libdispatch as a `DispatchSource`, which this one is not: these take the call and
  // give it to the source's own requirement.

  /// Sets the handler of the source's events (on Linux it never runs).
  public func setEventHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    let source: any DispatchSourceProtocol = self
    source.setEventHandler(qos: qos, flags: flags, handler: handler)
  }

  /// Sets the handler that runs once the source is cancelled.
  public func setCancelHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    let source: any DispatchSourceProtocol = self
    source.setCancelHandler(qos: qos, flags: flags, handler: handler)
  }

  /// Sets the handler that runs once the source is registered (first resumed).
  public func setRegistrationHandler(
    qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
    handler: DispatchSourceHandler?
  ) {
    let source: any DispatchSourceProtocol = self
    source.setRegistrationHandler(qos: qos, flags: flags, handler: handler)
  }

  /// The events that fired (never any on Linux).
  public var data: DispatchSource.MemoryPressureEvent {
    let flags: UInt = data
    return DispatchSource.MemoryPressureEvent(rawValue: flags)
  }

  /// The events the source monitors.
  public var mask: DispatchSource.MemoryPressureEvent {
    let flags: UInt = mask
    return DispatchSource.MemoryPressureEvent(rawValue: flags)
  }
}

/// The memory pressure source on Linux: it keeps its handlers and runs the registration and
/// cancel handlers as Dispatch does; nothing ever fires it.
final class QuietMemoryPressureSource: DispatchSourceMemoryPressure, @unchecked Sendable {
  // @unchecked: every handler and flag sits behind `state` (`Locked`: work items are not
  // `Sendable`).
  private struct State {
    var cancelHandler: DispatchWorkItem?
    var registrationHandler: DispatchWorkItem?
    var registered = false
    var cancelled = false
    var suspensions = 1
  }

  private let eventMask: DispatchSource.MemoryPressureEvent
  private let queue: DispatchQueue
  private let state = Locked(State())

  init(eventMask: DispatchSource.MemoryPressureEvent, queue: DispatchQueue) {
    self.eventMask = eventMask
    self.queue = queue
  }

  func setEventHandler(
    qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?
  ) {}
  func setEventHandler(handler: DispatchWorkItem) {}

  func setCancelHandler(
    qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?
  ) {
    guard let handler else { return state.write { $0.cancelHandler = nil } }
    let item = DispatchWorkItem(qos: qos, flags: flags, block: handler)
    state.write { $0.cancelHandler = item }
  }

  func setCancelHandler(handler: DispatchWorkItem) {
    state.write { $0.cancelHandler = handler }
  }

  func setRegistrationHandler(
    qos: DispatchQoS, flags: DispatchWorkItemFlags, handler: DispatchSourceHandler?
  ) {
    guard let handler else { return state.write { $0.registrationHandler = nil } }
    let item = DispatchWorkItem(qos: qos, flags: flags, block: handler)
    state.write { $0.registrationHandler = item }
  }

  func setRegistrationHandler(handler: DispatchWorkItem) {
    state.write { $0.registrationHandler = handler }
  }

  /// Cancels the source: its cancel handler runs once on the source's queue.
  func cancel() {
    let handler = state.write { state -> DispatchWorkItem? in
      guard !state.cancelled else { return nil }
      state.cancelled = true
      defer { state.cancelHandler = nil }
      return state.cancelHandler
    }
    if let handler { queue.async(execute: handler) }
  }

  /// Resumes the source; the first resume registers it (its registration handler runs).
  func resume() {
    let handler = state.write { state -> DispatchWorkItem? in
      state.suspensions = max(0, state.suspensions - 1)
      guard state.suspensions == 0, !state.registered, !state.cancelled else { return nil }
      state.registered = true
      return state.registrationHandler
    }
    if let handler { queue.async(execute: handler) }
  }

  func suspend() {
    state.write { $0.suspensions += 1 }
  }

  var handle: UInt { 0 }
  var mask: UInt { eventMask.rawValue }
  var data: UInt { 0 }
  var isCancelled: Bool { state.read { $0.cancelled } }
}
