public import Foundation

/// The scenario's `app.requests` (and `app.media`, its older name): what each URL answers, so a
/// run never touches the network.
///
/// Read by ``ManifestFetcher``. Each entry is a body (a local file, or inline JSON or text) with
/// a virtual latency, an HTTP status, a content type and header fields (ScenarioFormat.md,
/// `requests`); the latency counts against the service extension's budget (Rules.md §7).
public struct MediaManifest: Sendable, Equatable {
  /// Entries by key: a URL exactly as written in the scenario
  /// (`"https://cdn.example.com/a.jpg"`), answering every method, or a method, one space and a
  /// URL (`"POST https://api.example.com/messages"`), answering that method only.
  public var entries: [String: Entry]

  /// Creates a manifest.
  public init(entries: [String: Entry] = [:]) {
    self.entries = entries
  }

  /// The entry for a `GET` of `url`, matched on its absolute string.
  ///
  /// - Complexity: O(1) on average.
  package func entry(for url: URL) -> Entry? {
    entry(method: "GET", url: url)
  }

  /// The entry for `method` on `url`: the one keyed by the method and the URL, else the one
  /// keyed by the URL alone.
  ///
  /// - Complexity: O(1) on average.
  package func entry(method: String, url: URL) -> Entry? {
    entries[Self.key(method: method, url: url)] ?? entries[url.absoluteString]
  }

  /// The key of an entry that answers only `method` on `url`.
  package static func key(method: String, url: URL) -> String {
    "\(method.uppercased()) \(url.absoluteString)"
  }

  /// What one URL serves.
  public struct Entry: Sendable, Equatable {
    /// The local file with the body (`file`, resolved against the scenario file's folder);
    /// `nil` serves ``inlineBody``, else an empty body (useful with an error status).
    public var file: URL?
    /// Whether ``file`` is a path a scenario's check resolved (its symbolic links followed) and
    /// found inside the scenario's folder tree (Rules.md §9.6): the file is served only while
    /// the file opened still lies at that path. `false` (an entry made in Swift): any regular
    /// file whose last part is not a symbolic link.
    package var isResolvedByScenario = false
    /// The body written in the scenario itself (`json`, `text`), when there is no ``file``.
    public var inlineBody: Data?
    /// Header fields of the answer besides `Content-Type` and `Content-Length` (`headers`).
    public var headers: [AppRequest.Header] = []
    /// How long the download takes in scenario time (`latency`, default 0).
    public var latency: Duration
    /// The HTTP status (`status`, default 200). The app's own requests get any status; an
    /// attachment download fails outside 200…299.
    public var status: Int
    /// The `Content-Type` header (`contentType`; for an inline body written as `json` or `text`,
    /// JSON or UTF-8 text unless the entry names one); `nil` lets the bytes decide.
    public var contentType: String?

    /// Creates an entry.
    public init(
      file: URL?, latency: Duration = .zero, status: Int = 200, contentType: String? = nil
    ) {
      self.file = file
      self.latency = latency
      self.status = status
      self.contentType = contentType
    }
  }
}
