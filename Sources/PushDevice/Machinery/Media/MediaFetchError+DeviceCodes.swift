extension MediaFetchError.Code {
  /// The payload has none of the configured media keys (`media.failed`; no download is tried,
  /// so no ``MediaFetchError`` is thrown with it).
  package static let noMediaURL: Self = "no-media-url"
  /// The media key holds something other than an absolute URL string.
  package static let notAURL: Self = "not-a-url"
  /// The media key's URL has a scheme other than `http` or `https`.
  package static let unsupportedScheme: Self = "unsupported-scheme"
  /// A custom ``MediaFetcher`` threw an error that is not a ``MediaFetchError``.
  package static let fetcherError: Self = "fetcher-error"
}
