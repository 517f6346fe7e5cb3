// PushSim's UserNotificationsUI for Linux: the `UNNotificationContentExtension` protocol and its
// options, so a content extension's view controller compiles unchanged. Like Apple's framework,
// the module re-exports UIKit, and through it UserNotifications and Foundation: its
// `UIViewController` is UIKit's stand-in, which draws nothing.

@_exported import UIKit
