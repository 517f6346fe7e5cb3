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

  /// Runs `pushsim` (or `executable`, such as a wrapper that runs it) with `arguments` in
  /// `directory`, feeding `input` to standard input.
  public static func run(
    _ arguments: [String], in directory: URL = Repository.root, input: Data? = nil,
    environment: [String: String] = ["NO_COLOR": "1"], executable: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable ?? executableURL
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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandRunner {
  /// An output the command cannot write to.
  public enum BrokenOutput: Sendable {
    /// `/dev/full`: every write fails with "No space left on device".
    case fullDisk
    /// A pipe whose reading end is already closed, with `SIGPIPE` ignored (`trap '' PIPE`):
    /// every write fails with "Broken pipe".
    case closedPipe
  }

  /// Which standard stream is broken.
  public enum Stream: Sendable {
    case standardOutput, standardError
  }

  /// Runs `pushsim` with one of its standard streams broken; the other one is captured (and
  /// returned in ``Result``; the broken one is returned empty).
  public static func run(
    _ arguments: [String], in directory: URL = Repository.root, broken output: BrokenOutput,
    stream: Stream = .standardOutput
  ) throws -> Result {
    let process = Process()
    // `trap '' PIPE` as a user's shell does: an ignored signal stays ignored across exec.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", executableURL.path] + arguments
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
    let text = String(decoding: data, as: UTF8.self)
    return Result(
      standardOutput: stream == .standardError ? text : "",
      standardError: stream == .standardOutput ? text : "",
      status: process.terminationStatus)
  }
}
