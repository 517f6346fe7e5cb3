// PushSim's Combine for Linux: what an app's push code uses of Apple's Combine, so it compiles
// and runs unchanged. `ObservableObject` with `@Published` properties (a push manager's
// `@Published var token: Data?`), subjects, `sink` and `assign`, `AnyCancellable`, the common
// operators, schedulers (`DispatchQueue`, `RunLoop`, `OperationQueue`, `ImmediateScheduler`) and
// `NotificationCenter.Publisher`.
//
// Every type is thread-safe (each holds an `NSLock`, never across a call out to other code), so
// values sent from a push's background thread reach subscribers as on Apple platforms. Demand is
// honoured for `.unlimited` and `.max(n)`; the operators that combine publishers (`merge`,
// `combineLatest`, `flatMap`, `switchToLatest`, `catch`) ask their upstreams for unlimited values
// and hold what the downstream has not yet asked for. Like Apple's framework, the module
// re-exports nothing; it imports Foundation for the schedulers and `NotificationCenter`.

import Foundation

/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
  /// Cancels the activity; calling it again does nothing.
  func cancel()
}

/// A type-erasing cancellable object that runs a closure when cancelled, and cancels when it is
/// deinitialized: keep it (in a property, or a `Set` with ``store(in:)-(Set<AnyCancellable>)``)
/// for as long as a subscription should last.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  private let lock = NSLock()
  private var cancelAction: (() -> Void)?

  /// A cancellable that runs `cancel` when cancelled (once).
  public init(_ cancel: @escaping () -> Void) {
    cancelAction = cancel
  }

  /// A cancellable that cancels `canceller`.
  public init<C: Cancellable>(_ canceller: C) {
    cancelAction = { canceller.cancel() }
  }

  deinit { cancel() }

  /// Cancels the activity (runs the closure once).
  public func cancel() {
    lock.lock()
    let action = cancelAction
    cancelAction = nil
    lock.unlock()
    action?()
  }

  /// Adds this cancellable to `collection` (an array of cancellables, say).
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Adds this cancellable to `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A unique identifier of a subscription or subscriber.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
  private let value: UInt64

  private static let counter = Counter()

  /// A new unique identifier.
  public init() { value = Self.counter.next() }

  /// The identifier of `obj` (its object identity).
  public init(_ obj: AnyObject) {
    value = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue))
  }

  /// The identifier in hexadecimal.
  public var description: String { "0x" + String(value, radix: 16) }

  /// A thread-safe counter.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var current: UInt64 = 1 << 63

    func next() -> UInt64 {
      lock.lock()
      defer { lock.unlock() }
      current += 1
      return current
    }
  }
}

/// A type with a ``CombineIdentifier``; classes get their object identity.
public protocol CustomCombineIdentifierConvertible {
  /// The identifier of this subscription or subscriber.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// The object's identity.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
