import Foundation
import PushSimDocs
import PushSimHosting

/// What the live page shows and waits on (CommandLine.md, `pushsim serve`, the live page): the
/// last ``window`` log entries in a ring, which phones changed, and the pages waiting for news.
///
/// Every entry and every change of a phone takes the next tick; a page asks for what came
/// after the last tick it has. Memory is bounded by the window whatever the run's length
/// (Rules.md §18.9).
public final class ServeFeed: Sendable {
  /// How many entries are kept (`--log-window`).
  public let window: Int
  private let state: Locked<State>

  fileprivate struct State {
    /// The entries, `ring[n % window]` the n-th appended (from 0).
    var ring: [LiveEntry] = []
    var appended = 0
    var tick = 0
    /// The tick of the newest entry the ring no longer holds.
    var lastDropped = 0
    /// Each phone's last change: its tick and the events its latest request caused.
    var changes: [String: (tick: Int, events: Range<Int>)] = [:]
    /// The images of each phone's latest drawing, by path.
    var assets: [String: [String: Data]] = [:]
    var waiters: [OneShot<Void>] = []
  }

  /// A feed keeping the last `window` entries (at least 1).
  public init(window: Int = 1000) {
    self.window = max(1, window)
    state = Locked(State())
  }

  /// A line for the page's log, before it gets its tick.
  struct Line: Sendable {
    var source: String
    var device: String?
    var text: String
    var failed: Bool
  }

  /// Adds `lines`, each with the next tick, then notes `change` (a phone and the events its
  /// latest request caused), in one hold of the lock; wakes the waiting pages.
  func publish(_ lines: [Line], change: (device: String, events: Range<Int>)?) {
    // The entries the ring lets go of are released after the lock, not while others wait.
    var displaced: [LiveEntry] = []
    let waiters = state.write { state -> [OneShot<Void>] in
      for line in lines {
        state.tick += 1
        var entry = LiveEntry(
          sequence: state.tick, source: line.source, device: line.device, text: line.text,
          failed: line.failed)
        if state.ring.count < window {
          state.ring.append(entry)
        } else {
          let slot = state.appended % window
          state.lastDropped = state.ring[slot].sequence
          swap(&state.ring[slot], &entry)
          displaced.append(entry)
        }
        state.appended += 1
      }
      if let change {
        state.tick += 1
        state.changes[change.device] = (state.tick, change.events)
      }
      return state.takeWaiters()
    }
    for waiter in waiters { _ = waiter.give(()) }
  }

  /// What came after tick `after`: the entries still held, oldest first; the phones that
  /// changed, with their latest events; the newest tick; and whether entries after `after`
  /// have left the window (the page then starts its log over).
  func since(_ after: Int) -> (
    entries: [LiveEntry], phones: [(name: String, events: Range<Int>)], tick: Int, reset: Bool
  ) {
    state.read { state in
      let count = state.ring.count
      let oldest = state.appended > window ? state.appended % window : 0
      // Entries are in tick order from `oldest`: find the first after `after`.
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if state.ring[(oldest + middle) % max(count, 1)].sequence <= after {
          low = middle + 1
        } else {
          high = middle
        }
      }
      let entries = (low..<count).map { state.ring[(oldest + $0) % count] }
      let phones = state.changes.filter { $0.value.tick > after }.map { ($0.key, $0.value.events) }
        .sorted { $0.0 < $1.0 }
      return (entries, phones, state.tick, after < state.lastDropped)
    }
  }

  /// Returns once something came after tick `after`, or after `timeout`.
  func wait(after: Int, timeout: Duration) async {
    let shot = OneShot<Void>()
    let waiting = state.write { state -> Bool in
      guard state.tick <= after else { return false }
      state.waiters.append(shot)
      return true
    }
    guard waiting else { return }
    let ticket = HostTimer.shared.schedule(after: timeout) { _ = shot.give(()) }
    await shot.value()
    HostTimer.shared.cancel(ticket)
    // A page that went away leaves its answered shot behind: drop the answered ones.
    state.write { state in state.waiters.removeAll { $0.isAnswered } }
  }

  /// Keeps the images of `device`'s latest drawing (the previous drawing's are dropped).
  func keepAssets(_ assets: [DocsScenario.Asset], of device: String) {
    state.write { state in
      state.assets[device] = Dictionary(
        assets.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last })
    }
  }

  /// An image of a phone's latest drawing.
  func asset(_ path: String) -> Data? {
    state.read { state in
      for images in state.assets.values { if let data = images[path] { return data } }
      return nil
    }
  }
}

extension ServeFeed.State {
  fileprivate mutating func takeWaiters() -> [OneShot<Void>] {
    defer { waiters = [] }
    return waiters
  }
}
