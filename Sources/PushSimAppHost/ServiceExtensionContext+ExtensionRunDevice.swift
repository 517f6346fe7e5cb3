import Foundation
import PushDevice
import PushPayload
import UserNotifications

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The device's side of a run of the app's code (`ExtensionRunDevice`, which UserNotifications
// declares and knows nothing else of the device by): the run's context charges the budget,
// answers `Data(contentsOf:)` and words what the app's framework calls did as events.

extension ServiceExtensionContext: ExtensionRunDevice {
  package func contents(of url: URL) async throws -> Data {
    do {
      return try await send(AppRequest(url: url)).body
    } catch let error as MediaFetchError {
      throw error.code == .timedOut ? URLError(.timedOut) : error.urlError
    }
  }

  package func record(_ event: HostedEvent) {
    let worded = event.worded
    log(worded.kind, source: .device, reason: worded.reason, details: worded.details)
  }
}

extension ExtensionRun {
  /// The run's context, when the device of this module made the run (always, in a run the
  /// device hosts).
  var context: ServiceExtensionContext? { device as? ServiceExtensionContext }
}

extension HostedEvent {
  /// The event as the device logs it: its kind, its reason in plain words, its details.
  var worded: (kind: DeviceEvent.Kind, reason: String, details: [String: JSONValue]) {
    switch self {
    case .contentUpdated(let intent, let sender):
      var details: [String: JSONValue] = ["intent": JSONValue(.string(intent))]
      if let sender { details["sender"] = JSONValue(.string(sender)) }
      return (
        .contentUpdated,
        "the content was updated from an \(intent)" + (sender.map { " from \($0)" } ?? ""),
        details
      )
    case .contentProviderNotAllowed(let provider):
      let code = UNError.Code.contentProvidingObjectNotAllowed.rawValue
      return (
        .contentUpdateFailed,
        "updating(from:) refused a \(provider): only INSendMessageIntent and "
          + "INStartCallIntent provide content (UNError \(code), contentProvidingObjectNotAllowed)",
        ["code": JSONValue(.number(JSONNumber(code)))]
      )
    case .contentProviderInvalid(let intent, let missing):
      let code = UNError.Code.contentProvidingInvalid.rawValue
      return (
        .contentUpdateFailed,
        "updating(from:) refused an \(intent) without \(missing) "
          + "(UNError \(code), contentProvidingInvalid)",
        ["code": JSONValue(.number(JSONNumber(code)))]
      )
    case .intentDonated(let intent, let direction):
      return (
        .intentDonated, "the app donated an \(direction) \(intent)",
        [
          "intent": JSONValue(.string(intent)),
          "direction": JSONValue(.string(direction)),
        ]
      )
    }
  }
}

extension MediaFetchError {
  /// The `URLError` a failed device request reaches the app's code as.
  var urlError: URLError {
    switch code {
    case .atsBlocked: URLError(.appTransportSecurityRequiresSecureConnection)
    case .notInManifest: URLError(.notConnectedToInternet)
    case .connection: URLError(.cannotConnectToHost)
    case .unsupportedURL: URLError(.unsupportedURL)
    case .tooManyRedirects, .redirectRefused: URLError(.httpTooManyRedirects)
    case .truncated: URLError(.networkConnectionLost)
    case .tooLarge: URLError(.dataLengthExceedsMaximum)
    case .timedOut: URLError(.timedOut)
    default: URLError(.cannotDecodeContentData)
    }
  }
}

extension AppContainers: AppGroupContainers {
  package func preferencesSuiteName(_ name: String, inServiceExtension: Bool) -> String? {
    preferencesSuiteName(name, for: inServiceExtension ? .serviceExtension : .app)
  }
}
