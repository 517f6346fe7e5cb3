public import Foundation

/// Downloads a media file for a service extension: the seam between the extension and the network.
///
/// Two implementations ship: ``ManifestFetcher`` (the scenario's `requests` table;
/// deterministic, virtual latency) and ``HTTPFetcher`` (the network under ATS rules). An
/// attachment download (``fetch(_:limit:timeout:)``) follows Rules.md §7: a non-2xx status, a
/// timeout, a body over the limit or a `Content-Type` that disagrees with the bytes fails it
/// with a ``MediaFetchError``. The app's own requests (``answer(_:limit:timeout:)``) get any
/// status and body (Rules.md §7.1).
public protocol MediaFetcher: Sendable {
  /// Fetches `url`, taking at most `limit` bytes and at most `timeout` of (scenario) time.
  ///
  /// - Parameters:
  ///   - url: The media URL, as read from the payload.
  ///   - limit: The most bytes the body may have; one more fails the fetch (`tooLarge`).
  ///   - timeout: The extension's remaining budget; a fetch that would take longer fails with
  ///     `timedOut` and `elapsed == timeout`.
  /// - Returns: The body and what the fetch learned about it.
  /// - Throws: ``MediaFetchError``.
  func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia

  /// Answers a request of the app's own code (Rules.md §7.1): any method, header fields and
  /// body, any status back, no attachment rule. A fetcher that only implements
  /// ``fetch(_:limit:timeout:)`` answers `GET`s through it.
  ///
  /// - Parameters:
  ///   - request: The app's request.
  ///   - limit: The most bytes the body may have; one more fails the request (`tooLarge`).
  ///   - timeout: The extension's remaining budget, as for ``fetch(_:limit:timeout:)``.
  /// - Throws: ``MediaFetchError``; `notInManifest` when nothing answers the request.
  func answer(_ request: AppRequest, limit: Int, timeout: Duration) async throws -> AppResponse
}

/// A downloaded media body, its type confirmed by its leading bytes.
public struct FetchedMedia: Sendable, Equatable {
  /// The URL the body came from, after redirects.
  public var url: URL
  /// The HTTP status (2xx).
  public var status: Int
  /// The `Content-Type` header, if any.
  public var contentType: String?
  /// The body.
  public var data: Data
  /// The type the bytes show, agreeing with `contentType` (Rules.md §7).
  public var type: MediaType
  /// How long the fetch took: virtual for the manifest, measured for the network.
  public var elapsed: Duration
  /// How many redirects were followed.
  public var redirects: Int

  /// Creates a fetched body.
  public init(
    url: URL, status: Int, contentType: String?, data: Data, type: MediaType, elapsed: Duration,
    redirects: Int = 0
  ) {
    self.url = url
    self.status = status
    self.contentType = contentType
    self.data = data
    self.type = type
    self.elapsed = elapsed
    self.redirects = redirects
  }

  /// Checks a finished body: its `Content-Type` and leading bytes must agree, and it must fit
  /// the limit of its kind (Rules.md §7). Returns the confirmed type.
  ///
  /// A missing or generic (`application/octet-stream`) `Content-Type` lets the bytes decide;
  /// a `Content-Type` that is not a supported attachment type fails (`unsupportedType`).
  package static func confirmType(
    contentType: String?, data: Data, url: URL, elapsed: Duration, status: Int? = nil
  ) throws(MediaFetchError) -> MediaType {
    let sniffed = MediaType.sniff(data.prefix(MediaType.sniffLength))
    let declared: MediaType?
    if let contentType, !MediaType.isGeneric(mimeType: contentType) {
      guard let type = MediaType(mimeType: contentType) else {
        throw MediaFetchError(
          .unsupportedType, url: url,
          reason: "Content-Type \(contentType) is not an image, audio or video type attachments "
            + "support", elapsed: elapsed, httpStatus: status)
      }
      declared = type
    } else {
      declared = nil
    }
    guard let sniffed else {
      throw MediaFetchError(
        .typeMismatch, url: url,
        reason:
          "the body's leading bytes are not \(declared.map(\.description) ?? "any supported media type")"
          + (contentType.map { " (Content-Type \($0))" } ?? ""),
        elapsed: elapsed, httpStatus: status)
    }
    if let declared, !declared.agrees(withSniffed: sniffed) {
      throw MediaFetchError(
        .typeMismatch, url: url,
        reason:
          "Content-Type says \(declared.description) but the bytes are \(sniffed.description)",
        elapsed: elapsed, httpStatus: status)
    }
    let type = declared ?? sniffed
    if data.count > type.sizeLimit {
      throw MediaFetchError(
        .tooLarge, url: url,
        reason: "\(data.count) bytes is over the \(type.kind.rawValue) limit of "
          + "\(type.sizeLimit) bytes",
        elapsed: elapsed, httpStatus: status)
    }
    return type
  }
}

/// Why a media fetch failed: a code, the URL, the reason in plain words, and the time it took.
///
/// A struct over an open code set (house style), so codes can be added. The notification is
/// delivered anyway, with its original content (Rules.md §7).
public struct MediaFetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public var code: Code
  /// The URL that failed (the redirect target when a redirect was refused).
  public var url: URL
  /// Why, in plain words.
  public var reason: String
  /// How long the attempt took before it failed (counts against the extension's budget).
  public var elapsed: Duration
  /// The HTTP status, when a response arrived.
  public var httpStatus: Int?
  /// Body bytes received before the fetch stopped.
  public var bytesReceived: Int?

  /// Creates an error.
  public init(
    _ code: Code, url: URL, reason: String, elapsed: Duration = .zero, httpStatus: Int? = nil,
    bytesReceived: Int? = nil
  ) {
    self.code = code
    self.url = url
    self.reason = reason
    self.elapsed = elapsed
    self.httpStatus = httpStatus
    self.bytesReceived = bytesReceived
  }

  /// `code: reason`.
  public var description: String { "\(code.rawValue): \(reason)" }

  /// A failure code (an open set of names, as in event logs).
  public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The code's name (`too-large`), as event details show it.
    public var rawValue: String
    /// A code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The URL is not one a download may start from (no host, not http/https).
    public static let unsupportedURL: Self = "unsupported-url"
    /// App Transport Security does not allow plain http to this host.
    public static let atsBlocked: Self = "ats-blocked"
    /// A redirect was refused: its target is not http/https, or a downgrade ATS blocks.
    public static let redirectRefused: Self = "redirect-refused"
    /// More than five redirects.
    public static let tooManyRedirects: Self = "too-many-redirects"
    /// The server answered outside 200…299.
    public static let httpStatus: Self = "http-status"
    /// The fetch did not finish within the extension's remaining budget.
    public static let timedOut: Self = "timed-out"
    /// The body was larger than the limit; the download stopped at limit + 1 bytes.
    public static let tooLarge: Self = "too-large"
    /// The `Content-Type` and the leading bytes disagree, or the bytes are no media type.
    public static let typeMismatch: Self = "type-mismatch"
    /// The `Content-Type` is not a type attachments support.
    public static let unsupportedType: Self = "unsupported-type"
    /// The body ended early (connection closed, shorter than `Content-Length`).
    public static let truncated: Self = "truncated"
    /// The connection failed (refused, reset, DNS).
    public static let connection: Self = "connection"
    /// The response is not a well-formed HTTP/1 response: its status line, or a header field
    /// (a name that is not a token, a NUL or bare CR in a value). `URLSession` fails such a
    /// response as `badServerResponse` (Rules.md §7).
    public static let badResponse: Self = "bad-response"
    /// The app's request has a header field that cannot go out: a name that is not a token,
    /// or a value with a line break or a NUL, which `URLRequest` drops without a word
    /// (Rules.md §7.1).
    public static let invalidHeader: Self = "invalid-header"
    /// The manifest has no entry for the URL.
    public static let notInManifest: Self = "not-in-manifest"
    /// The manifest's file cannot be read.
    public static let fileUnreadable: Self = "file-unreadable"
  }
}
