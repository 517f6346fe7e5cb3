#if canImport(FoundationNetworking)
  import Foundation

  /// The clock Linux dates files with, to the nanosecond: which files an extension run wrote
  /// after it began (``ExtensionRun/owns(_:)``, Rules.md §9.10).
  ///
  /// The kernel stamps a file with its coarse clock (`CLOCK_REALTIME_COARSE`, a tick of a few
  /// milliseconds, later than the tick when the system is busy), or a finer time no earlier than
  /// it. `Date()` reads the precise clock, ahead of that by up to a tick or more: a file written
  /// a moment after a run began read as older than the run, was copied instead of moved, and
  /// stayed in the temporary directory. Read from the coarse clock, the start is never later
  /// than the date of a file written after it; a file written before, in the same tick, counts
  /// as written after.
  enum FileClock {
    /// A moment, or a file's modification time, as the kernel keeps it.
    struct Instant: Comparable, Sendable {
      let seconds: Int64
      let nanoseconds: Int64

      static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
      }
    }

    /// Now, by the clock files are dated with.
    static func now() -> Instant {
      var time = timespec()
      clock_gettime(CLOCK_REALTIME_COARSE, &time)
      return Instant(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// When the regular file at `path` was last modified; `nil` for anything else (a symbolic
    /// link included) or nothing.
    static func modification(ofRegularFileAt path: String) -> Instant? {
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      return Instant(
        seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }
  }
#endif
