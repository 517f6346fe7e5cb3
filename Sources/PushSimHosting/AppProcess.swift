/// One slot of the app's process (``AppProcess``): a key type, the value it holds, and the
/// value it reads as where nothing was bound. Each module declares its own slots (the log's
/// sink in `os`, the ActivityKit center in `ActivityKit`, the PushKit and CallKit backends, the
/// device's center in `UserNotifications`), as SwiftUI's environment keys are declared.
package protocol ProcessSlot {
  /// The slot's value.
  associatedtype Value: Sendable
  /// What the slot reads as where nothing was bound.
  static var defaultValue: Value { get }
}

/// What the app's code running on a simulated device sees of its process: one task-local
/// value with typed slots (``ProcessSlot``), bound by the host around each call into the app's
/// code and inherited by the tasks that code starts (Architecture.md, "The hosting runtime").
///
/// The one `@TaskLocal` of PushSim: a module adds a slot, never a task-local of its own, so one
/// binding carries everything a call into the app's code needs.
package struct AppProcess: Sendable {
  @TaskLocal private static var bound = AppProcess()

  private var slots: [ObjectIdentifier: any Sendable] = [:]

  /// An empty process: every slot reads as its default.
  package init() {}

  /// The process of the code running now.
  package static var current: AppProcess { bound }

  /// The value of `slot` in this process.
  package subscript<Slot: ProcessSlot>(slot: Slot.Type) -> Slot.Value {
    get { slots[ObjectIdentifier(slot)] as? Slot.Value ?? Slot.defaultValue }
    set { slots[ObjectIdentifier(slot)] = newValue }
  }

  /// The value of `slot` in the process of the code running now.
  package static subscript<Slot: ProcessSlot>(slot: Slot.Type) -> Slot.Value {
    bound[slot]
  }

  /// Runs `body` (and the tasks it starts) in this process.
  package func bind<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$bound.withValue(self, operation: body)
  }

  /// Runs `body` (and the tasks it starts) in this process.
  package func bind<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await Self.$bound.withValue(self, operation: body, isolation: isolation)
  }

  /// Runs `body` in the current process with `slot` set to `value`.
  package static func with<Slot: ProcessSlot, R>(
    _ slot: Slot.Type, _ value: Slot.Value, _ body: () throws -> R
  ) rethrows -> R {
    var process = bound
    process[slot] = value
    return try process.bind(body)
  }

  /// Runs `body` in the current process with `slot` set to `value`.
  package static func with<Slot: ProcessSlot, R>(
    _ slot: Slot.Type, _ value: Slot.Value, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    var process = bound
    process[slot] = value
    return try await process.bind(isolation: isolation, body)
  }
}
