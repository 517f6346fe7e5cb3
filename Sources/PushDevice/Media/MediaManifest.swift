public import Foundation

/// The scenario's `app.media`: what each media URL serves, so a run never touches the network.
///
/// Read by ``ManifestFetcher``. Each entry is a local file with a virtual latency, an HTTP status
/// and a content type (ScenarioFormat.md, `media`); the latency counts against the service
/// extension's budget (Rules.md §7).
public struct MediaManifest: Sendable, Equatable {
  /// Entries by URL, exactly as written in the scenario (`"https://cdn.example.com/a.jpg"`).
  public var entries: [String: Entry]

  /// Creates a manifest.
  public init(entries: [String: Entry] = [:]) {
    self.entries = entries
  }

  /// The entry for `url`, matched on its absolute string.
  ///
  /// - Complexity: O(1) on average.
  public func entry(for url: URL) -> Entry? {
    entries[url.absoluteString]
  }

  /// What one URL serves.
  public struct Entry: Sendable, Equatable {
    /// The local file with the body (`file`, resolved against the scenario file's folder);
    /// `nil` serves an empty body (useful with an error status).
    public var file: URL?
    /// How long the download takes in scenario time (`latency`, default 0).
    public var latency: Duration
    /// The HTTP status (`status`, default 200); anything outside 200…299 fails the download.
    public var status: Int
    /// The `Content-Type` header (`contentType`); `nil` lets the bytes decide.
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
