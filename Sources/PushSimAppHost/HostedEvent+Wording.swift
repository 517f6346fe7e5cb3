import PushDevice
import UserNotifications

extension HostedEvent {
  /// Logs the event in `context` as the device records it: its details and its reason in plain
  /// words.
  func log(in context: ServiceExtensionContext) {
    switch self {
    case .contentUpdated(let intent, let sender):
      context.log(
        DeviceEvent.ContentUpdated(intent: intent, sender: sender), source: .device,
        reason: "the content was updated from an \(intent)" + (sender.map { " from \($0)" } ?? ""))
    case .contentProviderNotAllowed(let provider):
      let code = UNError.Code.contentProvidingObjectNotAllowed.rawValue
      context.log(
        DeviceEvent.ContentUpdateFailed(code: code), source: .device,
        reason: "updating(from:) refused a \(provider): only INSendMessageIntent and "
          + "INStartCallIntent provide content (UNError \(code), contentProvidingObjectNotAllowed)")
    case .contentProviderInvalid(let intent, let missing):
      let code = UNError.Code.contentProvidingInvalid.rawValue
      context.log(
        DeviceEvent.ContentUpdateFailed(code: code), source: .device,
        reason: "updating(from:) refused an \(intent) without \(missing) "
          + "(UNError \(code), contentProvidingInvalid)")
    case .intentDonated(let intent, let direction):
      context.log(
        DeviceEvent.IntentDonated(intent: intent, direction: direction), source: .device,
        reason: "the app donated an \(direction) \(intent)")
    }
  }
}
