import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a `requests` entry serves (``MediaManifest/Entry/file``), opened when the answer is
/// made: never through a symbolic link in its last part, never anything but a regular file,
/// and, for an entry read from a scenario, only at the path the scenario's check resolved
/// (Rules.md §9.6).
///
/// The check on the scenario's folder tree runs when the scenario is read, and the entry keeps
/// the path it resolved; the file is opened later, when the app's code or the media extension
/// asks for the URL. A symbolic link swapped in between, for the file or for a folder on its
/// path, would lead outside the tree, so the path of the file actually opened (read from the
/// open descriptor, so nothing can be swapped between the check and the read) must still be
/// the resolved one.
enum ManifestFile {
  /// At most `count` bytes of `file`'s beginning, or why it cannot be served. `resolved`: the
  /// path is the one a scenario's check resolved, and the opened file must lie there.
  static func read(_ file: URL, upToCount count: Int, resolved: Bool) -> Result<Data, Refusal> {
    // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
    let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      return .failure(code == ELOOP ? .symbolicLink : .unreadable(describe(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(describe(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    if resolved, !lies(descriptor, info, at: file.path) { return .failure(.moved) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    do {
      return .success(try handle.read(upToCount: count) ?? Data())
    } catch {
      return .failure(.unreadable(error.localizedDescription))
    }
  }

  /// Why a manifest's file is not served.
  enum Refusal: Error, Equatable {
    /// Its last part is a symbolic link.
    case symbolicLink
    /// It is a folder, a FIFO, a device or a socket.
    case notRegular
    /// The file opened lies elsewhere than the path the scenario's check resolved.
    case moved
    /// It cannot be opened or read (the system's words).
    case unreadable(String)

    /// The words after the file's path.
    var words: String {
      switch self {
      case .symbolicLink: "is a symbolic link, not a regular file"
      case .notRegular: "is not a regular file"
      case .moved:
        "leads elsewhere than when the scenario was read (a symbolic link took the place of "
          + "the file or of a folder on its path): a scenario reads files only inside its "
          + "folder tree (Rules.md §9.6)"
      case .unreadable(let reason): "cannot be read (\(reason))"
      }
    }
  }

  /// Whether the file open as `descriptor` (whose `stat` is `info`) is the one at `path`, a
  /// path without symbolic links: the descriptor's own path where the system tells it
  /// (`/proc/self/fd` on Linux, `F_GETPATH` on Darwin); else, where it does not, `path` still
  /// has no link and leads to the same device and inode.
  private static func lies(_ descriptor: Int32, _ info: stat, at path: String) -> Bool {
    if let opened = self.path(of: descriptor) { return opened == path }
    var now = stat()
    guard let real = realpath(path, nil) else { return false }
    defer { free(real) }
    return String(cString: real) == path && stat(path, &now) == 0
      && now.st_dev == info.st_dev && now.st_ino == info.st_ino
  }

  /// The path of the file open as `descriptor`, when the system tells it.
  private static func path(of descriptor: Int32) -> String? {
    #if canImport(Darwin)
      var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
      guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
      return String(cString: buffer)
    #else
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
      guard count > 0, count < buffer.count - 1 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #endif
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
