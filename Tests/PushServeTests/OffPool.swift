import Foundation

/// Runs a blocking client call (a socket read, a child process) on a thread of its own and
/// awaits it, so a test never holds one of the cooperative pool's few threads while the server
/// it talks to needs the pool to answer.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}
