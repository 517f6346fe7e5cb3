/// How an app's notification service extension is set up (the scenario's `app.serviceExtension`).
///
/// Models the NSE an app ships (Behavior.md §6.1, §6.2) and PushSim's built-in media extension
/// (Rules.md §7). Field names match ScenarioFormat.md: `kind`, `urlKeys`, `fetch`,
/// `budget`.
public struct ServiceExtensionConfiguration: Sendable, Equatable {
  /// Which extension runs.
  public var kind: Kind
  /// The payload keys the media extension reads the URL from, first present wins
  /// (Rules.md §7).
  public var urlKeys: [String]
  /// Where the media extension gets its bytes: the scenario's manifest or the real network.
  public var fetch: FetchMode
  /// Scenario time the extension may take before `timeWillExpire` runs (Behavior.md §6.2: about 30
  /// s).
  public var budget: Duration
  /// The extension target's own entitlements (`app.serviceExtension.entitlements`); `nil` (the
  /// default) when the scenario gives the whole app one list, ``AppConfiguration/entitlements``.
  /// Of these only `filtering` matters: Apple grants it to the extension (Rules.md §7).
  public var entitlements: Set<Entitlement>? = nil

  /// The keys the media extension reads by default (Rules.md §7).
  public static let defaultURLKeys = ["media-url", "image-url", "attachment-url"]
  /// The default time budget (Behavior.md §6.2, Rules.md §7).
  public static let defaultBudget: Duration = .seconds(30)
  /// The longest budget a scenario may give: iOS gives a service extension about 30 seconds,
  /// and `fetch: network` waits in real time (`source: model`, Rules.md §7).
  package static let longestBudget: Duration = .seconds(30)

  /// Creates a configuration; the defaults are the built-in media extension reading the manifest.
  public init(
    kind: Kind = .media, urlKeys: [String] = Self.defaultURLKeys, fetch: FetchMode = .manifest,
    budget: Duration = Self.defaultBudget
  ) {
    self.kind = kind
    self.urlKeys = urlKeys
    self.fetch = fetch
    self.budget = budget
  }

  /// Which extension the app ships.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// PushSim's built-in ``MediaAttachmentExtension`` (`"kind": "media"`).
    case media
    /// The app's own extension, supplied in Swift through ``AppCode/serviceExtension``
    /// (`"kind": "app"`): a fresh instance per push, as iOS makes one per request.
    case app
  }

  /// Where media bytes come from (scenario `fetch`).
  public enum FetchMode: String, Sendable, Hashable, CaseIterable {
    /// The scenario's ``MediaManifest``: local files, virtual latency; deterministic.
    case manifest
    /// Real downloads with ``HTTPFetcher`` under the app's ``ATSSettings``.
    case network
  }
}

extension ServiceExtensionConfiguration.FetchMode {
  /// The fetcher for this mode: ``ManifestFetcher`` over `manifest`, or ``HTTPFetcher``; both
  /// under the app's `ats` settings.
  package func fetcher(manifest: MediaManifest, ats: ATSSettings) -> any MediaFetcher {
    switch self {
    case .manifest: ManifestFetcher(manifest: manifest, ats: ats)
    case .network: HTTPFetcher(ats: ats)
    }
  }
}
