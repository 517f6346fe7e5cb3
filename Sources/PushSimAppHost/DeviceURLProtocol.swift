import Foundation
import PushDevice
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The extension run a download belongs to: its context fetches through the app's
/// ``MediaFetcher`` (the scenario's media manifest, or the network under ATS) on the run's
/// budget.
final class DownloadRoute: Sendable {
  let context: ServiceExtensionContext

  init(context: ServiceExtensionContext) { self.context = context }

  /// The run whose code is running (bound around `didReceive`, inherited by the tasks it starts).
  @TaskLocal static var current: DownloadRoute?

  private static let registry = Mutex(Registry())

  private struct Registry {
    var active: [ObjectIdentifier: DownloadRoute] = [:]
    /// Routes claimed by `canInit` on the calling thread, by URL, first in first out: the
    /// protocol object is made later on another thread, where task-locals are not visible.
    var claimed: [String: [DownloadRoute]] = [:]
  }

  static func register(_ route: DownloadRoute) {
    DeviceURLProtocol.installOnce()
    registry.withLock { $0.active[ObjectIdentifier(route)] = route }
  }

  static func unregister(_ route: DownloadRoute) {
    registry.withLock { registry in
      registry.active[ObjectIdentifier(route)] = nil
      for (url, routes) in registry.claimed {
        let kept = routes.filter { $0 !== route }
        registry.claimed[url] = kept.isEmpty ? nil : kept
      }
    }
  }

  /// The run a request made now belongs to: the bound one, else the only active one.
  static func forRequestMadeNow() -> DownloadRoute? {
    if let current { return current }
    return registry.withLock { $0.active.count == 1 ? $0.active.values.first : nil }
  }

  /// Remembers that `route` made a request for `url`.
  static func claim(_ url: String, by route: DownloadRoute) {
    registry.withLock { $0.claimed[url, default: []].append(route) }
  }

  /// Forgets one claim of `route` for `url` (the request found its run another way).
  static func release(_ url: String, by route: DownloadRoute) {
    registry.withLock { registry in
      guard var routes = registry.claimed[url],
        let index = routes.firstIndex(where: { $0 === route })
      else { return }
      routes.remove(at: index)
      registry.claimed[url] = routes.isEmpty ? nil : routes
    }
  }

  /// The run that made the oldest unanswered request for `url`.
  static func take(_ url: String) -> DownloadRoute? {
    registry.withLock { registry in
      guard var routes = registry.claimed[url], !routes.isEmpty else {
        return registry.active.count == 1 ? registry.active.values.first : nil
      }
      let route = routes.removeFirst()
      registry.claimed[url] = routes.isEmpty ? nil : routes
      return route
    }
  }
}

/// Answers the HTTP and HTTPS requests a hosted service extension makes with `URLSession.shared`
/// from the device: the scenario's media manifest with its virtual latency (`fetch: manifest`,
/// offline and deterministic) or the network under the app's ATS settings (`fetch: network`),
/// through the run's ``ServiceExtensionContext`` (which charges the budget and logs
/// `media.fetched` or `media.failed`).
///
/// Registered with `URLProtocol.registerClass` the first time an extension runs. Which run a
/// request belongs to is read when the request is made, on the caller's thread (the task-local
/// bound around `didReceive` and inherited by the tasks it starts); code on a thread the device
/// did not start (a `DispatchQueue`) is routed only while a single extension runs in the
/// process. Requests made outside any run are not intercepted. `URLCache.shared` is replaced by
/// one that caches nothing, so that a data task's protocol object is made on the caller's thread
/// and knows its run; where it is not (a request from a thread with no task), a request is
/// matched to its run by URL, oldest first, and two runs asking for the same URL at the same
/// moment may have their answers swapped.
///
/// Limits on Linux (see the README): `URLSession.shared` keeps the protocol list it had when
/// first used, so a process that used it before the first `AppCode.app(…)` call, after making
/// another session, downloads from the network; sessions made with `URLSessionConfiguration.default` or
/// `.ephemeral` list swift-corelibs-foundation's own HTTP protocol first and never consult
/// registered classes, so their requests go to the real network; a download that would end past
/// the budget never completes (as on iOS, where the extension is stopped), so the best attempt
/// of `serviceExtensionTimeWillExpire()` is what shows; download tasks fail with
/// `URLError(.unsupportedURL)` (swift-corelibs-foundation passes a download's file to its
/// completion only from its own protocols), so extensions should use data tasks.
final class DeviceURLProtocol: URLProtocol {
  private static let installed: Bool = {
    // swift-corelibs-foundation registers its own protocols when the first session is made, and
    // consults registered classes in order: put this one ahead of them, whenever it comes.
    let builtIn = URLSessionConfiguration.default.protocolClasses ?? []
    for protocolClass in builtIn { URLProtocol.unregisterClass(protocolClass) }
    let registered = URLProtocol.registerClass(DeviceURLProtocol.self)
    for protocolClass in builtIn { _ = URLProtocol.registerClass(protocolClass) }
    // With this cache, a data task makes its protocol object on the caller's thread, where the
    // run's task-local value is visible (the default cache makes it on another thread).
    URLCache.shared = PassThroughURLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
    return registered
  }()

  /// Registers the protocol ahead of Foundation's own (once per process). `URLSession.shared`
  /// reads the registered classes when it is first used: call this before (``AppCode/app(serviceExtension:delegate:application:router:fetcher:watchdog:completionLimit:)``
  /// does).
  static func installOnce() { _ = installed }

  override class func canInit(with request: URLRequest) -> Bool {
    guard let url = request.url, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let route = DownloadRoute.forRequestMadeNow()
    else { return false }
    DownloadRoute.claim(url.absoluteString, by: route)
    return true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  private let work = Mutex<Task<Void, Never>?>(nil)
  /// The run that made the request, when this object is made on the caller's thread.
  private let boundRoute: DownloadRoute?

  required init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?
  ) {
    boundRoute = DownloadRoute.current
    super.init(request: request, cachedResponse: cachedResponse, client: client)
  }

  override func startLoading() {
    guard let url = request.url else { return }
    let answer = Answer(client: client, owner: self)
    if let boundRoute { DownloadRoute.release(url.absoluteString, by: boundRoute) }
    guard let route = boundRoute ?? DownloadRoute.take(url.absoluteString) else {
      answer.fail(URLError(.notConnectedToInternet))
      return
    }
    if task is URLSessionDownloadTask {
      // swift-corelibs-foundation hands a download task's file to its completion only from its
      // own protocols: a registered protocol cannot pass one, so the task fails plainly.
      route.context.log(
        .mediaFailed, source: .model,
        reason: "the extension downloads \(url.absoluteString) with a URLSession download task, "
          + "which PushSim cannot answer on Linux: use a data task (dataTask(with:) or "
          + "data(from:)) and write the file yourself")
      answer.fail(URLError(.unsupportedURL))
      return
    }
    let task = Task { await answer.load(url, from: route) }
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

    /// Fetches `url` through the run's context and answers.
    func load(_ url: URL, from route: DownloadRoute) async {
      do {
        let media = try await route.context.fetchMedia(from: url)
        var headers = ["Content-Length": "\(media.data.count)"]
        if let type = media.contentType { headers["Content-Type"] = type }
        guard
          let response = HTTPURLResponse(
            url: media.url, statusCode: media.status, httpVersion: "HTTP/1.1",
            headerFields: headers)
        else { return fail(URLError(.badServerResponse)) }
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
        fail(DeviceURLProtocol.urlError(error))
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

  /// The `URLError` a failed device download reaches the extension as.
  static func urlError(_ error: MediaFetchError) -> URLError {
    switch error.code {
    case .atsBlocked: URLError(.appTransportSecurityRequiresSecureConnection)
    case .notInManifest, .connection: URLError(.cannotConnectToHost)
    case .unsupportedURL: URLError(.unsupportedURL)
    case .tooManyRedirects, .redirectRefused: URLError(.httpTooManyRedirects)
    case .truncated: URLError(.networkConnectionLost)
    case .tooLarge: URLError(.dataLengthExceedsMaximum)
    default: URLError(.cannotDecodeContentData)
    }
  }
}
