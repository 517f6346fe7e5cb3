#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
  package import PushDevice
  import Synchronization

  /// One run of the app's service extension on a simulated device, as the app's code sees it: the
  /// run's context (downloads, budget, log), its center, and its own temporary directory, as an
  /// extension process has (Rules.md §9.10).
  ///
  /// The hosting device binds the run around `didReceive` and `serviceExtensionTimeWillExpire()`
  /// (``bind(_:)``; tasks started there inherit it), and the `URLSession` completion handlers this
  /// module wraps run bound too. Which run a network request belongs to is
  /// ``forRequestMadeNow()``: the bound run, else the only active one.
  package final class ExtensionRun: Sendable {
    /// The run's context: downloads are fetched and charged through it.
    package let context: ServiceExtensionContext
    /// The center `UNUserNotificationCenter.current()` gives while the run is bound.
    package let center: UNUserNotificationCenter?
    /// The run's own temporary directory, where the device puts the files of download tasks;
    /// removed by ``removeTemporaryDirectory()`` when the run is over.
    package let temporaryDirectory: URL

    /// Makes a run and its temporary directory (a fresh folder under the process's own).
    package init(context: ServiceExtensionContext, center: UNUserNotificationCenter?) {
      self.context = context
      self.center = center
      let base = FileManager.default.temporaryDirectory
      temporaryDirectory = base.appendingPathComponent(
        "pushsim-extension-\(UUID().uuidString)", isDirectory: true)
      try? FileManager.default.createDirectory(
        at: temporaryDirectory, withIntermediateDirectories: true)
    }

    /// Whether the directory must stay (a delivered attachment could not be moved out of it).
    private let kept = Mutex(false)

    deinit { removeTemporaryDirectory() }

    /// Removes the run's temporary directory and what the extension left there, unless
    /// ``keepTemporaryDirectory()`` was called.
    package func removeTemporaryDirectory() {
      guard !kept.withLock({ $0 }) else { return }
      try? FileManager.default.removeItem(at: temporaryDirectory)
    }

    /// Keeps the directory: a notification shows a file that stayed in it (the best attempt of
    /// `serviceExtensionTimeWillExpire()`, given after the run's store closed).
    package func keepTemporaryDirectory() {
      kept.withLock { $0 = true }
    }

    /// Whether `url` is a file inside the run's temporary directory.
    package func holds(_ url: URL) -> Bool {
      guard url.isFileURL else { return false }
      let folder = temporaryDirectory.standardizedFileURL.path
      let path = url.standardizedFileURL.path
      return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The run whose code is running (bound around the extension's methods and inherited by the
    /// tasks they start).
    @TaskLocal package static var current: ExtensionRun?

    /// Runs `body` with this run bound, and its center as `UNUserNotificationCenter.current()`.
    package func bind<R>(_ body: () throws -> R) rethrows -> R {
      try Self.$current.withValue(self) {
        if let center { return try UNUserNotificationCenter.withCurrent(center, operation: body) }
        return try body()
      }
    }

    // MARK: Which run a request belongs to

    private static let registry = Mutex(Registry())

    private struct Registry {
      var active: [ObjectIdentifier: ExtensionRun] = [:]
      /// Runs claimed by a protocol's `canInit` on the calling thread, by URL, first in first
      /// out: the protocol object may be made later on another thread, where task-locals are not
      /// visible.
      var claimed: [String: [ExtensionRun]] = [:]
      /// Download tasks this module made for a run, by task, with the file once downloaded.
      var downloads: [ObjectIdentifier: Download] = [:]
    }

    private struct Download {
      let run: ExtensionRun
      var file: URL?
    }

    /// The hosting device's `URLProtocol`, put first in the configurations the app's code makes
    /// (`URLSessionConfiguration.default`, `.ephemeral`); `nil` until a device hosts an extension.
    private static let deviceProtocol = Mutex<URLProtocol.Type?>(nil)

    /// Sets the protocol that answers requests made during runs (once per process).
    package static func installDeviceProtocol(_ protocolClass: URLProtocol.Type) {
      deviceProtocol.withLock { $0 = protocolClass }
    }

    /// The configuration `base` with the device's protocol first (when one is installed) and no
    /// cache, so that a task's protocol object is made on the caller's thread, where the run is
    /// known.
    static func deviceConfiguration(_ base: URLSessionConfiguration) -> URLSessionConfiguration {
      guard let protocolClass = deviceProtocol.withLock({ $0 }) else { return base }
      base.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
      base.urlCache = nil
      return base
    }

    /// Marks the run active (its requests are answered by the device).
    package static func register(_ run: ExtensionRun) {
      registry.withLock { $0.active[ObjectIdentifier(run)] = run }
    }

    /// Marks the run over: its requests are no longer answered, its claims are forgotten.
    package static func unregister(_ run: ExtensionRun) {
      registry.withLock { registry in
        registry.active[ObjectIdentifier(run)] = nil
        for (url, runs) in registry.claimed {
          let kept = runs.filter { $0 !== run }
          registry.claimed[url] = kept.isEmpty ? nil : kept
        }
        registry.downloads = registry.downloads.filter { $0.value.run !== run }
      }
    }

    /// The run a request made now belongs to: the bound one; on a thread with no Swift task (a
    /// `DispatchQueue` of the app's own), the only active one; otherwise none (a task no run
    /// started is not the extension's code).
    package static func forRequestMadeNow() -> ExtensionRun? {
      if let current { return current }
      guard !withUnsafeCurrentTask(body: { $0 != nil }) else { return nil }
      return registry.withLock { $0.active.count == 1 ? $0.active.values.first : nil }
    }

    /// Whether `run` is still active.
    var isActive: Bool {
      Self.registry.withLock { $0.active[ObjectIdentifier(self)] != nil }
    }

    /// Remembers that `run` made a request for `url`.
    package static func claim(_ url: String, by run: ExtensionRun) {
      registry.withLock { $0.claimed[url, default: []].append(run) }
    }

    /// Forgets one claim of `run` for `url` (the request found its run another way).
    package static func release(_ url: String, by run: ExtensionRun) {
      registry.withLock { registry in
        guard var runs = registry.claimed[url],
          let index = runs.firstIndex(where: { $0 === run })
        else { return }
        runs.remove(at: index)
        registry.claimed[url] = runs.isEmpty ? nil : runs
      }
    }

    /// The run that made the oldest unanswered request for `url`.
    package static func take(_ url: String) -> ExtensionRun? {
      registry.withLock { registry in
        guard var runs = registry.claimed[url], !runs.isEmpty else {
          return registry.active.count == 1 ? registry.active.values.first : nil
        }
        let run = runs.removeFirst()
        registry.claimed[url] = runs.isEmpty ? nil : runs
        return run
      }
    }

    // MARK: Download tasks

    /// Remembers that this module made `task` for the run, so the device answers it with a file.
    func adopt(_ task: URLSessionDownloadTask) {
      Self.registry.withLock { $0.downloads[ObjectIdentifier(task)] = Download(run: self) }
    }

    /// Whether `task` is a download task made for a run by this module (others cannot be given a
    /// file on Linux: swift-corelibs-foundation reads it from its own protocols only).
    package static func isAdopted(_ task: URLSessionTask) -> Bool {
      registry.withLock { $0.downloads[ObjectIdentifier(task)] != nil }
    }

    /// Records the file the device downloaded for `task`.
    package static func record(_ file: URL, for task: URLSessionTask) {
      registry.withLock { $0.downloads[ObjectIdentifier(task)]?.file = file }
    }

    /// The file downloaded for `task`, forgetting the task.
    static func takeFile(for task: URLSessionTask) -> URL? {
      registry.withLock { $0.downloads.removeValue(forKey: ObjectIdentifier(task))?.file }
    }

    /// A new file name in the run's temporary directory, for a download.
    package func newDownloadFile() -> URL {
      temporaryDirectory.appendingPathComponent(
        "CFNetworkDownload_\(UUID().uuidString.prefix(8)).tmp", isDirectory: false)
    }
  }
#endif
