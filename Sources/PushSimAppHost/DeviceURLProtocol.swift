import Foundation
import PushDevice
import Synchronization
import UserNotifications

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Answers the HTTP and HTTPS requests a hosted service extension makes from the device: the
/// scenario's media manifest with its virtual latency (`fetch: manifest`, offline and
/// deterministic) or the network under the app's ATS settings (`fetch: network`), through the
/// run's ``ServiceExtensionContext`` (which charges the budget and logs `media.fetched` or
/// `media.failed`).
///
/// Two ways in, since swift-corelibs-foundation consults a session's configured protocols before
/// registered ones: `URLSession.shared` reads the classes registered with
/// `URLProtocol.registerClass` (this one is put first the first time an extension runs), and the
/// configurations the app's code makes with `URLSessionConfiguration.default` or `.ephemeral`
/// list this class first (the `UserNotifications` module declares those for the app's code and
/// leaves their cache out). Which run a request belongs to is read when the request is made, on
/// the caller's thread (the run bound around `didReceive` and inherited by the tasks it starts);
/// code on a thread the device did not start (a `DispatchQueue`) is routed only while a single
/// extension runs in the process. Requests made outside any run are not intercepted and reach
/// the network unchanged. `URLCache.shared` is replaced by one that caches nothing, so that a
/// data task's protocol object is made on the caller's thread and knows its run; where it is not
/// (a request from a thread with no task), a request is matched to its run by URL, oldest first,
/// and two runs asking for the same URL at the same moment may have their answers swapped.
///
/// Download tasks made through `UserNotifications`'s `downloadTask(with:…)` and
/// `download(from:)` get their file in the run's temporary directory, recorded for the task
/// (swift-corelibs-foundation hands a download's file over only from its own protocols); other
/// download tasks fail with `URLError(.unsupportedURL)` and a `media.failed` event.
///
/// Limits on Linux (see Documentation/Guides/TestingAppCode.md): `URLSession.shared` keeps the
/// protocol list it had when first used, so a process that used it before the first
/// `AppCode.app(…)` call downloads from the network; a file that imports `FoundationNetworking`
/// itself calls Foundation's own `URLSessionConfiguration.default` (the name is ambiguous there),
/// whose sessions reach the network; a download that would end past the budget never completes (as
/// on iOS, where the extension is stopped), so the best attempt of
/// `serviceExtensionTimeWillExpire()` is what shows.
final class DeviceURLProtocol: URLProtocol {
  private static let installed: Bool = {
    // swift-corelibs-foundation registers its own protocols when the first session is made, and
    // consults registered classes in order: put this one ahead of them, whenever it comes.
    let builtIn = FoundationOriginals.defaultConfiguration().protocolClasses ?? []
    for protocolClass in builtIn { URLProtocol.unregisterClass(protocolClass) }
    let registered = URLProtocol.registerClass(DeviceURLProtocol.self)
    for protocolClass in builtIn { _ = URLProtocol.registerClass(protocolClass) }
    // With this cache, a data task makes its protocol object on the caller's thread, where the
    // run's task-local value is visible (the default cache makes it on another thread).
    URLCache.shared = PassThroughURLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
    ExtensionRun.installDeviceProtocol(DeviceURLProtocol.self)
    return registered
  }()

  /// Registers the protocol ahead of Foundation's own (once per process). `URLSession.shared`
  /// reads the registered classes when it is first used: call this before (``AppCode/app(serviceExtension:delegate:application:router:fetcher:watchdog:completionLimit:)``
  /// does).
  static func installOnce() { _ = installed }

  override class func canInit(with request: URLRequest) -> Bool {
    guard let url = request.url, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let run = ExtensionRun.forRequestMadeNow()
    else { return false }
    ExtensionRun.claim(url.absoluteString, by: run)
    return true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  private let work = Mutex<Task<Void, Never>?>(nil)
  /// The run that made the request, when this object is made on the caller's thread.
  private let boundRun: ExtensionRun?

  required init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?
  ) {
    boundRun = ExtensionRun.current
    super.init(request: request, cachedResponse: cachedResponse, client: client)
  }

  override func startLoading() {
    guard let url = request.url else { return }
    let answer = Answer(client: client, owner: self)
    if let boundRun { ExtensionRun.release(url.absoluteString, by: boundRun) }
    guard let run = boundRun ?? ExtensionRun.take(url.absoluteString) else {
      answer.fail(URLError(.notConnectedToInternet))
      return
    }
    var download: Unchecked<URLSessionTask>?
    if let task = task as? URLSessionDownloadTask {
      guard ExtensionRun.isAdopted(task) else {
        // swift-corelibs-foundation hands a download task's file over only from its own
        // protocols: only the tasks UserNotifications made can be given one.
        run.context.log(
          .mediaFailed, source: .model,
          reason: "the extension downloads \(url.absoluteString) with a URLSession download task "
            + "made where PushSim cannot answer it on Linux (a file that imports "
            + "FoundationNetworking itself): use a data task, or drop that import")
        answer.fail(URLError(.unsupportedURL))
        return
      }
      download = Unchecked(task)
    }
    let task = Task { await answer.load(url, from: run, download: download) }
    work.withLock { $0 = task }
  }

  override func stopLoading() {
    work.withLock { $0?.cancel() }
  }

  /// Tells URLSession how a request ended (its client is called from any thread).
  private struct Answer: @unchecked Sendable {
    let client: (any URLProtocolClient)?
    let owner: URLProtocol

    func fail(_ error: URLError) {
      client?.urlProtocol(owner, didFailWithError: error)
    }

    func respond(_ response: HTTPURLResponse, body: Data) {
      client?.urlProtocol(owner, didReceive: response, cacheStoragePolicy: .notAllowed)
      if !body.isEmpty { client?.urlProtocol(owner, didLoad: body) }
      client?.urlProtocolDidFinishLoading(owner)
    }

    /// Fetches `url` through the run's context and answers; for a download task, the body goes
    /// to a new file in the run's temporary directory, recorded for the task.
    func load(_ url: URL, from run: ExtensionRun, download: Unchecked<URLSessionTask>?) async {
      do {
        let media = try await run.context.fetchMedia(from: url)
        var headers = ["Content-Length": "\(media.data.count)"]
        if let type = media.contentType { headers["Content-Type"] = type }
        guard
          let response = HTTPURLResponse(
            url: media.url, statusCode: media.status, httpVersion: "HTTP/1.1",
            headerFields: headers)
        else { return fail(URLError(.badServerResponse)) }
        if let download {
          let file = run.newDownloadFile()
          do {
            try media.data.write(to: file, options: .withoutOverwriting)
          } catch {
            return fail(URLError(.cannotCreateFile))
          }
          ExtensionRun.record(file, for: download.value)
        }
        respond(response, body: media.data)
      } catch let error as MediaFetchError {
        // A download cut by the budget never completes: the extension is stopped on iOS.
        guard error.code != .timedOut else { return }
        if error.code == .httpStatus, let status = error.httpStatus,
          let response = HTTPURLResponse(
            url: error.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        {
          return respond(response, body: Data())
        }
        fail(error.urlError)
      } catch {
        // The budget was already spent: the run is over, nothing is answered.
      }
    }
  }

  /// `URLCache.shared` while the device answers downloads: it caches nothing, and answers a data
  /// task's cache lookup at once, on the caller's thread (so the protocol object is made there).
  final class PassThroughURLCache: URLCache, @unchecked Sendable {
    override func getCachedResponse(
      for dataTask: URLSessionDataTask,
      completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
      completionHandler(nil)
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? { nil }

    override func storeCachedResponse(
      _ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask
    ) {}

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest)
    {}
  }
}
