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
      HostedEvents.record(.contentProviderNotAllowed(provider: "\(type(of: provider))"))
      throw UNError(.contentProvidingObjectNotAllowed)
    }
    if let missing = source.missingCommunicationPart {
      HostedEvents.record(.contentProviderInvalid(intent: source.intentClassName, missing: missing))
      throw UNError(.contentProvidingInvalid)
    }
    var fields = storage.read { $0 }
    fields.communication = CommunicationSource(source.frozenCopy())
    HostedEvents.record(
      .contentUpdated(intent: source.intentClassName, sender: source.senderDisplayName))
    return UNNotificationContent(fields: fields)
  }
}
