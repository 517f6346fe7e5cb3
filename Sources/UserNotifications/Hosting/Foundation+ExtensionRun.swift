// Foundation's networking entry points, declared again for the app's code on Linux, so that a
// service extension run by a simulated device downloads from the device, as on iOS
// (Rules.md §9.10).
//
// Swift prefers a member declared in a module that imports the member's own module when both
// have the same signature, as long as the calling file reaches Foundation's only through this
// module: code that imports `UserNotifications` (and `Foundation`, which does not re-export
// `FoundationNetworking`) calls these. A file that also imports `FoundationNetworking` itself sees
// both and gets "ambiguous use"; iOS code never has that import. `Data(contentsOf:)`,
// `data(from:)` and `download(from:)` are declared with fewer parameters than Foundation's too,
// so Swift prefers them whatever the file imports. Outside a run each one is Foundation's own
// (`FoundationOriginals`), unchanged; inside one:
// - each request carries its run, in a header the device's `URLProtocol` reads
//   (`ExtensionRun.tagHeader`): the run its session was made in, else the run bound to the
//   calling code; two devices asking for one URL at one moment each get their own answer;
// - `URLSession.shared` is the run's own session, and the configurations made during a run
//   (`URLSessionConfiguration.default`, `.ephemeral`) put the device's `URLProtocol` first
//   (swift-corelibs-foundation otherwise lists its own HTTP protocol first) and name the run;
// - a header field value `URLRequest` drops (a line break or a NUL) is named on the request, so
//   the device fails it rather than send it silently without (Rules.md §7.1);
// - completion handlers run with the run bound (its center as `UNUserNotificationCenter.current()`);
// - download tasks get a file in the run's temporary directory (swift-corelibs-foundation hands
//   a download's file over only from its own protocols);
// - `Data(contentsOf:)` on an http(s) URL loads from the device, blocking the calling thread
//   (the app's code runs on threads of its own, so this holds no thread the device needs).

#if canImport(FoundationNetworking)
  internal import PushSimHosting
  import Foundation
  import FoundationNetworking
  import NetworkingOriginals
  import Synchronization

  // Data lives here on Linux.
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #endif

  extension URLSessionConfiguration {
    /// `URLSessionConfiguration.default`. Once a simulated device hosts the app's service
    /// extension, the device's protocol comes first and nothing is cached; made during a run, it
    /// also names the run, so the sessions made with it download from that run's device.
    public class var `default`: URLSessionConfiguration {
      ExtensionRun.configuration(
        FoundationOriginals.defaultConfiguration(), for: ExtensionRun.current)
    }

    /// `URLSessionConfiguration.ephemeral`, made as ``default`` is.
    public class var ephemeral: URLSessionConfiguration {
      ExtensionRun.configuration(
        FoundationOriginals.ephemeralConfiguration(), for: ExtensionRun.current)
    }
  }

  extension URLRequest {
    /// `setValue(_:forHTTPHeaderField:)`. Foundation ignores a value with a line break or a NUL
    /// without a word, on iOS too; during a run the request then names the field it dropped
    /// (``ExtensionRun/noteDroppedHeader(_:on:)``), and the device fails it with an
    /// `app.requestFailed` event naming the field rather than send it without (Rules.md §7.1).
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
      FoundationOriginals.setValue(value, forHTTPHeaderField: field, in: &self)
      if let value, self.value(forHTTPHeaderField: field) != value {
        ExtensionRun.noteDroppedHeader(field, on: &self)
      }
    }

    /// `addValue(_:forHTTPHeaderField:)`; a value Foundation drops is named as
    /// ``setValue(_:forHTTPHeaderField:)`` names it.
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
      let before = self.value(forHTTPHeaderField: field)
      FoundationOriginals.addValue(value, forHTTPHeaderField: field, in: &self)
      if self.value(forHTTPHeaderField: field) == before {
        ExtensionRun.noteDroppedHeader(field, on: &self)
      }
    }
  }

  extension URLSession {
    /// `URLSession.shared`: during a run, the run's own session (made once, with the run's
    /// configuration); otherwise Foundation's.
    public class var shared: URLSession {
      ExtensionRun.current?.sharedSession ?? FoundationOriginals.sharedSession()
    }

    /// `dataTask(with:completionHandler:)`: during a run, the request carries the run and the
    /// handler runs with the run bound, so `UNUserNotificationCenter.current()` there is the
    /// device's, as in the extension's process on iOS.
    public func dataTask(
      with url: URL,
      completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
      dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// `dataTask(with:completionHandler:)` for a request; see the URL form.
    public func dataTask(
      with request: URLRequest,
      completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
      guard let tagged = ExtensionRun.tagged(request, in: self) else {
        return FoundationOriginals.dataTask(
          self, with: request, completionHandler: completionHandler)
      }
      let process = ExtensionRun.run(taggedOn: tagged)?.processForCallback()
      return FoundationOriginals.dataTask(self, with: tagged) { data, response, error in
        guard let process else { return completionHandler(data, response, error) }
        process.bind { completionHandler(data, response, error) }
      }
    }

    /// `dataTask(with:)`, whose results go to the session's delegate; during a run the request
    /// carries the run.
    public func dataTask(with url: URL) -> URLSessionDataTask {
      dataTask(with: URLRequest(url: url))
    }

    /// `dataTask(with:)` for a request; see the URL form.
    public func dataTask(with request: URLRequest) -> URLSessionDataTask {
      guard let tagged = ExtensionRun.tagged(request, in: self) else {
        return FoundationOriginals.dataTask(self, with: request)
      }
      let task = FoundationOriginals.dataTask(self, with: tagged)
      ExtensionRun.run(taggedOn: tagged)?.keepBusy(for: task)
      return task
    }

    /// `data(from:delegate:)`; during a run the request carries the run.
    public func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil)
      async throws -> (Data, URLResponse)
    {
      try await data(for: URLRequest(url: url), delegate: delegate)
    }

    /// `data(from:)`; see ``data(from:delegate:)``. Declared without the `delegate:` parameter
    /// too, so Swift prefers it whatever else the file imports.
    public func data(from url: URL) async throws -> (Data, URLResponse) {
      try await data(for: URLRequest(url: url), delegate: nil)
    }

    /// `data(for:)`; see ``data(from:delegate:)``.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
      try await data(for: request, delegate: nil)
    }

    /// `data(for:delegate:)`; see ``data(from:delegate:)``.
    public func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil)
      async throws -> (Data, URLResponse)
    {
      try await FoundationOriginals.data(
        self, for: ExtensionRun.tagged(request, in: self) ?? request, delegate: delegate)
    }

    /// `downloadTask(with:completionHandler:)`. During a run, the device answers it: the file
    /// is in the run's temporary directory while the handler runs and removed when it returns,
    /// as on iOS.
    public func downloadTask(
      with url: URL,
      completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
      downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// `downloadTask(with:completionHandler:)` for a request; see the URL form.
    public func downloadTask(
      with request: URLRequest,
      completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
      guard let (run, tagged) = ExtensionRun.forDownload(request, in: self) else {
        return FoundationOriginals.downloadTask(
          self, with: request, completionHandler: completionHandler)
      }
      let process = run.processForCallback()
      return run.downloadTask(in: self, tagged) { _, file, response, error in
        process.bind { completionHandler(file, response, error) }
        if let file { try? FileManager.default.removeItem(at: file) }
      }
    }

    /// `downloadTask(with:)`, whose results go to the session's delegate. During a run the
    /// device answers it and calls the delegate's `didWriteData` (once, with every byte),
    /// `didFinishDownloadingTo` (the file is in the run's temporary directory during the call
    /// and removed when it returns) and `didCompleteWithError`, on the session's delegate queue.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
      downloadTask(with: URLRequest(url: url))
    }

    /// `downloadTask(with:)` for a request; see the URL form.
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
      guard let (run, tagged) = ExtensionRun.forDownload(request, in: self) else {
        return FoundationOriginals.downloadTask(self, with: request)
      }
      let session = Unchecked(self)
      let process = run.processForCallback()
      return run.downloadTask(in: self, tagged) { task, file, _, error in
        process.bind { session.value.reportDownload(task, file: file, error: error) }
        if let file { try? FileManager.default.removeItem(at: file) }
      }
    }

    /// Tells the delegate how a download the device answered ended.
    private func reportDownload(_ task: URLSessionDownloadTask, file: URL?, error: (any Error)?) {
      guard let delegate else { return }
      if let file, error == nil, let downloads = delegate as? any URLSessionDownloadDelegate {
        let size =
          ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?
          .int64Value ?? 0
        downloads.urlSession(
          self, downloadTask: task, didWriteData: size, totalBytesWritten: size,
          totalBytesExpectedToWrite: size)
        downloads.urlSession(self, downloadTask: task, didFinishDownloadingTo: file)
      }
      (delegate as? any URLSessionTaskDelegate)?.urlSession(
        self, task: task, didCompleteWithError: error)
    }

    /// `download(from:delegate:)`. During a run the device answers it; the file stays in the
    /// run's temporary directory until the run ends (as on iOS, the caller moves or reads it).
    public func download(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil)
      async throws -> (URL, URLResponse)
    {
      try await download(for: URLRequest(url: url), delegate: delegate)
    }

    /// `download(from:)`; see ``download(from:delegate:)``. Declared without the `delegate:`
    /// parameter too, so Swift prefers it for `download(from: url)` whatever else the file
    /// imports.
    public func download(from url: URL) async throws -> (URL, URLResponse) {
      try await download(for: URLRequest(url: url), delegate: nil)
    }

    /// `download(for:)`; see ``download(from:)``.
    public func download(for request: URLRequest) async throws -> (URL, URLResponse) {
      try await download(for: request, delegate: nil)
    }

    /// `download(for:delegate:)`; see ``download(from:delegate:)``.
    public func download(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil)
      async throws -> (URL, URLResponse)
    {
      guard let (run, tagged) = ExtensionRun.forDownload(request, in: self) else {
        return try await FoundationOriginals.download(self, for: request, delegate: delegate)
      }
      let started = Mutex<Unchecked<URLSessionDownloadTask>?>(nil)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let task = run.downloadTask(in: self, tagged) { _, file, response, error in
            if let file, let response {
              continuation.resume(returning: (file, response))
            } else {
              continuation.resume(throwing: error ?? URLError(.badServerResponse))
            }
          }
          started.withLock { $0 = Unchecked(task) }
          task.resume()
        }
      } onCancel: {
        started.withLock { $0 }?.value.cancel()
      }
    }
  }

  extension ExtensionRun {
    /// The active run a download of `request` on `session` belongs to, with the request
    /// carrying it (``tagged(_:in:)``); `nil` for a request of no run, or of a run that is over.
    static func forDownload(_ request: URLRequest, in session: URLSession)
      -> (ExtensionRun, URLRequest)?
    {
      guard let tagged = tagged(request, in: session), let run = run(taggedOn: tagged) else {
        return nil
      }
      return (run, tagged)
    }

    /// A download task the device answers with a file in the run's temporary directory;
    /// `finish` gets the task, the file, the response and the error, on the session's delegate
    /// queue.
    func downloadTask(
      in session: URLSession, _ request: URLRequest,
      finish:
        @escaping @Sendable (URLSessionDownloadTask, URL?, URLResponse?, (any Error)?) ->
        Void
    ) -> URLSessionDownloadTask {
      let made = Mutex<Unchecked<URLSessionDownloadTask>?>(nil)
      let task = FoundationOriginals.downloadTask(session, with: request) {
        location, response, error in
        guard let task = made.withLock({ $0 })?.value else { return }
        let file = ExtensionRun.takeFile(for: task) ?? location
        finish(task, error == nil ? file : nil, response, error)
      }
      made.withLock { $0 = Unchecked(task) }
      adopt(task)
      return task
    }

    /// Loads `url` for `Data(contentsOf:)`, blocking the calling thread as Foundation does.
    func loadSynchronously(_ url: URL) throws -> Data {
      let result = OneShot<Result<Data, URLError>>()
      let device = device
      // The fetch runs on a thread of its own: the caller may be a task of the app's on the
      // cooperative pool, which this wait blocks, and the pool may have no other thread left.
      let executor = AppCodeExecutor(name: "Data(contentsOf:)")
      Task(executorPreference: executor) {
        defer { executor.finish() }
        let outcome: Result<Data, URLError>
        do {
          outcome = .success(try await device.contents(of: url))
        } catch let error as URLError {
          outcome = .failure(error)
        } catch {
          outcome = .failure(URLError(.timedOut))
        }
        result.give(outcome)
      }
      switch result.waitOnThisThread() {
      case .success(let data): return data
      case .failure(let error):
        throw CocoaError(
          .fileReadUnknown, userInfo: [NSURLErrorKey: url, NSUnderlyingErrorKey: error])
      }
    }
  }

  extension Data {
    /// `Data(contentsOf:)`. During a service extension run, an http or https URL is loaded from
    /// the device (the scenario's `requests` or the network, charged to the budget; the body
    /// whatever the status, as Apple's loader gives it), blocking the
    /// calling thread as Foundation does; a failure throws a `CocoaError` whose underlying error
    /// is the `URLError`. Other URLs, and calls outside a run, are Foundation's.
    ///
    /// Declared without Foundation's `options:` parameter, so Swift prefers it for
    /// `Data(contentsOf: url)` whatever else the file imports; `Data(contentsOf:options:)` is
    /// Foundation's own.
    public init(contentsOf url: __shared URL) throws {
      if ExtensionRun.isHTTP(url), let run = ExtensionRun.current {
        self = try run.loadSynchronously(url)
        return
      }
      self = try FoundationOriginals.data(contentsOf: url, options: [])
    }
  }
#endif
