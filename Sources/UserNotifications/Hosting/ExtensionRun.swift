#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
  import NetworkingOriginals
  internal import PushSimHosting
  import Synchronization
  package import os

  /// One run of the app's service extension on a simulated device, as the app's code sees it: the
  /// device's side of the run (its downloads, budget and events: ``ExtensionRunDevice``), its
  /// center, and its own temporary directory, as an extension process has (Rules.md §9.10). A
  /// call into the app's delegate, background handler or launch code gets one too, for its
  /// requests (Rules.md §7.1).
  ///
  /// The hosting device binds the run around `didReceive` and `serviceExtensionTimeWillExpire()`
  /// (``bind(_:)``; tasks started there inherit it), and the `URLSession` completion handlers this
  /// module wraps run bound too. A network request carries its run (``tagHeader``), put on it by
  /// the entry points this module declares for the app's code (``tagged(_:in:)``).
  package final class ExtensionRun: Sendable {
    /// The device's side of the run: downloads are fetched and charged through it.
    package let device: any ExtensionRunDevice
    /// The center `UNUserNotificationCenter.current()` gives while the run is bound.
    package let center: UNUserNotificationCenter?
    /// Where the app's log lines go while the run is bound (its callbacks included).
    package let log: AppLogSink?
    /// The run's own temporary directory, where the device puts the files of download tasks;
    /// removed by ``removeTemporaryDirectory()`` when the run is over.
    package let temporaryDirectory: URL
    /// When the run began, by the clock files are dated with (``FileClock``): a file the
    /// extension wrote into the process's temporary directory is dated no earlier (see
    /// ``owns(_:)``).
    private let began = FileClock.now()

    /// Whether the run is the service extension's (`false`: a call into the app's delegate,
    /// background handler or launch code, which runs in the app's process).
    package let isServiceExtension: Bool

    /// Makes a run; its temporary directory (a fresh folder in `folder`, else in the process's
    /// temporary directory) is made with the first file put there, after `whenFolderMade` is
    /// called (the owner of `folder` then knows to remove it).
    package init(
      device: any ExtensionRunDevice, center: UNUserNotificationCenter?,
      isServiceExtension: Bool = true, log: AppLogSink? = nil, in folder: URL? = nil,
      whenFolderMade: @escaping @Sendable () -> Void = {}
    ) {
      self.device = device
      self.center = center
      self.isServiceExtension = isServiceExtension
      self.log = log
      self.whenFolderMade = whenFolderMade
      let base = folder ?? FileManager.default.temporaryDirectory
      temporaryDirectory = base.appendingPathComponent(
        "pushsim-extension-\(UUID().uuidString)", isDirectory: true)
    }

    /// Whether the directory must stay (a delivered attachment could not be moved out of it).
    private let kept = Mutex(false)

    deinit {
      removeTemporaryDirectory()
      // The run's `URLSession.shared` ends with the last reference to the run: code that still
      // holds the run (a task the app started in the call) may still make requests on it, which
      // the device fails as offline once the run is over; Foundation stops the process on a
      // request to an invalidated session.
      shared.withLock { $0 }?.finishTasksAndInvalidate()
    }

    /// Whether the temporary directory was made (``newDownloadFile()``): most runs download
    /// nothing, and removing a directory that was never made still costs file system calls.
    private let made = Atomic<Bool>(false)
    /// Called before the temporary directory is made.
    private let whenFolderMade: @Sendable () -> Void

    /// Removes the run's temporary directory and what the extension left there, unless
    /// ``keepTemporaryDirectory()`` was called.
    package func removeTemporaryDirectory() {
      guard made.load(ordering: .acquiring), !kept.withLock({ $0 }) else { return }
      try? FileManager.default.removeItem(at: temporaryDirectory)
    }

    /// Keeps the directory: a notification shows a file that stayed in it (the best attempt of
    /// `serviceExtensionTimeWillExpire()`, given after the run's store closed). A run made in
    /// the device's attachment store (`init`'s `folder`) is removed with it, when the device is
    /// gone.
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

    /// Whether `url` is the extension's own file, which iOS moves into its attachment store: a
    /// file in the run's temporary directory, or one the run wrote into the process's temporary
    /// directory (`FileManager.default.temporaryDirectory`, which an extension's code cannot be
    /// given per run on Linux; on iOS it is the extension's private folder). Files older than the
    /// run, and files anywhere else (the app's bundle, a test's fixtures), are not the run's own
    /// (Rules.md §9.10).
    package func owns(_ url: URL) -> Bool {
      if holds(url) { return true }
      guard url.isFileURL else { return false }
      let folder = FileManager.default.temporaryDirectory.standardizedFileURL.path
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/"),
        let modified = FileClock.modification(ofRegularFileAt: path)
      else { return false }
      return modified >= began
    }

    /// The run whose code is running (``HostedProcess/run``: bound around the extension's
    /// methods and inherited by the tasks they start).
    package static var current: ExtensionRun? { HostedProcess.current.run }

    /// The extension's process: this run, and its center as `UNUserNotificationCenter.current()`.
    package var process: HostedProcess {
      var process = HostedProcess(center: center)
      process.run = self
      process.log = log
      return process
    }

    /// Runs `body` in the extension's process (``process``).
    package func bind<R>(_ body: () throws -> R) rethrows -> R {
      try process.bind(body)
    }

    /// The process a callback of work started now (a request's completion handler) runs in:
    /// the calling code's, with what keeps the run busy, when that code is this run's; else the
    /// run's own.
    func processForCallback() -> HostedProcess {
      let current = HostedProcess.current
      return current.run === self ? current : process
    }

    /// Keeps the calling code's ``HostedProcess/activity`` for as long as the run lasts: a
    /// request whose results go to a session delegate, which the device cannot follow to its
    /// last callback (they run on the session's own queue).
    func keepBusy(for task: URLSessionTask) {
      guard let activity = HostedProcess.current.activity else { return }
      pending.withLock { $0[ObjectIdentifier(task)] = activity }
    }

    private let pending = Mutex<[ObjectIdentifier: RunActivity]>([:])

    // MARK: Which run a request belongs to

    /// The request header that names the run a request belongs to: the `UserNotifications`
    /// entry points the app's code calls put it on each request they make for a run, so the
    /// device's protocol finds the run by what the request carries, never by its URL or by
    /// guessing.
    package static let tagHeader = "X-PushSim-Extension-Run"

    /// The request header that names the header fields whose values `URLRequest` dropped
    /// during a run (``noteDroppedHeader(_:on:)``), comma-separated; the device's protocol
    /// reads it and fails the request, naming the first.
    package static let droppedHeader = "X-PushSim-Dropped-Header"

    /// Names `field` on `request` as a header field whose value `URLRequest` dropped, when the
    /// calling code runs in a run (outside one, Foundation's silence stands: the request
    /// reaches the network unchanged).
    static func noteDroppedHeader(_ field: String, on request: inout URLRequest) {
      guard current != nil else { return }
      let named = request.value(forHTTPHeaderField: droppedHeader).map { $0 + ", " } ?? ""
      FoundationOriginals.setValue(named + field, forHTTPHeaderField: droppedHeader, in: &request)
    }

    /// This run's name in ``tagHeader``.
    package let id = UUID().uuidString

    /// The active runs by ``id``, and the download tasks this module made for a run, by task,
    /// with the file once downloaded: process-wide tables, sharded, as every hosted call
    /// registers a run (one lock for them both was contended by 10,000 devices at once).
    private static let active = ShardedTable<String, ExtensionRun>()
    private static let downloads = ShardedTable<ObjectIdentifier, Download>()

    private struct Download: Sendable {
      let run: ExtensionRun
      var file: URL?
    }

    /// The download tasks adopted for this run (``adopt(_:)``), forgotten with the run.
    private let adopted = Mutex<[ObjectIdentifier]>([])

    /// The hosting device's `URLProtocol`, put first in the configurations made for a run;
    /// `nil` until a device hosts an extension.
    private static let deviceProtocol = Mutex<URLProtocol.Type?>(nil)

    /// Sets the protocol that answers requests made during runs (once per process).
    package static func installDeviceProtocol(_ protocolClass: URLProtocol.Type) {
      deviceProtocol.withLock { $0 = protocolClass }
    }

    /// `base` with the device's protocol first (once a device hosts an extension) and no
    /// cache; made during a run (`run` not `nil`), also the run's tag among its additional
    /// headers, which ``tagged(_:in:)`` reads back from the session.
    static func configuration(_ base: URLSessionConfiguration, for run: ExtensionRun?)
      -> URLSessionConfiguration
    {
      guard let protocolClass = deviceProtocol.withLock({ $0 }) else { return base }
      base.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
      base.urlCache = nil
      if let run {
        var headers = base.httpAdditionalHeaders ?? [:]
        headers[tagHeader] = run.id
        base.httpAdditionalHeaders = headers
      }
      return base
    }

    /// The run's `URLSession.shared`: a session of the run's own configuration, made once and
    /// kept until the run is gone (see `deinit`), so a task the app started in the call can use
    /// it after the call: its requests then fail as offline.
    var sharedSession: URLSession {
      shared.withLock { session in
        if let session { return session }
        let made = FoundationOriginals.session(
          configuration: Self.configuration(
            FoundationOriginals.defaultConfiguration(), for: self))
        session = made
        return made
      }
    }
    private let shared = Mutex<URLSession?>(nil)

    /// Marks the run active (its requests are answered by the device).
    package static func register(_ run: ExtensionRun) {
      active[run.id] = run
    }

    /// Marks the run over: its requests are no longer answered.
    package static func unregister(_ run: ExtensionRun) {
      active[run.id] = nil
      for task in run.adopted.withLock({ $0 }) {
        downloads.update(task) { download in
          if download?.run === run { download = nil }
        }
      }
      run.pending.withLock { $0 = [:] }
    }

    /// The active run named by `request`'s tag, if any.
    package static func run(taggedOn request: URLRequest) -> ExtensionRun? {
      guard let id = request.value(forHTTPHeaderField: tagHeader) else { return nil }
      return active[id]
    }

    /// Whether `request` carries a run's tag (the run may be over).
    package static func isTagged(_ request: URLRequest) -> Bool {
      request.value(forHTTPHeaderField: tagHeader) != nil
    }

    /// `request` with the tag of the run it belongs to: the run its own tag or its session's
    /// configuration names, else the run bound to the calling code (``current``). `nil` for an
    /// http(s) request that carries no run (made from the app's own `DispatchQueue` on a
    /// session of no run), or for another scheme: it reaches the network unchanged.
    static func tagged(_ request: URLRequest, in session: URLSession?) -> URLRequest? {
      guard let url = request.url, isHTTP(url) else { return nil }
      if isTagged(request) { return request }
      let tag = session?.configuration.httpAdditionalHeaders?[tagHeader] as? String ?? current?.id
      guard let tag else { return nil }
      var tagged = request
      tagged.setValue(tag, forHTTPHeaderField: tagHeader)
      return tagged
    }

    /// Whether `url` is http or https, the schemes the device answers.
    package static func isHTTP(_ url: URL) -> Bool {
      let scheme = url.scheme?.lowercased()
      return scheme == "http" || scheme == "https"
    }

    // MARK: Download tasks

    /// Remembers that this module made `task` for the run, so the device answers it with a file.
    func adopt(_ task: URLSessionDownloadTask) {
      let key = ObjectIdentifier(task)
      adopted.withLock { $0.append(key) }
      Self.downloads[key] = Download(run: self)
    }

    /// Whether `task` is a download task made for a run by this module (others cannot be given a
    /// file on Linux: swift-corelibs-foundation reads it from its own protocols only).
    package static func isAdopted(_ task: URLSessionTask) -> Bool {
      downloads[ObjectIdentifier(task)] != nil
    }

    /// Records the file the device downloaded for `task`.
    package static func record(_ file: URL, for task: URLSessionTask) {
      downloads.update(ObjectIdentifier(task)) { $0?.file = file }
    }

    /// The file downloaded for `task`, forgetting the task.
    static func takeFile(for task: URLSessionTask) -> URL? {
      downloads.update(ObjectIdentifier(task)) { download in
        defer { download = nil }
        return download?.file
      }
    }

    /// A new file name in the run's temporary directory, for a download.
    package func newDownloadFile() -> URL {
      // Made with the first file: most runs download nothing into it.
      made.store(true, ordering: .releasing)
      whenFolderMade()
      try? FileManager.default.createDirectory(
        at: temporaryDirectory, withIntermediateDirectories: true)
      return temporaryDirectory.appendingPathComponent(
        "CFNetworkDownload_\(UUID().uuidString.prefix(8)).tmp", isDirectory: false)
    }
  }
#endif
