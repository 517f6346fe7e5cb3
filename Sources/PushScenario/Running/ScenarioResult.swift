public import Foundation
public import PushDevice
public import PushPayload

/// What playing one scenario produced: the device's event log, its final state, and every
/// failed check. Reports are views of this value; they compute nothing of their own
/// (Architecture.md, Data).
public struct ScenarioResult: Sendable {
  /// The scenario's name.
  public var name: String
  /// The scenario's description.
  public var description: String?
  /// The scenario file.
  public var file: String
  /// The virtual time of the first step (transcripts show times relative to it).
  public var start: Date
  /// The device's event log, in order.
  public var events: [DeviceEvent]
  /// The device's final state, with the field names `expect` uses: `push`, `notification`,
  /// `center`, `summary`, `badge`, `routes`, `app`, `diagnostics`.
  public var state: JSONValue
  /// Every failed check and every step that could not be carried out, in step order.
  public var failures: [Failure]
  /// What each step did: when it ran and which events it caused.
  public var steps: [StepRecord] = []

  /// Creates a result.
  public init(
    name: String, description: String?, file: String, start: Date, events: [DeviceEvent],
    state: JSONValue, failures: [Failure]
  ) {
    self.name = name
    self.description = description
    self.file = file
    self.start = start
    self.events = events
    self.state = state
    self.failures = failures
  }

  /// One played step: its number and note, the virtual time it started, and the range of
  /// `events` it caused.
  public struct StepRecord: Sendable, Equatable {
    /// The 1-based step number.
    public var number: Int
    /// The step's keyword (`push`, `wait`, …).
    public var keyword: String
    /// The step's `note`.
    public var note: String?
    /// The virtual time when the step started.
    public var time: Date
    /// The indices in `events` of the events the step caused.
    public var events: Range<Int>

    /// Creates a record.
    public init(number: Int, keyword: String, note: String?, time: Date, events: Range<Int>) {
      self.number = number
      self.keyword = keyword
      self.note = note
      self.time = time
      self.events = events
    }
  }

  /// Whether every check held and every step could be carried out.
  public var passed: Bool { failures.isEmpty }
}
