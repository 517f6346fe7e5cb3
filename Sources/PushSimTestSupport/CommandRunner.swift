package import Foundation
import Synchronization

/// Runs the built `pushsim` executable, as swift-argument-parser's `AssertExecuteCommand` does.
package enum CommandRunner {
  /// What a run printed and how it ended.
  package struct Result: Sendable {
    /// Standard output's bytes.
    package var standardOutputBytes: Data
    /// Standard error.
    package var standardError: String
    /// Exit status.
    package var status: Int32

    /// Standard output.
    package var standardOutput: String { String(decoding: standardOutputBytes, as: UTF8.self) }
  }

  /// Why the built `pushsim` could not be run.
  package struct MissingExecutable: Error, CustomStringConvertible {
    /// Where it was looked for.
    package var searched: [String]
    package var description: String {
      "the built pushsim is not beside the tests (looked at \(searched.joined(separator: ", "))): "
        + "run `swift build --build-tests` first"
    }
  }

  /// The built `pushsim` of the same build as the tests (beside the test bundle in
  /// `.build/<config>/`); never another configuration's, which may be stale.
  package static func executableURL() throws -> URL {
    let buildFolder = Bundle.main.bundleURL
    let candidates = [
      buildFolder.appendingPathComponent("pushsim"),
      buildFolder.deletingLastPathComponent().appendingPathComponent("pushsim"),
    ]
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { throw MissingExecutable(searched: candidates.map(\.path)) }
    return found
  }

  /// Runs `pushsim` (or `executable`: a wrapper that runs it, or `/usr/bin/env` for another
  /// program) with `arguments` in
  /// `directory`, feeding `input` to standard input.
  ///
  /// Standard input is written on its own thread while both outputs are read on theirs, so a
  /// child that prints much before reading all its input cannot deadlock the run.
  package static func run(
    _ arguments: [String], in directory: URL = Repository.root, input: Data? = nil,
    environment: [String: String] = ["NO_COLOR": "1"], executable: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = try executable ?? executableURL()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment.merge(environment) { _, new in new }
    process.environment = processEnvironment
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    let finished = DispatchGroup()
    let outputData = DataBox()
    let errorData = DataBox()
    let writer = standardInput.fileHandleForWriting
    // A child that exits before reading its input must not kill the test process with SIGPIPE:
    // the write then fails with EPIPE instead, and is dropped.
    _ = signal(SIGPIPE, SIG_IGN)
    DispatchQueue.global().async(group: finished) {
      // A child that exits without reading everything closes the pipe: the rest is dropped.
      if let input { try? writer.write(contentsOf: input) }
      try? writer.close()
    }
    DispatchQueue.global().async(group: finished) {
      outputData.set(output.fileHandleForReading.readDataToEndOfFile())
    }
    DispatchQueue.global().async(group: finished) {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
    }
    finished.wait()
    process.waitUntilExit()
    return Result(
      standardOutputBytes: outputData.get(),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Bytes set from another thread (a pipe's reader).
final class DataBox: Sendable {
  private let value = Mutex(Data())
  func set(_ newValue: Data) { value.withLock { $0 = newValue } }
  func get() -> Data { value.withLock { $0 } }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandRunner {
  /// An output the command cannot write to.
  package enum BrokenOutput: Sendable {
    /// `/dev/full`: every write fails with "No space left on device".
    case fullDisk
    /// A pipe whose reading end is already closed, with `SIGPIPE` ignored (`trap '' PIPE`):
    /// every write fails with "Broken pipe".
    case closedPipe
  }

  /// Which standard stream is broken.
  package enum Stream: Sendable {
    case standardOutput, standardError
  }

  /// Runs `pushsim` with one of its standard streams broken; the other one is captured (and
  /// returned in ``Result``; the broken one is returned empty).
  package static func run(
    _ arguments: [String], in directory: URL = Repository.root, broken output: BrokenOutput,
    stream: Stream = .standardOutput
  ) throws -> Result {
    _ = signal(SIGPIPE, SIG_IGN)  // as in run(_:in:input:environment:executable:)
    let process = Process()
    // `trap '' PIPE` as a user's shell does: an ignored signal stays ignored across exec.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", try executableURL().path] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let brokenHandle: FileHandle
    switch output {
    case .fullDisk:
      guard let handle = FileHandle(forWritingAtPath: "/dev/full") else {
        throw CocoaError(.fileNoSuchFile)
      }
      brokenHandle = handle
    case .closedPipe:
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
      // No process may hold the reading end: close it at once, and keep the writing end out
      // of children other tests spawn meanwhile.
      close(ends[0])
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      brokenHandle = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
    let captured = Pipe()
    switch stream {
    case .standardOutput:
      process.standardOutput = brokenHandle
      process.standardError = captured
    case .standardError:
      process.standardOutput = captured
      process.standardError = brokenHandle
    }
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try brokenHandle.close()
    let data = captured.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      standardOutputBytes: stream == .standardError ? data : Data(),
      standardError: stream == .standardOutput ? String(decoding: data, as: UTF8.self) : "",
      status: process.terminationStatus)
  }
}
