public import Foundation

/// An HTTP request the app's code makes on the device (a service extension asking its API for a
/// message, or downloading a picture itself): what ``MediaFetcher/answer(_:limit:timeout:)``
/// answers (Rules.md §7.1).
public struct AppRequest: Sendable, Equatable {
  /// The method, upper case (`GET`, `POST`, …).
  public var method: String
  /// The URL.
  public var url: URL
  /// The header fields the app set, in its order.
  public var headers: [Header]
  /// The body (empty for none).
  public var body: Data
  /// The header fields the app set to a value `URLRequest` dropped without a word (a line
  /// break or a NUL), as the app's host saw them go: the device fails the request, naming the
  /// first (Rules.md §7.1).
  package var droppedHeaders: [String] = []

  /// Creates a request.
  public init(method: String = "GET", url: URL, headers: [Header] = [], body: Data = Data()) {
    self.method = method.uppercased()
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// One header field.
  public struct Header: Sendable, Equatable {
    /// The field's name, as the app wrote it.
    public var name: String
    /// The field's value.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }
}

/// The answer to an ``AppRequest``: any status, header fields and body, as the app's code sees
/// them (no attachment rule applies here; they apply when the app makes an attachment).
public struct AppResponse: Sendable, Equatable {
  /// The URL the answer came from, after redirects.
  public var url: URL
  /// The HTTP status.
  public var status: Int
  /// The header fields, in order (a scenario entry's `contentType` is its `Content-Type`).
  public var headers: [AppRequest.Header]
  /// The body.
  public var body: Data
  /// How long the exchange took: virtual for the scenario's table, measured for the network.
  public var elapsed: Duration
  /// How many redirects were followed.
  public var redirects: Int

  /// Creates an answer.
  public init(
    url: URL, status: Int, headers: [AppRequest.Header] = [], body: Data = Data(),
    elapsed: Duration = .zero, redirects: Int = 0
  ) {
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.elapsed = elapsed
    self.redirects = redirects
  }

  /// The first value of header field `name`, compared without case.
  public func value(ofHeader name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

extension MediaFetcher {
  /// Answers a `GET` through ``fetch(_:limit:timeout:)``, so a fetcher written for attachments
  /// also serves the app's own downloads of them (the attachment rules of that fetch apply);
  /// another method fails with `unsupportedURL`. ``ManifestFetcher`` and ``HTTPFetcher`` answer
  /// any request.
  public func answer(_ request: AppRequest, limit: Int, timeout: Duration) async throws
    -> AppResponse
  {
    guard request.method == "GET" else {
      throw MediaFetchError(
        .unsupportedURL, url: request.url,
        reason: "this fetcher answers only GET, not \(request.method)")
    }
    let media = try await fetch(request.url, limit: limit, timeout: timeout)
    var headers = [AppRequest.Header(name: "Content-Length", value: "\(media.data.count)")]
    if let type = media.contentType {
      headers.append(AppRequest.Header(name: "Content-Type", value: type))
    }
    return AppResponse(
      url: media.url, status: media.status, headers: headers, body: media.data,
      elapsed: media.elapsed, redirects: media.redirects)
  }
}
