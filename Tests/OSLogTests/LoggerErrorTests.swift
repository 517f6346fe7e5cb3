import Foundation
import Testing

@testable import os

@Suite struct LoggerErrorTests {
  enum FetchError: Error { case offline }
  struct Described: Error, CustomStringConvertible {
    var description: String { "described" }
  }

  /// `\(error)` takes an `any Error` as Apple's overload does, with `privacy:` and `attributes:`.
  @Test func anErrorIsInterpolatedAsItsDescription() {
    let logger = Logger(subsystem: "com.example.chat", category: "push")
    let error: any Error = FetchError.offline
    let lines = captured {
      logger.error("fetch failed: \(error)")
      logger.error("fetch failed: \(error, privacy: .public)")
      logger.error("fetch failed: \(error, privacy: .private, attributes: "x")")
      logger.error("\(Described())")
      logger.error("\(URLError(.notConnectedToInternet) as any Error)")
      logger.error("\(NSError(domain: "d", code: 1))")
    }
    #expect(
      lines.map(\.console).prefix(4) == [
        "fetch failed: offline", "fetch failed: offline", "fetch failed: offline", "described",
      ])
    #expect(lines.count == 6)
  }
}
