import Foundation
internal import PushSimHosting

/// A type that converts to a scheduler's time intervals.
public protocol SchedulerTimeIntervalConvertible {
  /// `s` seconds.
  static func seconds(_ s: Int) -> Self
  /// `s` seconds.
  static func seconds(_ s: Double) -> Self
  /// `ms` milliseconds.
  static func milliseconds(_ ms: Int) -> Self
  /// `us` microseconds.
  static func microseconds(_ us: Int) -> Self
  /// `ns` nanoseconds.
  static func nanoseconds(_ ns: Int) -> Self
}

/// A type that runs closures now or at a time: where `receive(on:)`, `debounce` and `throttle`
/// deliver values.
public protocol Scheduler<SchedulerTimeType> {
  /// The scheduler's time.
  associatedtype SchedulerTimeType: Strideable
  where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
  /// The scheduler's options.
  associatedtype SchedulerOptions

  /// The time now.
  var now: SchedulerTimeType { get }
  /// The smallest tolerance the scheduler allows.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as the scheduler can.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
  /// Runs `action` at `date` (or up to `tolerance` later).
  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void)
  /// Runs `action` at `date`, then every `interval`, until the result is cancelled.
  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` as soon as the scheduler can.
  public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }

  /// Runs `action` at `date`.
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, options: nil, action)
  }

  /// Runs `action` at `date` (or up to `tolerance` later).
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval`.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval` (or up to `tolerance` later).
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }
}

// MARK: DispatchQueue

extension DispatchQueue: Scheduler {
  /// A point in time of a dispatch queue: a `DispatchTime`.
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The dispatch time.
    public var dispatchTime: DispatchTime

    /// The time `time`.
    public init(_ time: DispatchTime) { dispatchTime = time }

    /// The distance from this time to `other`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(
        nanoseconds: Int(truncatingIfNeeded: other.dispatchTime.uptimeNanoseconds)
          &- Int(truncatingIfNeeded: dispatchTime.uptimeNanoseconds))
    }

    /// This time moved by `n`.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      let uptime = Int(truncatingIfNeeded: dispatchTime.uptimeNanoseconds)
      return SchedulerTimeType(
        DispatchTime(uptimeNanoseconds: UInt64(max(0, uptime + n.magnitude))))
    }

    /// Decodes the uptime in nanoseconds.
    public init(from decoder: any Decoder) throws {
      let uptime = try decoder.singleValueContainer().decode(UInt64.self)
      dispatchTime = DispatchTime(uptimeNanoseconds: uptime)
    }

    /// Encodes the uptime in nanoseconds.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(dispatchTime.uptimeNanoseconds)
    }

    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }

    /// A distance between two times, in nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The distance in nanoseconds.
      public var magnitude: Int

      /// The distance as a `DispatchTimeInterval`.
      public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

      /// The distance `timeInterval`.
      public init(_ timeInterval: DispatchTimeInterval) {
        switch timeInterval {
        case .seconds(let s): magnitude = s * 1_000_000_000
        case .milliseconds(let ms): magnitude = ms * 1_000_000
        case .microseconds(let us): magnitude = us * 1_000
        case .nanoseconds(let ns): magnitude = ns
        case .never: magnitude = .max
        @unknown default: magnitude = .max
        }
      }

      /// A distance of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }

      /// A distance of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }

      /// A distance of `source` seconds, when it fits.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        magnitude = value
      }

      /// `nanoseconds` nanoseconds.
      init(nanoseconds: Int) { magnitude = nanoseconds }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

      /// The product of two distances (in nanoseconds).
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
      }

      /// The sum of two distances.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
      }

      /// The difference of two distances.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
      }

      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
      /// `s` seconds.
      public static func seconds(_ s: Double) -> Stride {
        Stride(nanoseconds: Int(s * 1_000_000_000))
      }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
    }
  }

  /// How a dispatch queue runs a scheduled closure.
  public struct SchedulerOptions {
    /// The quality of service.
    public var qos: DispatchQoS
    /// The work item's flags.
    public var flags: DispatchWorkItemFlags
    /// The group the work joins.
    public var group: DispatchGroup?

    /// Options of `qos`, `flags` and `group`.
    public init(
      qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
      group: DispatchGroup? = nil
    ) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// The time now.
  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  /// No tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// Runs `action` on the queue (`async`).
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)
    async(
      group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? [],
      execute: { work.value() })
  }

  /// Runs `action` on the queue at `date` (`asyncAfter`).
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let work = Unchecked(action)
    asyncAfter(
      deadline: date.dispatchTime, qos: options?.qos ?? .unspecified,
      flags: options?.flags ?? [], execute: { work.value() })
  }

  /// Runs `action` on the queue at `date`, then every `interval` (a timer source).
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = Unchecked(action)
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.schedule(
      deadline: date.dispatchTime, repeating: .nanoseconds(max(1, interval.magnitude)),
      leeway: .nanoseconds(max(0, tolerance.magnitude)))
    timer.setEventHandler { work.value() }
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}

// MARK: RunLoop

extension RunLoop: Scheduler {
  /// A point in time of the run loop scheduler: a date.
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date.
    public var date: Date

    /// The time `date`.
    public init(_ date: Date) { self.date = date }

    /// The distance from this time to `other`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    /// This time moved by `n`.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.magnitude))
    }

    /// A distance between two dates, in seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The distance in seconds.
      public var magnitude: TimeInterval

      /// The distance in seconds.
      public var timeInterval: TimeInterval { magnitude }

      /// A distance of `timeInterval` seconds.
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }

      /// A distance of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = value }

      /// A distance of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }

      /// A distance of `source` seconds, when it is exact.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = TimeInterval(exactly: source) else { return nil }
        magnitude = seconds
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

      /// The product of two distances (in seconds).
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude * rhs.magnitude)
      }

      /// The sum of two distances.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude + rhs.magnitude)
      }

      /// The difference of two distances.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude - rhs.magnitude)
      }

      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      /// `s` seconds.
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(TimeInterval(ns) / 1_000_000_000)
      }
    }
  }

  /// A run loop takes no options.
  public struct SchedulerOptions: Sendable {}

  /// The time now.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// No tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Runs `action` on the run loop (`perform`), when it next runs.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)
    perform { work.value() }
  }

  /// Runs `action` on the run loop at `date` (a timer in the default mode).
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let work = Unchecked(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.value() }
    timer.tolerance = tolerance.magnitude
    add(timer, forMode: .default)
  }

  /// Runs `action` on the run loop at `date`, then every `interval` (a repeating timer).
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = Unchecked(action)
    let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in
      work.value()
    }
    timer.tolerance = tolerance.magnitude
    add(timer, forMode: .default)
    let handle = Unchecked(timer)
    return AnyCancellable { handle.value.invalidate() }
  }
}

// MARK: OperationQueue

extension OperationQueue: Scheduler {
  /// A point in time of the operation queue scheduler: a date.
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date.
    public var date: Date

    /// The time `date`.
    public init(_ date: Date) { self.date = date }

    /// The distance from this time to `other`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    /// This time moved by `n`.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.magnitude))
    }

    /// A distance between two dates, in seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The distance in seconds.
      public var magnitude: TimeInterval

      /// The distance in seconds.
      public var timeInterval: TimeInterval { magnitude }

      /// A distance of `timeInterval` seconds.
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }

      /// A distance of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = value }

      /// A distance of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }

      /// A distance of `source` seconds, when it is exact.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = TimeInterval(exactly: source) else { return nil }
        magnitude = seconds
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

      /// The product of two distances (in seconds).
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude * rhs.magnitude)
      }

      /// The sum of two distances.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude + rhs.magnitude)
      }

      /// The difference of two distances.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude - rhs.magnitude)
      }

      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      /// `s` seconds.
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(TimeInterval(ns) / 1_000_000_000)
      }
    }
  }

  /// An operation queue takes no options.
  public struct SchedulerOptions: Sendable {}

  /// The time now.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// No tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  /// Adds `action` to the queue as an operation.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)
    addOperation { work.value() }
  }

  /// Adds `action` to the queue as an operation at `date`.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let work = Unchecked((self, action))
    let delay = max(0, date.date.timeIntervalSinceNow)
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
      work.value.0.addOperation { work.value.1() }
    }
  }

  /// Adds `action` to the queue as an operation at `date`, then every `interval`.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = Unchecked((self, action))
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(
      deadline: .now() + max(0, date.date.timeIntervalSinceNow),
      repeating: max(0.000_001, interval.magnitude))
    timer.setEventHandler { work.value.0.addOperation { work.value.1() } }
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}

// MARK: ImmediateScheduler

/// A scheduler that runs each closure at once, on the calling thread.
public struct ImmediateScheduler: Scheduler, Sendable {
  /// The immediate scheduler's time: a counter that never moves.
  public struct SchedulerTimeType: Strideable, Sendable {
    /// The time's count.
    let value: Int

    /// The distance from this time to `other`.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(nanoseconds: other.value - value)
    }

    /// This time moved by `n`.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(value: value + n.magnitude)
    }

    /// A distance between two times, in nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The distance in nanoseconds.
      public var magnitude: Int

      /// A distance of `value` nanoseconds.
      public init(_ value: Int) { magnitude = value }

      /// A distance of `value` seconds.
      public init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }

      /// A distance of `value` seconds.
      public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }

      /// A distance of `source` seconds, when it fits.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        magnitude = value
      }

      /// `nanoseconds` nanoseconds.
      init(nanoseconds: Int) { magnitude = nanoseconds }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

      /// The product of two distances (in nanoseconds).
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
      }

      /// The sum of two distances.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
      }

      /// The difference of two distances.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
      }

      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
      /// `s` seconds.
      public static func seconds(_ s: Double) -> Stride {
        Stride(nanoseconds: Int(s * 1_000_000_000))
      }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
    }
  }

  /// The immediate scheduler takes no options.
  public typealias SchedulerOptions = Never

  /// The scheduler.
  public static let shared = ImmediateScheduler()

  /// A time that does not move.
  public var now: SchedulerTimeType { SchedulerTimeType(value: 0) }

  /// No tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// Runs `action` now.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

  /// Runs `action` now, whatever the date.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs `action` once, now.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
