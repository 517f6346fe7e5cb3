package import PushDevice

/// An object that provides a notification's content from the app's data
/// (`UNNotificationContentProviding`, iOS 15).
///
/// As on iOS, the protocol has no requirements: only the Apple SDK's conformers count
/// (`INSendMessageIntent` and `INStartCallIntent`, from PushSim's `Intents` module);
/// `UNNotificationContent.updating(from:)` refuses any other with
/// `UNError.Code.contentProvidingObjectNotAllowed` (Rules.md §16).
public protocol UNNotificationContentProviding: NSObjectProtocol {}

/// What the `Intents` module's conformers give `updating(from:)`: the communication part of the
/// content. Not visible to the app's code (`package`), so an app's own conformer cannot adopt it,
/// as an app's object cannot pass for an Apple SDK object on iOS.
package protocol NotificationCommunicationProviding: UNNotificationContentProviding {
  /// The intent's class name (`INSendMessageIntent`), for the device's events.
  var intentClassName: String { get }
  /// The communication part of the content, or `nil` when the intent cannot make one (a
  /// message without a sender, a call without a contact): `updating(from:)` throws
  /// `contentProvidingInvalid` then.
  var notificationCommunication: NotificationCommunication? { get }
}
