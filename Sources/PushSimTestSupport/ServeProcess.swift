package import Foundation
import Synchronization

/// `pushsim serve` run as a backend's CI runs it: a child process on a port the system picks
/// (`--port 0`), read from its first line, with its standard output gathered as it comes.
package final class ServeProcess: Sendable {
  /// Why the server could not be used.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String

    /// A failure saying `description`.
    package init(description: String) { self.description = description }
  }

  private let process: Process
  private let output = Bytes()
  private let errors = Bytes()
  /// The port it listens on.
  package let port: Int

  /// Starts `pushsim serve --port 0` with `arguments` in `directory` and waits (at most
  /// `timeout`) for the line that names its port.
  package init(_ arguments: [String], in directory: URL, timeout: Duration = .seconds(60))
    throws
  {
    let process = Process()
    process.executableURL = try CommandRunner.executableURL()
    process.arguments = ["serve", "--port", "0"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    self.process = process
    let output = self.output
    let errors = self.errors
    try process.run()
    Thread.detachNewThread {
      while case let data = outputPipe.fileHandleForReading.availableData, !data.isEmpty {
        output.bytes.withLock { $0.append(contentsOf: data) }
      }
    }
    Thread.detachNewThread {
      while case let data = errorPipe.fileHandleForReading.availableData, !data.isEmpty {
        errors.bytes.withLock { $0.append(contentsOf: data) }
      }
    }
    let deadline = ContinuousClock.now + timeout
    var found: Int?
    while found == nil, ContinuousClock.now < deadline, process.isRunning {
      let text = String(decoding: output.bytes.withLock { $0 }, as: UTF8.self)
      if let match = text.firstMatch(of: /127\.0\.0\.1:(\d+)/) { found = Int(match.output.1) }
      if found == nil { Thread.sleep(forTimeInterval: 0.05) }
    }
    guard let found else {
      if process.isRunning { process.terminate() }
      throw Failure(
        description: "pushsim serve did not print its port: "
          + String(decoding: errors.bytes.withLock { $0 }, as: UTF8.self))
    }
    self.port = found
  }

  /// What it printed on standard output so far.
  package var standardOutput: String {
    String(decoding: output.bytes.withLock { $0 }, as: UTF8.self)
  }
  /// What it printed on standard error so far.
  package var standardError: String {
    String(decoding: errors.bytes.withLock { $0 }, as: UTF8.self)
  }

  /// Waits (at most `timeout`) for it to exit by itself; its exit status, `nil` when it did
  /// not (it is then stopped).
  package func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard !process.isRunning else {
      process.terminate()
      return nil
    }
    process.waitUntilExit()
    // The readers reach the end of the pipes once the process is gone.
    Thread.sleep(forTimeInterval: 0.1)
    return process.terminationStatus
  }

  /// Stops it (SIGTERM) when still running.
  package func stop() {
    if process.isRunning { process.terminate() }
  }

  deinit { stop() }

  /// `curl` with `arguments` (one request a process, curl/curl#10634), its standard output.
  package static func curl(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "--max-time", "30"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// Bytes a reader thread appends to while the test reads them.
private final class Bytes: Sendable {
  let bytes = Mutex<[UInt8]>([])
}

/// Runs blocking work (a child process, a socket, a sleep) on a thread of its own and awaits
/// it, so a test never holds one of the cooperative pool's few threads while other tests, or
/// the server it talks to, need the pool.
package func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}
