import Synchronization

/// Something logged about a push, or about none: what ``PushChains`` chains by push.
protocol PushTagged {
  /// The push it is about, if any.
  var push: String? { get }
}

extension DeviceEvent: PushTagged {}
extension PushDiagnostic: PushTagged {}

/// The chains by push of a log that only grows (``EventLog``'s events, ``Device``'s
/// diagnostics), covering its first ``count`` elements: each push's first and last element,
/// and for each element about a push the index of that push's next one.
struct PushChains<Element: PushTagged & Sendable>: Sendable {
  /// How many of the log's elements are chained.
  private var count = 0
  /// Each push's first and last element index, except ``latest``'s push.
  private var endsByPush: [String: (first: Int, last: Int)] = [:]
  /// The push of the latest element about a push, with its first and last index: a push's
  /// events come in a run (received, delivered, presented, badge), so only a change of push
  /// looks up and stores its ends in ``endsByPush`` (a table of every push: large, and slow to
  /// reach once it outgrows the caches).
  private var latest: (push: String, first: Int, last: Int)?
  /// For each element about a push, the index of that push's next one (`-1`: none yet).
  private var nextOfSamePush: [Int32] = []

  /// The chains a log and its unchanged copies share, brought up to date under a lock when
  /// read.
  final class Box: Sendable {
    private let index = Mutex(PushChains())

    /// Gives a log about to grow chains of its own when a copy of it shares `box`: the copy
    /// keeps them, and this log's later elements must not enter them.
    static func prepareToGrow(_ box: inout Box) {
      if !isKnownUniquelyReferenced(&box) { box = Box() }
    }

    /// The elements about `push` among `events` (the log this box belongs to).
    func events(for push: String, in events: [Element]) -> [Element] {
      index.withLock { index in
        index.catchUp(with: events)
        return index.events(for: push, in: events)
      }
    }

    /// The position of the first element about `push` at or after `start` that `matches`
    /// accepts.
    func firstIndex(
      about push: String, from start: Int, in events: [Element],
      where matches: (Element) -> Bool
    ) -> Int? {
      index.withLock { index in
        index.catchUp(with: events)
        var found: Int?
        index.visitPositions(of: push, in: events) { position in
          guard position >= start, matches(events[position]) else { return true }
          found = position
          return false
        }
        return found
      }
    }
  }

  /// Chains the elements logged since the last call.
  mutating func catchUp(with events: [Element]) {
    // A log only grows (a copy that grew apart has a box of its own); one that did not would
    // be chained again from its start rather than read past its end.
    if events.count < count { self = PushChains() }
    // Room grows geometrically: chains brought up to date after every push (a check after
    // each) must not copy the whole array each time, as an exact reservation would.
    if nextOfSamePush.capacity < events.count {
      nextOfSamePush.reserveCapacity(Swift.max(events.count, 2 * nextOfSamePush.capacity))
    }
    while count < events.count {
      add(events[count].push, at: count)
      count += 1
    }
  }

  /// Chains the element at `index`, about `push` when it has one.
  private mutating func add(_ push: String?, at index: Int) {
    nextOfSamePush.append(-1)
    guard let push else { return }
    if let latest, latest.push == push {
      chain(latest.last, to: index)
      self.latest = (push, latest.first, index)
      return
    }
    if let latest { endsByPush[latest.push] = (latest.first, latest.last) }
    if let ends = endsByPush[push] {
      chain(ends.last, to: index)
      latest = (push, ends.first, index)
    } else {
      latest = (push, index, index)
    }
  }

  /// Links a push's element at `last` to its next one at `index`. Past `Int32.max` elements
  /// (never in practice) a push's later ones stay unchained and are found by a scan.
  private mutating func chain(_ last: Int, to index: Int) {
    nextOfSamePush[last] = Int32(exactly: index) ?? -2
  }

  /// A push's first and last element index.
  private func ends(of push: String) -> (first: Int, last: Int)? {
    if let latest, latest.push == push { return (latest.first, latest.last) }
    return endsByPush[push]
  }

  /// The elements about `push` among the chained ones, oldest first.
  func events(for push: String, in events: [Element]) -> [Element] {
    var found: [Element] = []
    visitPositions(of: push, in: events) { position in
      found.append(events[position])
      return true
    }
    return found
  }

  /// Calls `visit` with the position of each chained element about `push`, oldest first, until
  /// it returns false.
  func visitPositions(of push: String, in events: [Element], _ visit: (Int) -> Bool) {
    guard let ends = ends(of: push) else { return }
    var index = ends.first
    while visit(index) {
      let next = Int(nextOfSamePush[index])
      if next == -2 {
        for later in (index + 1)..<count where events[later].push == push {
          guard visit(later) else { return }
        }
        return
      }
      guard next > index else { return }
      index = next
    }
  }
}
