import PushDevice
import PushPayload
import UserNotifications

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
