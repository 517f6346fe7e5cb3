#if canImport(Glibc)
  import Glibc
#endif

/// Makes every thread of the process allocate from one glibc heap ("arena").
///
/// glibc gives each thread that allocates while another holds the heap's lock an arena of its
/// own, and memory freed into one arena is reused only by allocations served from it. A
/// scenario is decoded on one thread of the pool and played on whichever thread the scheduler
/// picks after each suspension: when the two differ, the memory each played step gives back
/// cannot hold what the device keeps, and the peak grows by the size of the decoded steps
/// (a 100,000-push scenario: 306 MB instead of 262 to 278 MB in 5 runs of 50; with one arena,
/// 46 runs of 46 stayed within 263 to 269 MB). One arena makes the peak the same
/// whatever the threads, so `pushsim run` uses it when it plays one scenario at a time. Several
/// scenarios played at once keep glibc's arena for each thread: on one arena two threads that
/// allocate all the time wait for each other (2,000 files with `--jobs 2` took 1.4 times as
/// long).
///
/// Does nothing where the C library is not glibc, or when `mallopt` cannot be found.
public enum SharedHeap {
  /// glibc's `M_ARENA_MAX` parameter of `mallopt` (`<malloc.h>`), not visible to Swift.
  private static let arenaMaximum: Int32 = -8

  /// Limits the process to one arena; call it before the threads that allocate start.
  /// Returns whether the C library accepted it.
  @discardableResult
  public static func useOneArena() -> Bool { setArenaMaximum(1) }

  /// Lets threads that have not allocated yet take arenas of their own again (glibc's default
  /// limit); threads already attached to the shared arena stay on it.
  @discardableResult
  static func allowArenaPerThread() -> Bool { setArenaMaximum(0) }

  private static func setArenaMaximum(_ maximum: Int32) -> Bool {
    #if canImport(Glibc)
      // `mallopt` is in glibc but not in Swift's Glibc module: looked up by name.
      guard let symbol = dlsym(nil, "mallopt") else { return false }
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      return mallopt(arenaMaximum, maximum) == 1
    #else
      return false
    #endif
  }
}
