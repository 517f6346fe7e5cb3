import Synchronization

/// Runs `work` for the indices `0..<count` on up to `jobs` child tasks at once and hands each
/// result to `body` in index order, as soon as it and every result before it are ready.
///
/// At most `2 × jobs` results wait for an earlier one (bounded lookahead), so memory does not
/// grow with `count`. `body` returning `false` stops: no further work starts, and work already
/// started is cancelled and its results dropped.
package func forEachInOrder<Result: Sendable>(
  count: Int, jobs: Int,
  work: @escaping @Sendable (Int) async -> Result,
  body: (Result) async -> Bool
) async {
  // More jobs than items start nothing more (and `2 × jobs` cannot overflow).
  let jobs = max(1, min(jobs, count))
  let window = 2 * jobs
  await withTaskGroup(of: (Int, Result).self) { group in
    var started = 0
    var running = 0
    var handed = 0
    var ready: [Int: Result] = [:]
    while handed < count {
      while running < jobs, started < count, started - handed < window {
        let index = started
        group.addTask { (index, await work(index)) }
        started += 1
        running += 1
      }
      guard let (index, result) = await group.next() else { return }
      running -= 1
      ready[index] = result
      while let next = ready.removeValue(forKey: handed) {
        handed += 1
        guard await body(next) else {
          group.cancelAll()
          return
        }
      }
    }
  }
}

/// Values handed to the tasks of ``forEachInOrder(count:jobs:work:body:)``, each taken out
/// once by the task that works on it, so the caller keeps no copy of one in progress or done
/// (a scenario's steps are let go as it plays).
package final class HandOff<Element: Sendable>: Sendable {
  private let slots: Mutex<[Element?]>

  /// Holds `elements` until each is taken.
  package init(_ elements: consuming [Element]) {
    slots = Mutex(elements.map { Optional($0) })
  }

  /// The element at `index`, no longer held here; each index is taken once.
  package func take(_ index: Int) -> Element {
    let taken = slots.withLock { slots -> Element? in
      let element = slots[index]
      slots[index] = nil
      return element
    }
    guard let taken else { preconditionFailure("element \(index) is taken twice") }
    return taken
  }
}
