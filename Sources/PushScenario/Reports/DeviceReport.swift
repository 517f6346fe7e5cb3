public import PushDevice
public import PushPayload

/// A device's state in the shapes of a scenario's JSON report (CommandLine.md, JSON report), for
/// readers other than a scenario run: `pushsim serve`'s API shows each phone this way.
public enum DeviceReport {
  /// The report's `final` object for `device`: `center`, `summary`, `badge`, `routes`,
  /// `notifications`, `pushes`, `app`, the Live Activity sections and `diagnostics`
  /// (``JSONReporter``'s own conversion).
  public static func final(_ device: Device) -> JSONValue {
    JSONReporter.final(device.scenarioState(for: nil))
  }

  /// The report's `events` for `device`, from `index` on: each event's object, a push's
  /// `received` event carrying that push's findings under `diagnostics`.
  ///
  /// - Complexity: O(d + n) for d findings and n events from `index`.
  public static func events(_ device: Device, from index: Int = 0) -> [JSONValue] {
    let findings = PushFindings(diagnostics: device.diagnostics)
    let log = device.events
    let start = min(max(index, log.startIndex), log.endIndex)
    return (start..<log.endIndex).map { JSONReporter.eventJSON(log[$0], findings: findings) }
  }
}
