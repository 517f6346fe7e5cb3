internal import PushDevice
internal import PushPayload

extension UNNotificationContent {
  /// A copy of this content updated from `provider`, an `INSendMessageIntent` or an
  /// `INStartCallIntent`: the device shows it as a communication notification, with the sender's
  /// name, the group's name and the avatar, when the app has the `communication` entitlement
  /// (iOS 15; Rules.md §16). Pass the result to the content handler unchanged.
  ///
  /// Without the entitlement it does not throw: the device shows the content as a plain
  /// notification, as observed on iOS (`communication.plain`). In a service extension run, the
  /// device logs `content.updated`, or `content.updateFailed` with the error's code.
  ///
  /// - Throws: ``UNError`` `contentProvidingObjectNotAllowed` (1500) for a provider that is not
  ///   one of the Apple SDK's (the app's own conformer); `contentProvidingInvalid` (1501) for an
  ///   `INSendMessageIntent` without a sender or an `INStartCallIntent` without contacts.
  public func updating(from provider: any UNNotificationContentProviding) throws
    -> UNNotificationContent
  {
    guard let source = provider as? any NotificationCommunicationProviding else {
      Self.logUpdate(
        .contentUpdateFailed,
        "updating(from:) refused a \(type(of: provider)): only INSendMessageIntent and "
          + "INStartCallIntent provide content (UNError 1500, contentProvidingObjectNotAllowed)",
        [
          "code": JSONValue(
            .number(JSONNumber(UNError.Code.contentProvidingObjectNotAllowed.rawValue)))
        ])
      throw UNError(.contentProvidingObjectNotAllowed)
    }
    guard let communication = source.notificationCommunication else {
      let missing = source.intentClassName == "INStartCallIntent" ? "contacts" : "a sender"
      Self.logUpdate(
        .contentUpdateFailed,
        "updating(from:) refused an \(source.intentClassName) without \(missing) "
          + "(UNError 1501, contentProvidingInvalid)",
        ["code": JSONValue(.number(JSONNumber(UNError.Code.contentProvidingInvalid.rawValue)))])
      throw UNError(.contentProvidingInvalid)
    }
    var fields = storage.read { $0 }
    fields.communication = communication
    var details: [String: JSONValue] = ["intent": JSONValue(.string(source.intentClassName))]
    let sender = communication.sender?.displayName
    if let sender { details["sender"] = JSONValue(.string(sender)) }
    Self.logUpdate(
      .contentUpdated,
      "the content was updated from an \(source.intentClassName)"
        + (sender.map { " from \($0)" } ?? ""), details)
    return UNNotificationContent(fields: fields)
  }

  /// Logs an event of the service extension run the calling code belongs to, if any.
  private static func logUpdate(
    _ kind: DeviceEvent.Kind, _ reason: String, _ details: [String: JSONValue]
  ) {
    HostedEvents.log(kind, reason: reason, details: details)
  }
}
