#if canImport(FoundationNetworking)
  package import Foundation
  import FoundationNetworking

  /// Foundation's own members that the Linux `UserNotifications` module declares again for the
  /// app's code (`URLSessionConfiguration.default`, `URLSession.downloadTask(with:)`,
  /// `Data(contentsOf:)`, …), reached from here.
  ///
  /// Swift prefers a member declared in a module that imports the member's own module, so code
  /// that imports `UserNotifications` gets its versions, which answer from the device inside a
  /// service extension run and call these outside one. `UserNotifications` cannot call
  /// Foundation's originals itself (its own declarations win there too); this module, which
  /// holds nothing else and imports only Foundation, does not see them, so each function below
  /// is Foundation's, unchanged.
  package enum FoundationOriginals {
    /// `URLSessionConfiguration.default`.
    package static func defaultConfiguration() -> URLSessionConfiguration {
      URLSessionConfiguration.default
    }

    /// `URLSessionConfiguration.ephemeral`.
    package static func ephemeralConfiguration() -> URLSessionConfiguration {
      URLSessionConfiguration.ephemeral
    }

    /// `request.setValue(_:forHTTPHeaderField:)`.
    package static func setValue(
      _ value: String?, forHTTPHeaderField field: String, in request: inout URLRequest
    ) {
      request.setValue(value, forHTTPHeaderField: field)
    }

    /// `request.addValue(_:forHTTPHeaderField:)`.
    package static func addValue(
      _ value: String, forHTTPHeaderField field: String, in request: inout URLRequest
    ) {
      request.addValue(value, forHTTPHeaderField: field)
    }

    /// `URLSession.shared`.
    package static func sharedSession() -> URLSession { URLSession.shared }

    /// `URLSession(configuration:)`.
    package static func session(configuration: URLSessionConfiguration) -> URLSession {
      URLSession(configuration: configuration)
    }

    /// `session.dataTask(with:)` (results go to the session's delegate).
    package static func dataTask(_ session: URLSession, with request: URLRequest)
      -> URLSessionDataTask
    {
      session.dataTask(with: request)
    }

    /// `session.data(for:delegate:)`.
    package static func data(
      _ session: URLSession, for request: URLRequest, delegate: (any URLSessionTaskDelegate)?
    ) async throws -> (Data, URLResponse) {
      try await session.data(for: request, delegate: delegate)
    }

    /// `session.dataTask(with:completionHandler:)`.
    package static func dataTask(
      _ session: URLSession, with request: URLRequest,
      completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
      session.dataTask(with: request, completionHandler: completionHandler)
    }

    /// `session.downloadTask(with:completionHandler:)`.
    package static func downloadTask(
      _ session: URLSession, with request: URLRequest,
      completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
      session.downloadTask(with: request, completionHandler: completionHandler)
    }

    /// `session.downloadTask(with:)` (results go to the session's delegate).
    package static func downloadTask(_ session: URLSession, with request: URLRequest)
      -> URLSessionDownloadTask
    {
      session.downloadTask(with: request)
    }

    /// `session.download(for:delegate:)`.
    package static func download(
      _ session: URLSession, for request: URLRequest, delegate: (any URLSessionTaskDelegate)?
    ) async throws -> (URL, URLResponse) {
      try await session.download(for: request, delegate: delegate)
    }

    /// `Data(contentsOf:options:)`.
    package static func data(contentsOf url: URL, options: Data.ReadingOptions) throws -> Data {
      try Data(contentsOf: url, options: options)
    }

  }
#endif
