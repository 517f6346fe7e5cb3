/// An object that provides a notification's content from the app's data
/// (`UNNotificationContentProviding`, iOS 15).
///
/// As on iOS, the protocol has no requirements: only the Apple SDK's conformers count
/// (`INSendMessageIntent` and `INStartCallIntent`, from PushSim's `Intents` module);
/// `UNNotificationContent.updating(from:)` refuses any other with
/// `UNError.Code.contentProvidingObjectNotAllowed` (Rules.md §16).
public protocol UNNotificationContentProviding: NSObjectProtocol {}

/// What the `Intents` module's conformers give `updating(from:)`. Not visible to the app's code
/// (`package`), so an app's own conformer cannot adopt it, as an app's object cannot pass for an
/// Apple SDK object on iOS. The hosting device reads the communication part (sender, group,
/// avatars) from the frozen copy the content keeps (``CommunicationSource``).
package protocol NotificationCommunicationProviding: UNNotificationContentProviding {
  /// The intent's class name (`INSendMessageIntent`), for the device's events.
  var intentClassName: String { get }
  /// What the intent lacks to make a communication notification (`"a sender"`,
  /// `"contacts"`), or `nil` when it can make one: `updating(from:)` throws
  /// `contentProvidingInvalid` then.
  var missingCommunicationPart: String? { get }
  /// The sender's (or caller's) name, for the device's events.
  var senderDisplayName: String? { get }
  /// A copy of the intent as it is now, which later changes to the intent do not reach: the
  /// content shows what the intent said when `updating(from:)` was called.
  func frozenCopy() -> any NotificationCommunicationProviding
}

/// Where a content's communication part comes from (Rules.md §16): the intent it was updated
/// from (`updating(from:)`), frozen then, or the device's own value, when the device hands the
/// app a communication notification it delivered. The hosting device reads either; this module
/// only keeps and compares it.
package struct CommunicationSource: @unchecked Sendable, Equatable {
  /// What the communication part comes from.
  package enum Origin {
    /// A frozen intent.
    case intent(any NotificationCommunicationProviding)
    /// The device's value, opaque here.
    case device(any Equatable & Sendable)
  }

  /// What the communication part comes from.
  package let origin: Origin

  /// The source of a frozen intent.
  package init(_ provider: any NotificationCommunicationProviding) {
    origin = .intent(provider)
  }

  /// The source of a device's value.
  package init(device value: any Equatable & Sendable) {
    origin = .device(value)
  }

  /// Whether both are the same frozen intent, or equal device values.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.origin, rhs.origin) {
    case (.intent(let a), .intent(let b)): a === b
    case (.device(let a), .device(let b)): a.isEqual(toAny: b)
    default: false
    }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(toAny other: Any) -> Bool { (other as? Self) == self }
}
