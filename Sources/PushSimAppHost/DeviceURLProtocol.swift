import Foundation
import NetworkingOriginals
import PushDevice
import PushSimHosting
import Synchronization
import UserNotifications

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Answers the HTTP and HTTPS requests the app's hosted code makes from the device (its service
/// extension, and the calls into its delegate, background handler and launch code), any
/// method, header fields and body: the scenario's `requests` table with its virtual latency
/// (`fetch: manifest`, offline and deterministic; a request it does not answer fails as
/// offline) or the network under the app's ATS settings (`fetch: network`), through the run's
/// ``ServiceExtensionContext`` (which charges the budget and logs `app.request` or
/// `app.requestFailed`). The app gets whatever status, header fields and body come back;
/// attachment rules apply only when it makes an attachment (Rules.md §7.1).
///
/// A request is the device's when it carries a run (``ExtensionRun/tagHeader``): the
/// `UserNotifications` entry points the app's code calls (`URLSession.shared`, the sessions of
/// `URLSessionConfiguration.default` or `.ephemeral`, `dataTask`, `data(from:)`, the download
/// forms) put the run on each request made in it, from the session it was made with or from the
/// code that made it. This protocol comes first in those sessions' configurations, and is
/// registered ahead of Foundation's own for Foundation's `URLSession.shared` (used by code that
/// kept a reference to it). A request that carries no run (made outside any run, or from a
/// `DispatchQueue` of the app's own on a session of no run) is not intercepted and reaches the
/// network unchanged; a request of a run that is over fails (`notConnectedToInternet`).
///
/// Download tasks made through `UserNotifications`'s `downloadTask(with:…)` and
/// `download(from:)` get their file in the run's temporary directory, recorded for the task
/// (swift-corelibs-foundation hands a download's file over only from its own protocols); other
/// download tasks fail with `URLError(.unsupportedURL)` and a `media.failed` event.
///
/// Limits on Linux (see Documentation/Guides/TestingAppCode.md): a file that imports
/// `FoundationNetworking` itself calls Foundation's own entry points (the names are ambiguous
/// there), whose requests carry no run; a download that would end past the budget never
/// completes (as on iOS, where the extension is stopped), so the best attempt of
/// `serviceExtensionTimeWillExpire()` is what shows.
final class DeviceURLProtocol: URLProtocol {
  private static let installed: Bool = {
    // swift-corelibs-foundation registers its own protocols when the first session is made, and
    // consults registered classes in order: put this one ahead of them, whenever it comes.
    let builtIn = FoundationOriginals.defaultConfiguration().protocolClasses ?? []
    for protocolClass in builtIn { URLProtocol.unregisterClass(protocolClass) }
    let registered = URLProtocol.registerClass(DeviceURLProtocol.self)
    for protocolClass in builtIn { _ = URLProtocol.registerClass(protocolClass) }
    ExtensionRun.installDeviceProtocol(DeviceURLProtocol.self)
    return registered
  }()

  /// Registers the protocol (once per process), before the first run.
  static func installOnce() { _ = installed }

  override class func canInit(with request: URLRequest) -> Bool {
    guard let url = request.url else { return false }
    return ExtensionRun.isHTTP(url) && ExtensionRun.isTagged(request)
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  private let work = Mutex<Task<Void, Never>?>(nil)

  override func startLoading() {
    guard let url = request.url else { return }
    let answer = Answer(client: client, owner: self)
    guard let run = ExtensionRun.run(taggedOn: request) else {
      answer.fail(URLError(.notConnectedToInternet))
      return
    }
    var download: Unchecked<URLSessionTask>?
    if let task = task as? URLSessionDownloadTask {
      guard ExtensionRun.isAdopted(task) else {
        // swift-corelibs-foundation hands a download task's file over only from its own
        // protocols: only the tasks UserNotifications made can be given one.
        run.context?.log(
          DeviceEvent.MediaFailed(code: .unsupportedURL, url: url.redactedString), source: .model,
          reason: "the extension downloads \(url.absoluteString) with a URLSession download task "
            + "made where PushSim cannot answer it on Linux (a file that imports "
            + "FoundationNetworking itself): use a data task, or drop that import")
        answer.fail(URLError(.unsupportedURL))
        return
      }
      download = Unchecked(task)
    }
    let request = request
    let task = Task { await answer.load(request, from: run, download: download) }
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

    /// Sends `request` through the run's context and answers; for a download task, the body
    /// goes to a new file in the run's temporary directory, recorded for the task.
    func load(_ request: URLRequest, from run: ExtensionRun, download: Unchecked<URLSessionTask>?)
      async
    {
      do {
        guard let context = run.context else { return fail(URLError(.notConnectedToInternet)) }
        let answer = try await context.send(AppRequest(request))
        var headers: [String: String] = [:]
        for header in answer.headers { headers[header.name] = header.value }
        guard
          let response = HTTPURLResponse(
            url: answer.url, statusCode: answer.status, httpVersion: "HTTP/1.1",
            headerFields: headers)
        else { return fail(URLError(.badServerResponse)) }
        if let download {
          let file = run.newDownloadFile()
          do {
            try answer.body.write(to: file, options: .withoutOverwriting)
          } catch {
            return fail(URLError(.cannotCreateFile))
          }
          ExtensionRun.record(file, for: download.value)
        }
        respond(response, body: answer.body)
      } catch let error as MediaFetchError {
        // A request cut by the budget never completes: the extension is stopped on iOS.
        guard error.code != .timedOut else { return }
        fail(error.urlError)
      } catch {
        // The budget was already spent: the run is over, nothing is answered.
      }
    }
  }
}

extension AppRequest {
  /// The app's request as the device sees it: its method, its header fields but the run's tag,
  /// the fields whose values `URLRequest` dropped (``ExtensionRun/droppedHeader``, which the
  /// device refuses, Rules.md §7.1), and its body (`httpBody`, else what `httpBodyStream`
  /// holds, up to the largest response the device accepts).
  init(_ request: URLRequest) {
    var headers: [Header] = []
    var dropped: [String] = []
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      if name.caseInsensitiveCompare(ExtensionRun.tagHeader) == .orderedSame { continue }
      if name.caseInsensitiveCompare(ExtensionRun.droppedHeader) == .orderedSame {
        dropped = value.components(separatedBy: ", ")
        continue
      }
      headers.append(Header(name: name, value: value))
    }
    headers.sort { $0.name < $1.name }
    var body = request.httpBody ?? Data()
    if body.isEmpty, let stream = request.httpBodyStream {
      body = Self.read(stream, limit: MediaType.largestSizeLimit)
    }
    self.init(
      method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
      headers: headers, body: body)
    droppedHeaders = dropped
  }

  /// Up to `limit` bytes of `stream`.
  private static func read(_ stream: InputStream, limit: Int) -> Data {
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count < limit {
      let count = stream.read(&buffer, maxLength: min(buffer.count, limit - data.count))
      guard count > 0 else { break }
      data.append(contentsOf: buffer[..<count])
    }
    return data
  }
}
