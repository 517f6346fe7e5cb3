public import Foundation
import PushCore
internal import PushHTTP
internal import PushMedia
internal import PushSimHosting
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``MediaFetcher`` that really downloads, under the app's ATS settings.
///
/// What a careful service extension does, and what Rules.md §7 asks:
/// - the URL must pass ``ATSSettings/verdict(for:)`` (https, or http where ATS allows it);
/// - redirects: at most ``maximumRedirects`` (5); each hop is judged by the response's own
///   `Location` header resolved against the request (on Linux, `URLSession` rewrites a
///   `file:` target into `http:` on the same host, so the proposed request alone cannot be
///   trusted; Architecture.md, "Foundation on Linux"), must be http or https (never `file:` or
///   `data:`) and must pass ATS again, so an https → http downgrade fails unless ATS allows that
///   host;
/// - a non-2xx status fails; a `Content-Length` over the limit fails before the body; the body
///   is counted as it arrives and the download is cancelled at limit + 1 bytes, so a huge body
///   is never buffered; a compressed body (`Content-Encoding: gzip` or `deflate`) counts its
///   decoded bytes, so a gzip bomb stops at limit + 1 decoded bytes;
/// - a `Content-Type` that is no supported media type fails; otherwise it must agree with the
///   body's leading bytes (``FetchedMedia/confirmType(contentType:data:url:elapsed:status:)``);
/// - the whole download, redirects included, must finish within `timeout` of real time (the
///   extension's remaining budget): this deadline is the one place the runtime reads a real
///   clock, because real bytes take real time;
/// - a body shorter than its `Content-Length`, or a connection closed mid-body, fails
///   (`truncated`).
///
/// One HTTP/1.1 client for both schemes (`HTTPDownload`), which reads the connection only as
/// fast as it judges the body: a hostile server (an endless body, a very fast stream, a gzip
/// bomb) gets at most the limit, an eighth more for framing, one 64 KiB read and the kernel's
/// socket buffers sent before the connection closes ("What a download can cost" in
/// Documentation/Guides/ServiceExtensionsAndMedia.md).
/// `http:` runs over a POSIX socket; `https:` over a TLS session that libcurl sets up (`TLSStream`:
/// the certificate verified against the system's CA store and the host name against the URL's,
/// ALPN `http/1.1`), after which libcurl only encrypts and decrypts the bytes the client asks
/// for. libcurl is loaded at run time (`libcurl.so.4`, which swift-corelibs-foundation's
/// `FoundationNetworking` links on Linux). Where it cannot be loaded, `https:` falls back to
/// `URLSession` through a `URLSessionDataDelegate`, which keeps at most limit + 1 bytes but
/// reads ahead of the cut: swift-corelibs-foundation queues every chunk for the delegate without
/// back-pressure, so over loopback a fast endless body got 280 to 350 MB sent for a 10 MiB
/// limit; a redirect from there to plain http goes back to the own client.
public struct HTTPFetcher: MediaFetcher {
  /// The app's ATS settings.
  public var ats: ATSSettings
  /// The most redirects followed (Rules.md §7: 5).
  public var maximumRedirects: Int
  /// A PEM file of certificates that `https:` trusts in place of the system's CA bundle: a test
  /// hook for a local TLS server with a self-signed certificate, never set in production. Host
  /// names are verified all the same.
  package var trustedCertificateFile: String?

  /// Creates a fetcher.
  public init(ats: ATSSettings = ATSSettings(), maximumRedirects: Int = 5) {
    self.ats = ats
    self.maximumRedirects = maximumRedirects
  }

  /// Downloads `url`; see ``MediaFetcher/fetch(_:limit:timeout:)`` and the type's rules.
  public func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    let deadline = try deadline(for: url, timeout: timeout)
    // Clamped so that the limit + 1 cut and the wire allowance stay within `Int`.
    let limit = min(max(0, limit), HTTPExchange.largestLimit)
    var current = url
    var redirects = 0
    while true {
      let step: Result<DownloadStep, MediaFetchError>
      let curl = LibCurl.shared
      if current.scheme?.lowercased() == "http" || curl != nil {
        let download = HTTPDownload(
          url: current, limit: limit, redirects: redirects, ats: ats,
          maximumRedirects: maximumRedirects, deadline: deadline, curl: curl,
          trustedCertificateFile: trustedCertificateFile)
        step = await withTaskCancellationHandler {
          await download.run()
        } onCancel: {
          deadline.stop.raise()
        }
      } else {
        step = await fetchWithURLSession(
          current, limit: limit, redirects: redirects, deadline: deadline)
      }
      switch try step.get() {
      case .media(let media):
        return media
      case .redirect(let target, let count):
        current = target
        redirects = count
      }
    }
  }

  /// Downloads an `https:` URL with `URLSession` where libcurl could not be loaded for the
  /// fetcher's own client (`LibCurl.shared` is `nil`), until the body or a redirect to plain
  /// http, which goes back to the own client.
  private func fetchWithURLSession(
    _ url: URL, limit: Int, redirects: Int, deadline: SocketDeadline
  ) async -> Result<DownloadStep, MediaFetchError> {
    let timeout = deadline.timeout
    let left = timeout - deadline.elapsed
    guard left > .zero else {
      return .failure(
        MediaFetchError(
          .timedOut, url: url,
          reason: "the download did not finish within the \(timeout.secondsText) left in the "
            + "budget", elapsed: timeout))
    }
    let delegate = DownloadDelegate(
      url: url, limit: limit, redirects: redirects, ats: ats, maximumRedirects: maximumRedirects,
      elapsed: { deadline.elapsed })
    let configuration = URLSessionConfiguration.ephemeral
    let seconds = max(0.001, left.timeInterval)
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpShouldSetCookies = false
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    var request = URLRequest(url: url)
    request.timeoutInterval = seconds
    let task = session.dataTask(with: request)
    delegate.attach(task)
    // Not `invalidateAndCancel()`: on Linux it waits until the session has drained every data
    // callback already read from the socket, seconds for a fast endless body. The task is
    // cancelled when the download ends early, so the session lets go of it promptly. The
    // teardown stays on this task: running it detached raced swift-corelibs-foundation's task
    // registry (a crash in FoundationNetworking seen once in the test suite).
    defer {
      task.cancel()
      session.finishTasksAndInvalidate()
    }

    // The limit fires on PushSim's own timer, its deadline fixed now (Rules.md §7).
    let timer = HostTimer.shared.schedule(after: left) {
      delegate.fail(
        .timedOut, url: delegate.currentURL,
        reason: "the download did not finish within the \(timeout.secondsText) left in the "
          + "budget", elapsed: timeout)
    }
    defer { HostTimer.shared.cancel(timer) }

    return await withTaskCancellationHandler {
      await delegate.outcome.value { task.resume() }
    } onCancel: {
      delegate.fail(
        .timedOut, url: delegate.currentURL, reason: "the extension was stopped",
        elapsed: deadline.elapsed)
    }
  }
}

extension HTTPFetcher {
  /// The deadline of a request of `url` that may take `timeout`, once the URL passed the checks
  /// every request starts with: an http or https URL, allowed by ATS, with time left.
  func deadline(for url: URL, timeout: Duration) throws(MediaFetchError) -> SocketDeadline {
    let scheme = url.scheme?.lowercased() ?? ""
    guard scheme == "http" || scheme == "https" else {
      throw MediaFetchError(
        .unsupportedURL, url: url,
        reason: "the \(scheme.isEmpty ? "(none)" : scheme): scheme is never requested")
    }
    if case .blocked(let reason) = ats.verdict(for: url) {
      throw MediaFetchError(.atsBlocked, url: url, reason: reason)
    }
    guard timeout > .zero else {
      throw MediaFetchError(
        .timedOut, url: url, reason: "no time is left in the budget", elapsed: .zero)
    }
    return SocketDeadline(start: .now, timeout: timeout, stop: StopSignal())
  }

  /// Judges one redirect hop (Rules.md §7): where it goes, or why it is refused.
  ///
  /// The target is the response's own `Location` header resolved against the URL that answered,
  /// never the request `URLSession` proposes (on Linux that request has already rewritten a
  /// `file:` target into `http:` on the same host; Architecture.md, "Foundation on Linux"). A hop
  /// is refused when it has no usable `Location`, is hop `maximumRedirects + 1`, leaves http/https,
  /// or fails ATS (so an https → http downgrade fails unless ATS allows the target host).
  ///
  /// - Parameters:
  ///   - location: The `Location` header, if any.
  ///   - from: The URL that answered with the redirect.
  ///   - hop: Which redirect this is, counting from 1.
  ///   - status: The redirect's HTTP status.
  ///   - ats: The app's ATS settings.
  ///   - maximumRedirects: The most hops allowed.
  /// - Returns: The absolute target, or the error that ends the download.
  package static func judgeRedirect(
    location: String?, from: URL, hop: Int, status: Int, ats: ATSSettings,
    maximumRedirects: Int = 5
  ) -> Result<URL, MediaFetchError> {
    guard let location, !location.isEmpty,
      let target = URL(string: location, relativeTo: from)?.absoluteURL
    else {
      return .failure(
        MediaFetchError(
          .redirectRefused, url: from,
          reason: "HTTP \(status) redirect without a usable Location header", httpStatus: status))
    }
    guard hop <= maximumRedirects else {
      return .failure(
        MediaFetchError(
          .tooManyRedirects, url: target,
          reason: "more than \(maximumRedirects) redirects (the next would be hop \(hop), to "
            + "\(target.redactedString))", httpStatus: status))
    }
    let scheme = target.scheme?.lowercased() ?? ""
    guard scheme == "http" || scheme == "https" else {
      return .failure(
        MediaFetchError(
          .redirectRefused, url: target,
          reason: "redirect \(hop) goes to \(target.redactedString): a \(scheme): URL is never "
            + "followed", httpStatus: status))
    }
    if case .blocked(let reason) = ats.verdict(for: target) {
      return .failure(
        MediaFetchError(
          .redirectRefused, url: target,
          reason: "redirect \(hop) from \(from.redactedString) to \(target.redactedString) is "
            + "refused: \(reason)", httpStatus: status))
    }
    return .success(target)
  }
}

/// Follows one download: counts bytes, judges redirects, and resumes the waiting fetch once.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// Why a URL whose host is an IPv6 literal failed at once with `badURL`: not the URL (iOS
  /// downloads it) but swift-corelibs-foundation, whose `URLSession` compares curl's host name
  /// with the bracketed one and refuses every IPv6 literal (swiftlang/swift-corelibs-foundation
  /// issue 5496, fixed in later toolchains, where such a download simply works).
  static func ipv6LiteralReason(host: String) -> String {
    let bracketed = host.hasPrefix("[") ? host : "[\(host)]"
    return "the host \(bracketed) is an IPv6 address, which this platform's URLSession "
      + "(swift-corelibs-foundation) cannot download from, although iOS can; name the host "
      + "instead (localhost, a .local name or a DNS name)"
  }

  private let limit: Int
  private let ats: ATSSettings
  private let maximumRedirects: Int
  private let elapsed: @Sendable () -> Duration
  private let state: Mutex<State>

  /// How the download ended: the first result wins.
  let outcome = OneShot<Result<DownloadStep, MediaFetchError>>()

  private struct State {
    var task: URLSessionDataTask?
    var currentURL: URL
    var redirects = 0
    var status: Int?
    var contentType: String?
    /// `Content-Encoding` other than `identity`: URLSession decodes the body, so the limit
    /// counts decoded bytes and `Content-Length` counts encoded ones.
    var contentEncoding: String?
    var expectedLength: Int64 = -1
    var effectiveLimit: Int
    var data = Data()
  }

  init(
    url: URL, limit: Int, redirects: Int, ats: ATSSettings, maximumRedirects: Int,
    elapsed: @escaping @Sendable () -> Duration
  ) {
    self.limit = limit
    self.ats = ats
    self.maximumRedirects = maximumRedirects
    self.elapsed = elapsed
    self.state = Mutex(State(currentURL: url, redirects: redirects, effectiveLimit: limit))
  }

  var currentURL: URL { state.withLock { $0.currentURL } }

  func attach(_ task: URLSessionDataTask) {
    state.withLock { $0.task = task }
  }

  /// Ends the download once; later calls are ignored. Cancels the transfer.
  private func finish(_ result: Result<DownloadStep, MediaFetchError>) {
    guard outcome.give(result), let task = state.withLock({ $0.task }) else { return }
    if task.state == .running || task.state == .suspended { task.cancel() }
  }

  func fail(
    _ code: MediaFetchError.Code, url: URL, reason: String, elapsed duration: Duration? = nil,
    httpStatus: Int? = nil, bytesReceived: Int? = nil
  ) {
    finish(
      .failure(
        MediaFetchError(
          code, url: url, reason: reason, elapsed: duration ?? elapsed(), httpStatus: httpStatus,
          bytesReceived: bytesReceived)))
  }

  private var isFinished: Bool { outcome.isAnswered }

  // MARK: URLSessionTaskDelegate

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let (from, hops) = state.withLock { state -> (URL, Int) in
      state.redirects += 1
      return (state.currentURL, state.redirects)
    }
    switch HTTPFetcher.judgeRedirect(
      location: response.value(forHTTPHeaderField: "Location"), from: response.url ?? from,
      hop: hops, status: response.statusCode, ats: ats, maximumRedirects: maximumRedirects)
    {
    case .success(let target) where target.scheme?.lowercased() == "http":
      // Plain http goes to the fetcher's own client, which reads no faster than it judges.
      completionHandler(nil)
      finish(.success(.redirect(target, redirects: hops)))
    case .success(let target):
      state.withLock { $0.currentURL = target }
      var next = request
      next.url = target
      completionHandler(next)
    case .failure(let error):
      completionHandler(nil)
      finish(
        .failure(
          MediaFetchError(
            error.code, url: error.url, reason: error.reason, elapsed: elapsed(),
            httpStatus: error.httpStatus)))
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let url = currentURL
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      fail(.connection, url: url, reason: "the response is not an HTTP response")
      return
    }
    let status = http.statusCode
    guard (200...299).contains(status) else {
      completionHandler(.cancel)
      fail(
        .httpStatus, url: url, reason: "the server answered HTTP \(status)", httpStatus: status)
      return
    }
    let contentType = http.value(forHTTPHeaderField: "Content-Type")
    let effectiveLimit: Int
    do {
      effectiveLimit = try HTTPFetcher.bodyLimit(
        contentType: contentType, limit: limit, url: url, status: status, elapsed: elapsed())
    } catch {
      completionHandler(.cancel)
      finish(.failure(error))
      return
    }
    let declaredLength = http.value(forHTTPHeaderField: "Content-Length")
    let expected = HTTPResponseHead.announcedLength(
      declaredLength, fallback: http.expectedContentLength)
    if expected > Int64(effectiveLimit) {
      completionHandler(.cancel)
      finish(
        .failure(
          MediaFetchError(
            HTTPError.tooLargeAtHeaders(
              declared: declaredLength?.trimmingCharacters(in: .whitespaces) ?? String(expected),
              limit: effectiveLimit, url: url, status: status, elapsed: elapsed()))))
      return
    }
    let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?
      .trimmingCharacters(in: .whitespaces)
    state.withLock { state in
      state.status = status
      state.contentType = contentType
      if let encoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
        state.contentEncoding = encoding
      }
      state.expectedLength = expected
      state.effectiveLimit = effectiveLimit
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow: (limit: Int, kept: Int, status: Int?, encoding: String?)? = state.withLock {
      state in
      guard !outcome.isAnswered else { return nil }
      let room = state.effectiveLimit + 1 - state.data.count
      state.data.append(data.prefix(max(0, room)))
      guard state.data.count > state.effectiveLimit else { return nil }
      return (state.effectiveLimit, state.data.count, state.status, state.contentEncoding)
    }
    if let overflow {
      finish(
        .failure(
          MediaFetchError(
            HTTPError.tooLargeBody(
              limit: overflow.limit, kept: overflow.kept, encoding: overflow.encoding,
              url: currentURL, status: overflow.status, elapsed: elapsed()))))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard !isFinished else { return }
    let (url, status, contentType, encoding, expected, data, redirects) = state.withLock {
      (
        $0.currentURL, $0.status, $0.contentType, $0.contentEncoding, $0.expectedLength, $0.data,
        $0.redirects
      )
    }
    if let error {
      let code = (error as? URLError)?.code
      if code == .badURL, let host = url.host, host.contains(":") {
        fail(.unsupportedURL, url: url, reason: Self.ipv6LiteralReason(host: host))
      } else if code == .timedOut {
        fail(
          .timedOut, url: url, reason: "the download timed out", httpStatus: status,
          bytesReceived: data.count)
      } else if status != nil {
        let announced =
          expected >= 0 ? " of the \(expected) bytes its Content-Length announced" : ""
        fail(
          .truncated, url: url,
          reason: "the connection ended after \(data.count) bytes\(announced), before the body "
            + "was complete (\(error.localizedDescription))", httpStatus: status,
          bytesReceived: data.count)
      } else {
        fail(
          .connection, url: url,
          reason: "the connection failed: \(error.localizedDescription)", bytesReceived: 0)
      }
      return
    }
    let finalStatus = status ?? (task.response as? HTTPURLResponse)?.statusCode
    guard let finalStatus, (200...299).contains(finalStatus) else {
      fail(
        .httpStatus, url: url,
        reason: "the download ended with HTTP \(finalStatus.map(String.init) ?? "no status")",
        httpStatus: finalStatus)
      return
    }
    // An encoded body's Content-Length counts encoded bytes, not the decoded ones kept here.
    if encoding == nil && expected >= 0 && Int64(data.count) < expected {
      fail(
        .truncated, url: url,
        reason: "the body has \(data.count) of the \(expected) bytes its Content-Length announced",
        httpStatus: finalStatus, bytesReceived: data.count)
      return
    }
    let elapsed = elapsed()
    do {
      let type = try FetchedMedia.confirmType(
        contentType: contentType, data: data, url: url, elapsed: elapsed, status: finalStatus)
      finish(
        .success(
          .media(
            FetchedMedia(
              url: url, status: finalStatus, contentType: contentType, data: data, type: type,
              elapsed: elapsed, redirects: redirects))))
    } catch {
      finish(.failure(error))
    }
  }
}
