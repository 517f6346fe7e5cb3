// PushSim's UserNotifications for Linux: Apple's names, signatures, optionality and semantics for
// the API an app's notification code uses, so its `NotificationService.swift` and its
// `UNUserNotificationCenterDelegate` compile unchanged and run inside PushSim's simulated device.
//
// The module knows nothing of that device: what it needs of the device running the app's code
// is declared here as protocols (`UserNotificationCenterBackend`, `ExtensionRunDevice`,
// `AppGroupContainers`, `HostedEvent`) that PushSimAppHost implements (Architecture.md, "The
// device and its host"). It applies two rule libraries the device applies too, imported
// `internal`: PushMedia (what an attachment's file may be) and PushLocalization (how
// `localizedUserNotificationString` formats its arguments).
//
// Like Apple's framework, the module re-exports Foundation, so a file that says only
// `import UserNotifications` compiles; on Linux it also re-exports FoundationNetworking, because
// service extensions download media with `URLSession`, which lives there.

@_exported import AppleFoundationAdditions
@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
