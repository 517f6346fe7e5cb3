package import Foundation
package import PushDevice

/// A ``MediaFetcher`` whose answer a test writes as a closure: for timing edge cases and
/// failures no manifest or server produces (Architecture.md: fakes live in test support).
package struct FakeMediaFetcher: MediaFetcher {
  /// The answer for each fetch.
  package var handler: @Sendable (URL, Int, Duration) async throws -> FetchedMedia

  /// Creates a fake answering with `answer(url, limit, timeout)`.
  package init(answer: @escaping @Sendable (URL, Int, Duration) async throws -> FetchedMedia) {
    self.handler = answer
  }

  /// Calls ``handler``.
  package func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    try await handler(url, limit, timeout)
  }
}
