import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path the user or a scenario names really is, in words for an error message: every
/// command reads its inputs through here, so a folder, a FIFO, an unreadable file or a
/// symbolic-link loop is named as such instead of "no such file", and nothing but a regular
/// file is ever opened for reading (a FIFO would block the run forever).
package enum FileCheck {
  /// Why the regular file at `path` cannot be read, or `nil` when it can (symbolic links are
  /// followed): `no such file`, `is a folder, not a file`, `is a FIFO (named pipe), not a
  /// regular file`, `is a symbolic link loop`, `cannot be read: permission denied`, …
  public static func problem(readingFileAt path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return missingProblem(path, errno: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return "is a folder, not a file"
    case S_IFIFO: return "is a FIFO (named pipe), not a regular file"
    case S_IFSOCK: return "is a socket, not a regular file"
    case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
    default: return "is not a regular file"
    }
    guard access(path, R_OK) == 0 else { return "cannot be read: \(describe(errno))" }
    return nil
  }

  /// Why the folder at `path` cannot be listed, or `nil` when it can.
  public static func problem(listingFolderAt path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return missingProblem(path, errno: errno)?.replacingOccurrences(
        of: "no such file", with: "no such folder")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { return "is a file, not a folder" }
    guard let folder = opendir(path) else { return "cannot be read: \(describe(errno))" }
    closedir(folder)
    return nil
  }

  /// The bytes of the file at `path`, read straight into one array (`nil` when it cannot be
  /// opened or read): `Data(contentsOf:)` and then `Array(data)` held and copied a large
  /// scenario twice, which touched twice its size of fresh memory (measured: 10 % of a
  /// 100,000-push run's page faults). A file that grows while it is read is read to its end.
  public static func contents(ofFileAt path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    // One byte more than the size: a file that has not grown is read in one allocation.
    let expected = max(Int(info.st_size), 0) + 1
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
      count = readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), failed: &failed)
    }
    // A full buffer: the file grew while it was read, and the rest comes in chunks.
    if !failed, bytes.count == expected {
      var chunk = [UInt8](repeating: 0, count: 65536)
      var got = chunk.count
      while !failed, got == chunk.count {
        got = chunk.withUnsafeMutableBytes { readFully(descriptor, into: $0, failed: &failed) }
        bytes.append(contentsOf: chunk[..<got])
      }
    }
    return failed ? nil : bytes
  }

  /// Reads until `buffer` is full or the file ends (retrying interrupted reads); the count read.
  private static func readFully(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, failed: inout Bool
  ) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
      let got = read(descriptor, base + filled, buffer.count - filled)
      if got > 0 {
        filled += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        failed = true
        break
      }
    }
    return filled
  }

  /// Whether something (even a dangling link) exists at `path`.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The path with every symbolic link resolved, or `nil` when it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` is `folder` or lies inside it, both fully resolved.
  public static func isInside(_ path: String, folder: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  private static func missingProblem(_ path: String, errno code: Int32) -> String? {
    switch code {
    case ELOOP: return "is a symbolic link loop"
    case EACCES: return "cannot be reached: permission denied"
    case ENOTDIR: return "no such file (a part of the path is a file, not a folder)"
    case ENOENT:
      var info = stat()
      if lstat(path, &info) == 0 { return "is a symbolic link to nothing (no such file)" }
      return "no such file"
    default: return describe(code)
    }
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}
