package import Foundation
package import PushDevice

/// A ``MediaFetcher`` whose answer a test writes as a closure: for timing edge cases and
/// failures no manifest or server produces (Architecture.md: fakes live in test support).
package struct FakeMediaFetcher: MediaFetcher {
  /// The answer for each fetch.
  package var answer: @Sendable (URL, Int, Duration) async throws -> FetchedMedia

  /// Creates a fake answering with `answer(url, limit, timeout)`.
  package init(answer: @escaping @Sendable (URL, Int, Duration) async throws -> FetchedMedia) {
    self.answer = answer
  }

  /// Calls ``answer``.
  package func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    try await answer(url, limit, timeout)
  }
}
