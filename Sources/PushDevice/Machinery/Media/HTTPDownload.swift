import Foundation
internal import PushHTTP

/// What one request of a download ends with, short of an error.
enum DownloadStep: Sendable {
  /// The body, checked.
  case media(FetchedMedia)
  /// A redirect that passed ``HTTPFetcher/judgeRedirect(location:from:hop:status:ats:maximumRedirects:)``,
  /// and the redirects followed so far, this one included.
  case redirect(URL, redirects: Int)
}

/// One request of ``HTTPFetcher`` over its own HTTP/1.1 client (`HTTPExchange` of
/// `PushHTTP`), judged as Rules.md §7 asks: a redirect by
/// ``HTTPFetcher/judgeRedirect(location:from:hop:status:ats:maximumRedirects:)``, a status
/// outside 2xx fails, the limit is lowered to the declared media type's, and the body's bytes
/// must agree with its type. The connection is read only as fast as the body is judged, so a
/// hostile server cannot push more than the limit, the allowance for framing and the kernel's
/// socket buffers before the connection closes.
///
/// Why not `URLSession`: on Linux, swift-corelibs-foundation reads the socket (libcurl) on its
/// own queue and queues every chunk for the delegate without back-pressure; a cancel at
/// limit + 1 lands after the queue drains, by which time a fast server has sent hundreds of
/// megabytes (Architecture.md, "Foundation on Linux").
struct HTTPDownload: Sendable {
  /// The URL of this request (an `http:` or `https:` URL that passed ATS).
  var url: URL
  /// The caller's size limit, before the media type lowers it.
  var limit: Int
  /// Redirects followed before this request.
  var redirects: Int
  /// The app's ATS settings, for redirects.
  var ats: ATSSettings
  /// The most redirects followed.
  var maximumRedirects: Int
  /// The whole fetch's deadline.
  var deadline: SocketDeadline
  /// For `https:`: the loaded libcurl (`LibCurl.shared`).
  var curl: LibCurl?
  /// For `https:`: a PEM file trusted in place of the system's CA bundle (tests only).
  var trustedCertificateFile: String?

  /// Runs the request on a thread of its own (the socket waits block), resuming the caller when
  /// it ends.
  func run() async -> Result<DownloadStep, MediaFetchError> {
    await Self.onThreadOfItsOwn { () throws(MediaFetchError) in try perform() }
  }

  /// Runs `work` on a new thread and resumes the caller with its result: a request's socket
  /// waits block, and must hold no thread of the cooperative pool.
  static func onThreadOfItsOwn<T: Sendable>(
    _ work: @escaping @Sendable () throws(MediaFetchError) -> T
  ) async -> Result<T, MediaFetchError> {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: Result(catching: work)) }
      thread.name = "PushSim HTTP request"
      thread.start()
    }
  }

  /// The request, on the calling thread.
  func perform() throws(MediaFetchError) -> DownloadStep {
    var exchange = try media {
      () throws(HTTPError) in
      try HTTPExchange.open(
        url: url, deadline: deadline, curl: curl, trustedCertificateFile: trustedCertificateFile)
    }
    let head = try media { () throws(HTTPError) in try exchange.readHead() }
    let status = head.status
    if [301, 302, 303, 307, 308].contains(status) {
      switch HTTPFetcher.judgeRedirect(
        location: head.value("location"), from: url, hop: redirects + 1, status: status,
        ats: ats, maximumRedirects: maximumRedirects)
      {
      case .success(let target): return .redirect(target, redirects: redirects + 1)
      case .failure(let error): throw error.at(deadline.elapsed)
      }
    }
    guard (200...299).contains(status) else {
      throw MediaFetchError(
        .httpStatus, url: url, reason: "the server answered HTTP \(status)",
        elapsed: deadline.elapsed, httpStatus: status)
    }
    let contentType = head.value("content-type")
    let bodyLimit = try HTTPFetcher.bodyLimit(
      contentType: contentType, limit: limit, url: url, status: status,
      elapsed: deadline.elapsed)
    let body = Data(
      try media { () throws(HTTPError) in try exchange.readBody(head: head, limit: bodyLimit) })
    let elapsed = deadline.elapsed
    let type = try FetchedMedia.confirmType(
      contentType: contentType, data: body, url: url, elapsed: elapsed, status: status)
    return .media(
      FetchedMedia(
        url: url, status: status, contentType: contentType, data: body, type: type,
        elapsed: elapsed, redirects: redirects))
  }

  /// Runs a step of the exchange, its failure a media fetch's.
  private func media<T>(_ step: () throws(HTTPError) -> T) throws(MediaFetchError) -> T {
    do {
      return try step()
    } catch {
      throw MediaFetchError(error)
    }
  }
}

extension MediaFetchError {
  /// The same error, with the time it took.
  func at(_ elapsed: Duration) -> MediaFetchError {
    var copy = self
    copy.elapsed = elapsed
    return copy
  }

  /// A failed HTTP exchange as a media fetch's failure: the same URL, reason, time and counts.
  init(_ error: HTTPError) {
    let code: Code
    switch error.code {
    case .unsupportedURL: code = .unsupportedURL
    case .connection: code = .connection
    case .malformedResponse: code = .badResponse
    case .timedOut: code = .timedOut
    case .truncated: code = .truncated
    case .tooLarge: code = .tooLarge
    case .unsupportedEncoding: code = .unsupportedType
    case .corruptEncoding: code = .typeMismatch
    }
    self.init(
      code, url: error.url, reason: error.reason, elapsed: error.elapsed,
      httpStatus: error.httpStatus, bytesReceived: error.bytesReceived)
  }
}
