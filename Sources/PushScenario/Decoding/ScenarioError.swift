/// A scenario that cannot be used: a file that does not read, JSON that does not parse, or a
/// field, step or value the scenario format (ScenarioFormat.md) does not allow.
///
/// Printed as the compilers print errors, `file:line:column: error: message`, so editors jump to
/// it; `pushsim run` exits with status 2 on it (CommandLine.md).
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the problem is, when a position is known.
  public var location: SourceLocation?
  /// The file, when no position is known (an unreadable file).
  public var file: String?
  /// What is wrong, in plain words.
  public var message: String

  /// An error at a position.
  public init(at location: SourceLocation, _ message: String) {
    self.location = location
    self.file = location.file
    self.message = message
  }

  /// An error about a whole file (it cannot be read, or no position applies).
  public init(file: String?, _ message: String) {
    self.location = nil
    self.file = file
    self.message = message
  }

  /// `file:line:column: error: message`, or `file: error: message` without a position.
  public var description: String {
    if let location { return "\(location): error: \(message)" }
    if let file { return "\(file): error: \(message)" }
    return "error: \(message)"
  }
}
