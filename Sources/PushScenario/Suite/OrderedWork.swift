/// Runs `work` for the indices `0..<count` on up to `jobs` child tasks at once and hands each
/// result to `body` in index order, as soon as it and every result before it are ready.
///
/// At most `2 × jobs` results wait for an earlier one (bounded lookahead), so memory does not
/// grow with `count`. `body` returning `false` stops: no further work starts, and work already
/// started is cancelled and its results dropped.
func forEachInOrder<Result: Sendable>(
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
