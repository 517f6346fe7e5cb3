import Foundation

/// Why an HTTP exchange failed: a code, the URL, the reason in plain words, the time it took,
/// and what had arrived.
///
/// The media fetcher of `PushDevice` turns each into its `MediaFetchError`, with the same
/// reason, time and counts.
package struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  package var code: Code
  /// The URL of the request.
  package var url: URL
  /// Why, in plain words.
  package var reason: String
  /// How long the exchange took before it failed.
  package var elapsed: Duration
  /// The HTTP status, when a response head arrived.
  package var httpStatus: Int?
  /// Body bytes received before the exchange stopped.
  package var bytesReceived: Int?

  /// Creates an error.
  package init(
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
  package var description: String { "\(code): \(reason)" }

  /// What went wrong.
  package enum Code: Sendable, Equatable {
    /// The URL cannot be requested (no host, characters a request line cannot carry).
    case unsupportedURL
    /// The connection or TLS failed.
    case connection
    /// The response head is not a well-formed HTTP/1 head: its status line, or a header field
    /// (``HTTPResponseHead/parse(_:)``).
    case malformedResponse
    /// The deadline passed, or the exchange was stopped.
    case timedOut
    /// The body ended early or its framing is malformed.
    case truncated
    /// The body is larger than the limit (or took more than the wire allowance).
    case tooLarge
    /// The `Content-Encoding` is not one that is decoded.
    case unsupportedEncoding
    /// The body does not decode as its `Content-Encoding`.
    case corruptEncoding
  }

  /// A `Content-Length` over the limit: refused at the headers, before any body byte.
  package static func tooLargeAtHeaders(
    declared: String, limit: Int, url: URL, status: Int, elapsed: Duration
  ) -> HTTPError {
    HTTPError(
      .tooLarge, url: url,
      reason: "Content-Length \(declared) is over the limit of \(limit) bytes; the download "
        + "was cancelled at the headers and no byte of the body was kept", elapsed: elapsed,
      httpStatus: status, bytesReceived: 0)
  }

  /// A body that went past the limit: cut at `kept` (limit + 1) bytes. A compressed body (a
  /// gzip bomb) is judged by what it decodes to, as the attachment file would hold it; the
  /// count says so.
  package static func tooLargeBody(
    limit: Int, kept: Int, encoding: String?, url: URL, status: Int?, elapsed: Duration
  ) -> HTTPError {
    let counted = encoding.map { " decoded bytes (Content-Encoding \($0))" } ?? " bytes"
    return HTTPError(
      .tooLarge, url: url,
      reason: "the body is larger than the limit of \(limit) bytes; the download was "
        + "cancelled at \(kept)\(counted)", elapsed: elapsed, httpStatus: status,
      bytesReceived: kept)
  }
}
