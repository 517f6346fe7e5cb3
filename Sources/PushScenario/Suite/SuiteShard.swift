/// One of `count` parts of a suite, as `pushsim run --shard K/N` selects it, so that the
/// runners of a CI matrix each play a share and together play every file exactly once.
///
/// Files are dealt round-robin over the suite's stable (sorted) file list: shard `K` plays
/// the files at positions `K-1`, `K-1+N`, `K-1+2N`, …. Shards differ in size by at most one
/// file, and every runner of one CI run, seeing the same tree, computes the same partition.
/// The cost of that balance (`source: model`): adding a file moves the files sorted after it
/// to other shards, so a file's shard is not stable across commits (hashing each path would
/// keep it, with shards that can differ widely in size).
public struct SuiteShard: Sendable, Hashable, LosslessStringConvertible {
  /// The 1-based shard number `K`.
  public let index: Int
  /// The number of shards `N`.
  public let count: Int

  /// Shard `index` of `count`; `nil` unless `1 <= index <= count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Reads `K/N` (`2/4`), each number in ASCII digits only (no sign); `nil` for anything else.
  public init?(_ description: String) {
    let parts = description.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = CommandLineNumber.parse(parts[0]),
      let count = CommandLineNumber.parse(parts[1])
    else { return nil }
    self.init(index: index, count: count)
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// The elements of `items` this shard takes (round-robin by position), in their order.
  public func select<Item>(_ items: [Item]) -> [Item] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }
}
