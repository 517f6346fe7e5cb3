#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many cores this process may run on: the default for `pushsim run --jobs` and for the
/// threads of `pushsim validate --jsonl`.
///
/// On Linux the count honours the CPU affinity mask (`taskset -c 0`, a container pinned to
/// some cores) and a cgroup v2 CPU quota (`docker run --cpus 1.5` counts as 2), as `nproc`
/// and Rust's `available_parallelism` do; Foundation's `activeProcessorCount` counts every
/// online core. More threads than cores only take turns on them, each paying to hand work
/// over and to refill the caches the others emptied.
public enum AvailableCores {
  /// The cores available now, at least 1.
  public static var count: Int {
    var cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #if os(Linux)
      if let allowed = affinityCount() { cores = min(cores, allowed) }
      if let quota = cgroupQuota() { cores = min(cores, quota) }
    #endif
    return max(1, cores)
  }

  #if os(Linux)
    /// The number of cores in this process's affinity mask: the `Cpus_allowed` line of
    /// `/proc/self/status` (Glibc's `sched_getaffinity` is not visible to Swift).
    static func affinityCount() -> Int? {
      guard let status = readSmallFile("/proc/self/status", limit: 1 << 14) else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
        return maskCount(line.dropFirst("Cpus_allowed:".count))
      }
      return nil
    }

    /// The bits set in a mask written in hexadecimal, in comma-separated groups
    /// (`ff,ffffffff`); `nil` when it has none or is not hexadecimal.
    static func maskCount(_ mask: Substring) -> Int? {
      var count = 0
      for character in mask where character != "," && !character.isWhitespace {
        guard let digit = character.hexDigitValue else { return nil }
        count += digit.nonzeroBitCount
      }
      return count > 0 ? count : nil
    }

    /// The cgroup v2 CPU quota in cores, rounded up (`cpu.max`: "quota period", or "max").
    static func cgroupQuota() -> Int? {
      guard let text = readSmallFile("/sys/fs/cgroup/cpu.max", limit: 256) else { return nil }
      return quotaCores(text)
    }

    /// The cores a `cpu.max` line allows, rounded up; `nil` for "max" or a line not understood.
    static func quotaCores(_ line: String) -> Int? {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard fields.count >= 2, let quota = Int(fields[0]), let period = Int(fields[1]),
        quota > 0, period > 0
      else { return nil }
      return max(1, (quota + period - 1) / period)
    }

    /// The first `limit` bytes of a small file, as text.
    private static func readSmallFile(_ path: String, limit: Int) -> String? {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: limit)
      var filled = 0
      while filled < limit {
        let count = buffer.withUnsafeMutableBytes { bytes in
          guard let base = bytes.baseAddress else { return -1 }
          return read(descriptor, base + filled, limit - filled)
        }
        guard count > 0 else { break }
        filled += count
      }
      return filled > 0 ? String(decoding: buffer[..<filled], as: UTF8.self) : nil
    }
  #endif
}
