import Foundation
internal import PushSimHosting
import Synchronization

/// One activity as the app's `ActivityKit` knows it: JSON bytes of its attributes and content
/// (what `JSONEncoder()` wrote, or what the device kept), its state and its push token.
package struct ActivityRecord: Sendable, Equatable {
  package var id: String
  package var type: String
  package var attributes: Data
  package var content: Data
  package var staleDate: Date?
  package var relevanceScore: Double
  package var state: ActivityState
  package var token: Data?

  package init(
    id: String, type: String, attributes: Data, content: Data, staleDate: Date?,
    relevanceScore: Double, state: ActivityState, token: Data?
  ) {
    self.id = id
    self.type = type
    self.attributes = attributes
    self.content = content
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
    self.state = state
    self.token = token
  }
}

/// Something that changed, as the update sequences hear it.
package enum ActivityChange: Sendable {
  /// An activity started or changed (its new record).
  case activity(ActivityRecord)
  /// `areActivitiesEnabled` or `frequentPushesEnabled` changed.
  case authorization(enabled: Bool, frequent: Bool)
  /// The push-to-start token was issued or changed.
  case pushToStartToken(Data)
}

/// The app's activities and settings in one place, and who listens to their changes. The
/// backend writes to it (at once in memory, or from the device after each operation); the
/// `Activity` objects and update sequences read from it.
package final class ActivityHub: Sendable {
  package struct Authorization: Sendable, Equatable {
    package var enabled = true
    package var frequent = false
    package var foreground = true
    package var pushToStartToken: Data?
    package init() {}
  }

  private struct State: Sendable {
    var order: [String] = []
    var records: [String: ActivityRecord] = [:]
    var authorization = Authorization()
    var listeners: [Int: @Sendable (ActivityChange) -> Void] = [:]
    var nextListener = 0
    var objects: [String: any AnyObject & Sendable] = [:]
  }

  private let state = Mutex(State())

  package init() {}

  /// The records in start order.
  package var records: [ActivityRecord] {
    state.withLock { state in state.order.compactMap { state.records[$0] } }
  }

  /// The record of activity `id`.
  package func record(_ id: String) -> ActivityRecord? {
    state.withLock { $0.records[id] }
  }

  /// The user's switches and the push-to-start token.
  package var authorization: Authorization { state.withLock { $0.authorization } }

  /// The `Activity` object for `id`, made once (so `===` and stored references hold).
  package func object<T: AnyObject & Sendable>(_ id: String, make: () -> T?) -> T? {
    state.withLock { state in
      if let existing = state.objects[id] as? T { return existing }
      guard let made = make() else { return nil }
      state.objects[id] = made
      return made
    }
  }

  /// Stores records (new or changed ones notify listeners); activities not named keep theirs.
  package func apply(_ records: [ActivityRecord]) {
    let changes = state.withLock { state -> [ActivityChange] in
      var changes: [ActivityChange] = []
      for record in records where state.records[record.id] != record {
        if state.records[record.id] == nil { state.order.append(record.id) }
        state.records[record.id] = record
        changes.append(.activity(record))
      }
      return changes
    }
    notify(changes)
  }

  /// Changes one record in place, if it exists.
  package func modify(_ id: String, _ change: (inout ActivityRecord) -> Void) {
    guard var record = record(id) else { return }
    change(&record)
    apply([record])
  }

  /// Stores the user's switches and the push-to-start token.
  package func apply(_ authorization: Authorization) {
    let changes = state.withLock { state -> [ActivityChange] in
      let old = state.authorization
      state.authorization = authorization
      var changes: [ActivityChange] = []
      if old.enabled != authorization.enabled || old.frequent != authorization.frequent {
        changes.append(
          .authorization(enabled: authorization.enabled, frequent: authorization.frequent))
      }
      if let token = authorization.pushToStartToken, token != old.pushToStartToken {
        changes.append(.pushToStartToken(token))
      }
      return changes
    }
    notify(changes)
  }

  /// What a listener reads of the hub as it starts listening (``listen(_:startingWith:)``).
  package struct Snapshot {
    /// The records by activity id.
    package let records: [String: ActivityRecord]
    /// The user's switches and the push-to-start token.
    package let authorization: Authorization
  }

  /// Adds a listener; the returned number removes it. `start` reads the hub as it is when the
  /// listener is added, under the same lock: a change is in what `start` reads or reaches the
  /// listener (both, for a change being delivered at that moment: listeners skip a repeat).
  /// Reading first and listening after missed a change made in between (an update token the
  /// device issued just then never reached the app's `for await`).
  package func listen(
    _ listener: @escaping @Sendable (ActivityChange) -> Void,
    startingWith start: (Snapshot) -> Void = { _ in }
  ) -> Int {
    state.withLock { state in
      state.nextListener += 1
      state.listeners[state.nextListener] = listener
      start(Snapshot(records: state.records, authorization: state.authorization))
      return state.nextListener
    }
  }

  /// Removes a listener.
  package func stopListening(_ number: Int) {
    _ = state.withLock { $0.listeners.removeValue(forKey: number) }
  }

  private func notify(_ changes: [ActivityChange]) {
    guard !changes.isEmpty else { return }
    let listeners = state.withLock { state in
      state.listeners.sorted { $0.key < $1.key }.map(\.value)
    }
    for change in changes {
      for listener in listeners { listener(change) }
    }
  }
}

/// An async sequence of ActivityKit updates (`pushTokenUpdates`, `contentUpdates`,
/// `activityStateUpdates`, `activityUpdates`, `activityEnablementUpdates`): it yields as the
/// activity or the device changes and never finishes on its own, as Apple's.
public struct ActivityUpdateSequence<Element>: AsyncSequence, @unchecked Sendable {
  let stream: AsyncStream<Unchecked<Element>>

  /// Iterates the updates.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<Unchecked<Element>>.AsyncIterator

    /// The next update.
    public mutating func next() async -> Element? { await base.next()?.value }
  }

  /// Starts iterating.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator())
  }

  /// A sequence of `hub`'s changes that `transform` turns into elements (`nil` skips one),
  /// starting with what `initial` makes of the hub as it is when listening starts (read under
  /// the hub's lock, so no change falls between the two).
  init(
    hub: ActivityHub, initial: (ActivityHub.Snapshot) -> [Element] = { _ in [] },
    transform: @escaping (ActivityChange) -> Element?
  ) {
    let (stream, continuation) = AsyncStream.makeStream(of: Unchecked<Element>.self)
    let transform = Unchecked(transform)
    let number = hub.listen(
      { change in
        if let element = transform.value(change) { continuation.yield(Unchecked(element)) }
      },
      startingWith: { snapshot in
        for element in initial(snapshot) { continuation.yield(Unchecked(element)) }
      })
    continuation.onTermination = { _ in hub.stopListening(number) }
    self.stream = stream
  }

  /// The changes of one value of `hub` (an activity's token, content or state, a switch, the
  /// push-to-start token), each made into an element, a value equal to the last one skipped.
  /// `current` finds the value as listening starts, `change` in each change that carries it,
  /// each with its element: a current value with an element (a token, which Apple's sequences
  /// give at once if issued) is the first element; one without is only what the next values
  /// are compared to.
  init<Value: Equatable & Sendable>(
    changesOf hub: ActivityHub,
    current: (ActivityHub.Snapshot) -> (value: Value, element: Element?)?,
    change: @escaping (ActivityChange) -> (value: Value, element: Element?)?
  ) {
    let last = LastValue<Value>(nil)
    self.init(
      hub: hub,
      initial: { snapshot in
        guard let (value, element) = current(snapshot), last.changed(to: value), let element
        else { return [] }
        return [element]
      }
    ) { changed in
      guard let (value, element) = change(changed), last.changed(to: value) else { return nil }
      return element
    }
  }
}

/// Remembers the last value seen, to yield only changes.
final class LastValue<Value: Equatable & Sendable>: Sendable {
  private let value: Mutex<Value?>

  init(_ initial: Value?) { value = Mutex(initial) }

  /// Whether `new` differs from the last value (and remembers it).
  func changed(to new: Value) -> Bool {
    value.withLock { last in
      defer { last = new }
      return last != new
    }
  }
}

/// Identifiers seen so far, to yield each activity once.
final class SeenIdentifiers: Sendable {
  private let seen: Mutex<Set<String>>

  init(_ initial: [String]) { seen = Mutex(Set(initial)) }

  /// Whether `id` is new (and remembers it).
  func insert(_ id: String) -> Bool {
    seen.withLock { $0.insert(id).inserted }
  }
}
