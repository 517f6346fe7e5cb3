public import Foundation
import PushCore
internal import PushHTTP
internal import PushMedia

/// A ``MediaFetcher`` that serves the scenario's ``MediaManifest``: deterministic, no network.
///
/// Each URL maps to a body, a virtual latency, an HTTP status, a content type and header fields
/// (ScenarioFormat.md, `requests`). The app's own requests get the entry as written
/// (``answer(_:limit:timeout:)``); an attachment download follows the same rules as a real
/// one (Rules.md §7):
/// the ATS check on the URL, non-2xx fails, the size limit (only limit + 1 bytes are read), and
/// the `Content-Type` must agree with the bytes. A latency beyond the timeout fails with
/// `timedOut` after exactly `timeout` of scenario time; no wall clock is read.
public struct ManifestFetcher: MediaFetcher {
  /// What each URL serves.
  public var manifest: MediaManifest
  /// The app's ATS settings, checked on each URL as a real download would.
  public var ats: ATSSettings

  /// Creates a fetcher over a manifest.
  public init(manifest: MediaManifest, ats: ATSSettings = ATSSettings()) {
    self.manifest = manifest
    self.ats = ats
  }

  /// Serves `url` from the manifest; see ``MediaFetcher/fetch(_:limit:timeout:)``.
  public func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    let entry = try entry(
      method: "GET", url: url, timeout: timeout, waiting: "the download",
      missing: "the scenario's media manifest has no entry for \(url.redactedString)")
    let elapsed = entry.latency
    guard (200...299).contains(entry.status) else {
      throw MediaFetchError(
        .httpStatus, url: url, reason: "the server answered HTTP \(entry.status)",
        elapsed: elapsed, httpStatus: entry.status)
    }
    var effectiveLimit = max(0, limit)
    if let contentType = entry.contentType, let declared = MediaType(mimeType: contentType) {
      effectiveLimit = min(effectiveLimit, declared.sizeLimit)
    }
    let data = try Self.body(of: entry, url: url, limit: effectiveLimit, elapsed: elapsed)
    if data.count > effectiveLimit {
      throw MediaFetchError(
        .tooLarge, url: url,
        reason: "the body is larger than the limit of \(effectiveLimit) bytes; the download "
          + "stopped at \(data.count) bytes",
        elapsed: elapsed, httpStatus: entry.status, bytesReceived: data.count)
    }
    let type = try FetchedMedia.confirmType(
      contentType: entry.contentType, data: data, url: url, elapsed: elapsed, status: entry.status)
    return FetchedMedia(
      url: url, status: entry.status, contentType: entry.contentType, data: data, type: type,
      elapsed: elapsed)
  }

  /// Answers the app's own request from the manifest, whatever the method and the status: the
  /// entry keyed by the method and URL, else by the URL (`notInManifest` when neither exists,
  /// which the device reports as offline); the ATS check on the URL, the latency against the
  /// timeout, and `limit` on the body apply (Rules.md §7.1).
  public func answer(_ request: AppRequest, limit: Int, timeout: Duration) async throws
    -> AppResponse
  {
    let url = request.url
    let entry = try entry(
      method: request.method, url: url, timeout: timeout, waiting: "the answer",
      missing: "the scenario's requests table has no entry for \(request.method) "
        + url.redactedString)
    let limit = max(0, limit)
    let body =
      request.method == "HEAD"
      ? Data() : try Self.body(of: entry, url: url, limit: limit, elapsed: entry.latency)
    if body.count > limit {
      throw MediaFetchError(
        .tooLarge, url: url,
        reason: "the body is larger than the limit of \(limit) bytes",
        elapsed: entry.latency, httpStatus: entry.status, bytesReceived: body.count)
    }
    var headers = entry.headers.filter {
      !["content-type", "content-length"].contains($0.name.lowercased())
    }
    if let type = entry.contentType {
      headers.append(AppRequest.Header(name: "Content-Type", value: type))
    }
    headers.append(AppRequest.Header(name: "Content-Length", value: "\(body.count)"))
    return AppResponse(
      url: url, status: entry.status, headers: headers, body: body, elapsed: entry.latency)
  }

  /// The entry answering `method` on `url`, once the checks every request starts with passed:
  /// ATS allows the URL, an entry answers it (else `notInManifest`, saying `missing`), and its
  /// latency fits in `timeout` (else `timedOut` after exactly `timeout`, saying how long
  /// `waiting` takes).
  private func entry(
    method: String, url: URL, timeout: Duration, waiting: String,
    missing: @autoclosure () -> String
  ) throws(MediaFetchError) -> MediaManifest.Entry {
    if case .blocked(let reason) = ats.verdict(for: url) {
      let code: MediaFetchError.Code =
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") ? .atsBlocked : .unsupportedURL
      throw MediaFetchError(code, url: url, reason: reason)
    }
    guard let entry = manifest.entry(method: method, url: url) else {
      throw MediaFetchError(.notInManifest, url: url, reason: missing())
    }
    if entry.latency > timeout {
      throw MediaFetchError(
        .timedOut, url: url,
        reason: "\(waiting) takes \(entry.latency.secondsText) and only \(timeout.secondsText) "
          + "of the budget is left",
        elapsed: timeout)
    }
    return entry
  }

  /// The entry's body, at most `limit` + 1 bytes of it: its file (a regular file, opened
  /// safely: ``ManifestFile``), else its inline body, else nothing.
  private static func body(
    of entry: MediaManifest.Entry, url: URL, limit: Int, elapsed: Duration
  ) throws(MediaFetchError) -> Data {
    guard let file = entry.file else { return entry.inlineBody ?? Data() }
    switch ManifestFile.read(
      file, upToCount: min(limit, Int.max - 1) + 1, resolved: entry.isResolvedByScenario)
    {
    case .success(let data):
      return data
    case .failure(let refusal):
      throw MediaFetchError(
        .fileUnreadable, url: url, reason: "the manifest's file \(file.path) \(refusal.words)",
        elapsed: elapsed, httpStatus: entry.status)
    }
  }
}
