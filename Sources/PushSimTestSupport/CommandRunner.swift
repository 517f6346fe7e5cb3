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

  /// The built `pushsim` (beside the test bundle in `.build/<config>/`).
  public static var executableURL: URL {
    let buildFolder = Bundle.main.bundleURL
    let candidates = [
      buildFolder.appendingPathComponent("pushsim"),
      buildFolder.deletingLastPathComponent().appendingPathComponent("pushsim"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? Repository.url(".build/debug/pushsim")
  }

  /// Runs `pushsim` with `arguments` in `directory`, feeding `input` to standard input.
  public static func run(
    _ arguments: [String], in directory: URL = Repository.root, input: Data? = nil,
    environment: [String: String] = ["NO_COLOR": "1"]
  ) throws -> Result {
    let process = Process()
    process.executableURL = executableURL
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
    if let input { standardInput.fileHandleForWriting.write(input) }
    try standardInput.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let errorData = ThreadSafeBox<Data>(Data())
    let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { Thread.sleep(forTimeInterval: 0.001) }
    return Result(
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A value set once from another thread.
final class ThreadSafeBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  private var wasSet = false
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) {
    lock.lock()
    value = newValue
    wasSet = true
    lock.unlock()
  }
  func get() -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return wasSet
  }
}
