/// Every ``EventDetails`` type, one per event kind with details: what the test of Codes.md's
/// event table reads, with ``PlainEvent`` for the kinds without.
package enum EventDetailsCatalog {
  /// The types, in the order of Codes.md's table.
  package static let all: [any EventDetails.Type] = [
    DeviceEvent.Rejected.self, DeviceEvent.Coalesced.self, DeviceEvent.Expired.self,
    DeviceEvent.Replaced.self, DeviceEvent.Summary.self, DeviceEvent.Silent.self,
    DeviceEvent.Throttled.self, DeviceEvent.Discarded.self, DeviceEvent.Wake.self,
    DeviceEvent.DelegateWillPresent.self, DeviceEvent.DelegateDidReceive.self,
    DeviceEvent.RemoteNotificationHandled.self, DeviceEvent.AuthorizationRequested.self,
    DeviceEvent.LocalScheduled.self, DeviceEvent.LocalFired.self, DeviceEvent.CenterRemoved.self,
    DeviceEvent.ExtensionFinished.self, DeviceEvent.ExtensionTimeout.self,
    DeviceEvent.AppLog.self, DeviceEvent.AppEventsDropped.self, DeviceEvent.AppRegistered.self,
    DeviceEvent.AppRegistrationFailed.self, DeviceEvent.AppRequest.self,
    DeviceEvent.AppRequestFailed.self, DeviceEvent.IntentDonated.self,
    DeviceEvent.ContentUpdated.self, DeviceEvent.ContentUpdateFailed.self,
    DeviceEvent.Communication.self, DeviceEvent.CommunicationPlain.self,
    DeviceEvent.MediaFetched.self, DeviceEvent.MediaFailed.self,
    DeviceEvent.AttachmentRejected.self, DeviceEvent.Presented.self, DeviceEvent.Badge.self,
    DeviceEvent.Action.self, DeviceEvent.Clear.self, DeviceEvent.Route.self,
    DeviceEvent.RouteUnmatched.self, DeviceEvent.ActivityStarted.self,
    DeviceEvent.ActivityScheduled.self, DeviceEvent.ActivityFailed.self,
    DeviceEvent.ActivityToken.self, DeviceEvent.ActivityUpdated.self,
    DeviceEvent.ActivityIgnored.self, DeviceEvent.ActivityStale.self,
    DeviceEvent.ActivityEnded.self, DeviceEvent.ActivityDismissed.self,
    DeviceEvent.PushKitToken.self, DeviceEvent.PushKitCompleted.self,
    DeviceEvent.CallKitIncoming.self, DeviceEvent.CallKitRefused.self,
    DeviceEvent.CallKitEnded.self, DeviceEvent.CallKitAction.self,
    DeviceEvent.CallKitTransactionRefused.self, DeviceEvent.CallKitOutgoing.self,
    DeviceEvent.CallKitVoIPPayloadRefused.self, DeviceEvent.VoIPTerminated.self,
    DeviceEvent.ActivityAlert.self,
  ]
}
