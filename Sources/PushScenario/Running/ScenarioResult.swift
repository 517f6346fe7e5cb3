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
  /// `center`, `summary`, `badge`, `routes`, `app`, `activities`, `dynamicIsland`,
  /// `lockScreenActivities`, `pushToStartToken`, `diagnostics` (the events are ``events``).
  ///
  /// A played scenario keeps its device and builds this when read (each read builds it
  /// anew: read it once); the JSON report writes it piece by piece from the device instead, so
  /// the state of a long scenario is never a tree in memory.
  public var state: JSONValue {
    get {
      switch final {
      case .value(let value): value
      case .device(let device): device.scenarioState(for: nil)
      }
    }
    set { final = .value(newValue) }
  }
  /// The final state as given, or the device it is read from.
  var final: FinalState

  /// Where ``state`` comes from.
  enum FinalState: Sendable {
    case value(JSONValue)
    case device(Device)
  }
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
    self.final = .value(state)
    self.failures = failures
  }

  /// Creates the result of a played scenario, its final state read from `device`.
  package init(
    name: String, description: String?, file: String, start: Date, events: [DeviceEvent],
    device: Device, failures: [Failure]
  ) {
    self.name = name
    self.description = description
    self.file = file
    self.start = start
    self.events = events
    self.final = .device(device)
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
