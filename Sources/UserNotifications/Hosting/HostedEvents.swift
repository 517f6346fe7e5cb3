package import PushDevice
package import PushPayload

/// Events the app's framework calls leave on the device that runs them (`content.updated`,
/// `intent.donated`, Rules.md §16): logged in the run the calling code belongs to (its service
/// extension's, or the call into its delegate or handlers), as its `app.log` lines are. Outside
/// a run (a test of the app's code) nothing is logged.
package enum HostedEvents {
  /// Logs an event of the running run, if any, at its virtual time (source `device`).
  package static func log(
    _ kind: DeviceEvent.Kind, reason: String, details: [String: JSONValue] = [:]
  ) {
    #if canImport(FoundationNetworking)
      ExtensionRun.current?.context.log(kind, source: .device, reason: reason, details: details)
    #endif
  }
}
