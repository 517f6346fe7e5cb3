/// What the app's framework calls do that the device running them records (Rules.md §16), in
/// typed form: the hosting device words each one as an event (`content.updated`,
/// `content.updateFailed`, `intent.donated`) of the run the calling code belongs to, as it
/// records the code's `app.log` lines.
package enum HostedEvent: Sendable, Equatable {
  /// `updating(from:)` made a communication content from `intent` (its class name), whose
  /// sender is `sender`.
  case contentUpdated(intent: String, sender: String?)
  /// `updating(from:)` refused `provider` (its type's name), which is not one of the Apple
  /// SDK's providers (`UNError` 1500).
  case contentProviderNotAllowed(provider: String)
  /// `updating(from:)` refused `intent` (its class name), which lacks `missing` (`"a sender"`,
  /// `"contacts"`; `UNError` 1501).
  case contentProviderInvalid(intent: String, missing: String)
  /// The app donated an interaction of `intent` (its class name), `direction` (`incoming`,
  /// `outgoing` or `unspecified`).
  case intentDonated(intent: String, direction: String)
}

/// Where the app's framework calls record their ``HostedEvent``s: on the device of the run the
/// calling code belongs to (its service extension's, or the call into its delegate or
/// handlers). Outside a run (a test of the app's code) nothing is recorded.
package enum HostedEvents {
  /// Records `event` on the running run's device, if any.
  package static func record(_ event: HostedEvent) {
    #if canImport(FoundationNetworking)
      ExtensionRun.current?.device.record(event)
    #endif
  }
}
