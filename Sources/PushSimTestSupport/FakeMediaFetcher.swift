public import Foundation
public import PushDevice

/// A ``MediaFetcher`` whose answer a test writes as a closure: for timing edge cases and
/// failures no manifest or server produces (Architecture.md: fakes live in test support).
public struct FakeMediaFetcher: MediaFetcher {
  /// The answer for each fetch.
  public var answer: @Sendable (URL, Int, Duration) async throws -> FetchedMedia

  /// Creates a fake answering with `answer(url, limit, timeout)`.
  public init(answer: @escaping @Sendable (URL, Int, Duration) async throws -> FetchedMedia) {
    self.answer = answer
  }

  /// Calls ``answer``.
  public func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    try await answer(url, limit, timeout)
  }
}
