import Foundation
internal import PushHTTP

extension HTTPFetcher {
  /// Sends the app's own request over the network under the app's ATS settings, with its
  /// method, header fields and body, and returns whatever status, header fields and body come
  /// back (Rules.md §7.1). Redirects are followed as `URLSession` follows them (301, 302 and 303
  /// turn a request other than `HEAD` into a `GET` without a body; 307 and 308 keep it; one that
  /// leaves the origin drops the app's credentials: ``AppRequest/following(redirect:to:)``), each
  /// hop judged by ``judgeRedirect(location:from:hop:status:ats:maximumRedirects:)``.
  ///
  /// `https:` needs the system's libcurl, loaded at run time: where it cannot be loaded the
  /// request fails (`connection`).
  public func answer(_ request: AppRequest, limit: Int, timeout: Duration) async throws
    -> AppResponse
  {
    let deadline = try deadline(for: request.url, timeout: timeout)
    var exchange = AppExchange(
      request: request, limit: min(max(0, limit), HTTPExchange.largestLimit), redirects: 0,
      ats: ats, maximumRedirects: maximumRedirects, deadline: deadline, curl: LibCurl.shared,
      trustedCertificateFile: trustedCertificateFile)
    while true {
      let step = await withTaskCancellationHandler {
        await exchange.run()
      } onCancel: {
        deadline.stop.raise()
      }
      switch try step.get() {
      case .response(let response): return response
      case .redirect(let next, let redirects):
        exchange.request = next
        exchange.redirects = redirects
      }
    }
  }
}

/// One request of ``HTTPFetcher/answer(_:limit:timeout:)`` over the fetcher's own HTTP/1.1
/// client: the answer, or the request a redirect leads to.
private struct AppExchange: Sendable {
  var request: AppRequest
  var limit: Int
  var redirects: Int
  let ats: ATSSettings
  let maximumRedirects: Int
  let deadline: SocketDeadline
  let curl: LibCurl?
  let trustedCertificateFile: String?

  /// What one request ends with, short of an error.
  enum Step: Sendable {
    case response(AppResponse)
    case redirect(AppRequest, redirects: Int)
  }

  /// Runs the request on a thread of its own (the socket waits block).
  func run() async -> Result<Step, MediaFetchError> {
    await HTTPDownload.onThreadOfItsOwn { () throws(MediaFetchError) in try perform() }
  }

  private func perform() throws(MediaFetchError) -> Step {
    let url = request.url
    var exchange = try step { () throws(HTTPError) in
      try HTTPExchange.open(
        url: url, deadline: deadline, curl: curl, trustedCertificateFile: trustedCertificateFile,
        method: request.method, fields: request.headers.map { ($0.name, $0.value) },
        body: Array(request.body))
    }
    let head = try step { () throws(HTTPError) in try exchange.readHead() }
    let status = head.status
    if [301, 302, 303, 307, 308].contains(status) {
      switch HTTPFetcher.judgeRedirect(
        location: head.value("location"), from: url, hop: redirects + 1, status: status,
        ats: ats, maximumRedirects: maximumRedirects)
      {
      case .success(let target):
        return .redirect(request.following(redirect: status, to: target), redirects: redirects + 1)
      case .failure(let error):
        throw error.at(deadline.elapsed)
      }
    }
    // A HEAD's answer, a 204, a 304 or `Content-Length: 0` is empty at once (readBody).
    let body = Data(
      try step { () throws(HTTPError) in try exchange.readBody(head: head, limit: limit) })
    return .response(
      AppResponse(
        url: url, status: status,
        headers: head.fields.map { AppRequest.Header(name: $0.name, value: $0.value) },
        body: body, elapsed: deadline.elapsed, redirects: redirects))
  }

  private func step<T>(_ body: () throws(HTTPError) -> T) throws(MediaFetchError) -> T {
    do {
      return try body()
    } catch {
      throw MediaFetchError(error)
    }
  }
}
