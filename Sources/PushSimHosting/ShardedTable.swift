import Synchronization

/// A process-wide table split into shards by the key's hash, each behind its own lock: threads
/// that touch different keys (10,000 devices' extension runs registering at once) rarely wait
/// for one another, where one lock around the whole table was contended by every hosted call
/// (Performance.md, "Issue 43").
///
/// ```swift
/// let runs = ShardedTable<String, ExtensionRun>()
/// runs[run.id] = run
/// let found = runs[id]
/// ```
package final class ShardedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private final class Shard: Sendable {
    let entries = Mutex<[Key: Value]>([:])
  }

  private let shards: [Shard]

  /// An empty table of `shards` shards (a few per thread that may touch it at once).
  package init(shards: Int = 64) {
    self.shards = (0..<max(1, shards)).map { _ in Shard() }
  }

  /// The value for `key`, if any; setting `nil` removes it.
  package subscript(key: Key) -> Value? {
    get { update(key) { $0 } }
    set { update(key) { $0 = newValue } }
  }

  /// Runs `body` on the entry for `key` (`nil` when absent; set it to `nil` to remove it),
  /// with its shard locked.
  @discardableResult
  package func update<Result>(_ key: Key, _ body: (inout Value?) -> Result) -> Result {
    let index = Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))
    return shards[index].entries.withLock { entries in body(&entries[key]) }
  }
}
