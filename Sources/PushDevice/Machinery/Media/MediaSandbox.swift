import Foundation
import Synchronization

/// The folder service extensions write downloaded media into: one subfolder per extension run.
///
/// Stands in for the extension's container (Behavior.md §6.3: an attachment must be a local file
/// the process can read). File names are generated (`attachment-1.jpg`), never taken from a URL, so
/// a crafted URL cannot choose where bytes land. Injected into ``ServiceExtensionStage`` so the
/// runtime touches no folder it was not given.
package final class MediaSandbox: Sendable {
  /// The root folder; run folders are `run-1`, `run-2`, … inside it.
  package let root: URL
  private let runs = Mutex(0)
  private let ownsRoot: Bool
  /// Whether something may have been made in the root (``makeRunFolder()``, ``noteUse()``): an
  /// owned root is removed only then, as removing a folder that was never made still locks the
  /// temporary directory, which every device in parallel would wait for (Performance.md,
  /// "Issue 43").
  private let used = Atomic<Bool>(false)

  /// Creates a sandbox rooted at `root` (created when first needed, never deleted by the
  /// sandbox itself; see ``removeAll()``).
  package init(root: URL) {
    self.root = root
    self.ownsRoot = false
  }

  /// Creates a sandbox in a fresh folder under the system's temporary directory; the folder is
  /// deleted when the sandbox is released (when the last device or stage using it is gone),
  /// once something was made in it (``makeRunFolder()``, or a maker that called ``noteUse()``).
  package init() {
    self.root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-media-\(UUID().uuidString)", isDirectory: true)
    self.ownsRoot = true
  }

  deinit {
    if ownsRoot && used.load(ordering: .acquiring) { try? FileManager.default.removeItem(at: root) }
  }

  /// Tells the sandbox that something is about to be made in its root, so that it removes it.
  package func noteUse() {
    used.store(true, ordering: .releasing)
  }

  /// Makes the folder for the next extension run.
  func makeRunFolder() throws -> URL {
    noteUse()
    let number = runs.withLock { count in
      count += 1
      return count
    }
    let folder = root.appendingPathComponent("run-\(number)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Deletes the root folder and everything written into it.
  package func removeAll() {
    try? FileManager.default.removeItem(at: root)
  }
}
