public import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``MediaFetcher`` that really downloads, with `URLSession`, under the app's ATS settings.
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
///   is never buffered;
/// - a `Content-Type` that is no supported media type fails; otherwise it must agree with the
///   body's leading bytes (``FetchedMedia/confirmType(contentType:data:url:elapsed:status:)``);
/// - the whole download, redirects included, must finish within `timeout` of real time (the
///   extension's remaining budget): this deadline is the one place the runtime reads a real
///   clock, because real bytes take real time;
/// - a body shorter than its `Content-Length`, or a connection closed mid-body, fails
///   (`truncated`).
///
/// Streaming uses a `URLSessionDataDelegate`, since `URLSession.bytes(for:)` does not exist in
/// swift-corelibs-foundation (Architecture.md, "Foundation on Linux").
///
/// Linux caveat, measured on this project's machine: swift-corelibs-foundation queues every
/// received chunk for the delegate without back-pressure. When a server streams faster than the
/// delegate drains (an unpaced 1 GiB chunked body over loopback), URLSession itself held 200 to
/// 450 MB of queued chunks before the cut at limit + 1 landed (0.8 to 1.7 s). The fetcher keeps
/// at most limit + 1 bytes, a `Content-Length` over the limit is refused before any body byte,
/// and at network speeds the delegate keeps up.
public struct HTTPFetcher: MediaFetcher {
  /// The app's ATS settings.
  public var ats: ATSSettings
  /// The most redirects followed (Rules.md §7: 5).
  public var maximumRedirects: Int

  /// Creates a fetcher.
  public init(ats: ATSSettings = ATSSettings(), maximumRedirects: Int = 5) {
    self.ats = ats
    self.maximumRedirects = maximumRedirects
  }

  /// Downloads `url`; see ``MediaFetcher/fetch(_:limit:timeout:)`` and the type's rules.
  public func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    let clock = ContinuousClock()
    let start = clock.now
    let scheme = url.scheme?.lowercased() ?? ""
    guard scheme == "http" || scheme == "https" else {
      throw MediaFetchError(
        .unsupportedURL, url: url,
        reason: "the \(scheme.isEmpty ? "(none)" : scheme): scheme is never downloaded")
    }
    if case .blocked(let reason) = ats.verdict(for: url) {
      throw MediaFetchError(.atsBlocked, url: url, reason: reason)
    }
    guard timeout > .zero else {
      throw MediaFetchError(
        .timedOut, url: url, reason: "no time is left in the budget", elapsed: .zero)
    }

    let delegate = DownloadDelegate(
      url: url, limit: max(0, limit), ats: ats, maximumRedirects: maximumRedirects,
      elapsed: { start.duration(to: clock.now) })
    let configuration = URLSessionConfiguration.ephemeral
    let seconds = max(0.001, timeout.timeInterval)
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

    let deadline = Task {
      try? await Task.sleep(for: timeout)
      if !Task.isCancelled {
        delegate.fail(
          .timedOut, url: delegate.currentURL,
          reason: "the download did not finish within the \(timeout.secondsText) left in the "
            + "budget", elapsed: timeout)
      }
    }
    defer { deadline.cancel() }

    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.wait(continuation)
        task.resume()
      }
    } onCancel: {
      delegate.fail(
        .timedOut, url: delegate.currentURL, reason: "the extension was stopped",
        elapsed: start.duration(to: clock.now))
    }
    return try result.get()
  }
}

extension HTTPFetcher {
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
  public static func judgeRedirect(
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

  private struct State {
    var continuation: CheckedContinuation<Result<FetchedMedia, MediaFetchError>, Never>?
    var result: Result<FetchedMedia, MediaFetchError>?
    var finished = false
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
    url: URL, limit: Int, ats: ATSSettings, maximumRedirects: Int,
    elapsed: @escaping @Sendable () -> Duration
  ) {
    self.limit = limit
    self.ats = ats
    self.maximumRedirects = maximumRedirects
    self.elapsed = elapsed
    self.state = Mutex(State(currentURL: url, effectiveLimit: limit))
  }

  var currentURL: URL { state.withLock { $0.currentURL } }

  func attach(_ task: URLSessionDataTask) {
    state.withLock { $0.task = task }
  }

  /// Parks the fetch until the download ends (or hands over a result that came first).
  func wait(_ continuation: CheckedContinuation<Result<FetchedMedia, MediaFetchError>, Never>) {
    let ready: Result<FetchedMedia, MediaFetchError>? = state.withLock { state in
      if let result = state.result {
        state.result = nil
        return result
      }
      state.continuation = continuation
      return nil
    }
    if let ready { continuation.resume(returning: ready) }
  }

  /// Ends the download once; later calls are ignored. Cancels the transfer.
  private func finish(_ result: Result<FetchedMedia, MediaFetchError>) {
    let (continuation, task):
      (CheckedContinuation<Result<FetchedMedia, MediaFetchError>, Never>?, URLSessionDataTask?) =
        state.withLock { state in
          guard !state.finished else { return (nil, nil) }
          state.finished = true
          let continuation = state.continuation
          state.continuation = nil
          if continuation == nil { state.result = result }
          return (continuation, state.task)
        }
    continuation?.resume(returning: result)
    if task?.state == .running || task?.state == .suspended { task?.cancel() }
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

  private var isFinished: Bool { state.withLock { $0.finished } }

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
    var effectiveLimit = limit
    if let contentType, !MediaType.isGeneric(mimeType: contentType) {
      guard let declared = MediaType(mimeType: contentType) else {
        completionHandler(.cancel)
        fail(
          .unsupportedType, url: url,
          reason: "Content-Type \(contentType) is not an image, audio or video type "
            + "attachments support", httpStatus: status)
        return
      }
      effectiveLimit = min(effectiveLimit, declared.sizeLimit)
    }
    // The header as sent: a length too large for Int64 reads as "unknown" in Foundation, and
    // the download would then wait out the whole budget.
    let declaredLength = http.value(forHTTPHeaderField: "Content-Length")?
      .trimmingCharacters(in: .whitespaces)
    var expected = http.expectedContentLength
    if let declaredLength, !declaredLength.isEmpty,
      declaredLength.allSatisfy({ $0.isASCII && $0.isNumber })
    {
      expected = Int64(declaredLength) ?? Int64.max
    }
    if expected > Int64(effectiveLimit) {
      completionHandler(.cancel)
      fail(
        .tooLarge, url: url,
        reason: "Content-Length \(declaredLength ?? String(expected)) is over the limit of "
          + "\(effectiveLimit) bytes; the download was cancelled at the headers and no byte of "
          + "the body was kept", httpStatus: status, bytesReceived: 0)
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
      guard !state.finished else { return nil }
      let room = state.effectiveLimit + 1 - state.data.count
      state.data.append(data.prefix(max(0, room)))
      guard state.data.count > state.effectiveLimit else { return nil }
      return (state.effectiveLimit, state.data.count, state.status, state.contentEncoding)
    }
    if let overflow {
      // A compressed body (a gzip bomb) is judged by what it decodes to, as the attachment
      // file would hold it; the count says so.
      let counted = overflow.encoding.map { " decoded bytes (Content-Encoding \($0))" } ?? " bytes"
      fail(
        .tooLarge, url: currentURL,
        reason: "the body is larger than the limit of \(overflow.limit) bytes; the download was "
          + "cancelled at \(overflow.kept)\(counted)", httpStatus: overflow.status,
        bytesReceived: overflow.kept)
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
          FetchedMedia(
            url: url, status: finalStatus, contentType: contentType, data: data, type: type,
            elapsed: elapsed, redirects: redirects)))
    } catch {
      finish(.failure(error))
    }
  }
}
