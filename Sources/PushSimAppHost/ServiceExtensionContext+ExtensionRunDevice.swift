import Foundation
import PushDevice
import UserNotifications

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The device's side of a run of the app's code (`ExtensionRunDevice`, which UserNotifications
// declares and knows nothing else of the device by): the run's context charges the budget,
// answers `Data(contentsOf:)` and records what the app's framework calls did as events
// (`HostedEvent.log(in:)`).

extension ServiceExtensionContext: ExtensionRunDevice {
  package func contents(of url: URL) async throws -> Data {
    do {
      return try await send(AppRequest(url: url)).body
    } catch let error as MediaFetchError {
      throw error.urlError
    }
  }

  package func record(_ event: HostedEvent) {
    event.log(in: self)
  }
}

extension ExtensionRun {
  /// The run's context, when the device of this module made the run (always, in a run the
  /// device hosts).
  var context: ServiceExtensionContext? { device as? ServiceExtensionContext }
}
