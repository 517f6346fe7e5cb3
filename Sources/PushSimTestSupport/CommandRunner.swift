public import Foundation

/// Runs the built `pushsim` executable, as swift-argument-parser's `AssertExecuteCommand` does.
public enum CommandRunner {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    /// Standard output.
    public var standardOutput: String
    /// Standard error.
    public var standardError: String
    /// Exit status.
    public var status: Int32
  }

  /// Why the built `pushsim` could not be run.
  public struct MissingExecutable: Error, CustomStringConvertible {
    /// Where it was looked for.
    public var searched: [String]
    public var description: String {
      "the built pushsim is not beside the tests (looked at \(searched.joined(separator: ", "))): "
        + "run `swift build --build-tests` first"
    }
  }

  /// The built `pushsim` of the same build as the tests (beside the test bundle in
  /// `.build/<config>/`); never another configuration's, which may be stale.
  public static func executableURL() throws -> URL {
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

  /// Runs `pushsim` with `arguments` in `directory`, feeding `input` to standard input.
  ///
  /// Standard input is written on its own thread while both outputs are read on theirs, so a
  /// child that prints much before reading all its input cannot deadlock the run.
  public static func run(
    _ arguments: [String], in directory: URL = Repository.root, input: Data? = nil,
    environment: [String: String] = ["NO_COLOR": "1"]
  ) throws -> Result {
    let process = Process()
    process.executableURL = try executableURL()
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
    let outputData = ThreadSafeBox<Data>(Data())
    let errorData = ThreadSafeBox<Data>(Data())
    let writer = standardInput.fileHandleForWriting
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
      standardOutput: String(decoding: outputData.get(), as: UTF8.self),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A value set from another thread.
final class ThreadSafeBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) {
    lock.lock()
    value = newValue
    lock.unlock()
  }
  func get() -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
