// PushSim's UserNotifications for Linux: Apple's names, signatures, optionality and semantics for
// the API an app's notification code uses, so its `NotificationService.swift` and its
// `UNUserNotificationCenterDelegate` compile unchanged and run inside PushSim's simulated device.
//
// Like Apple's framework, the module re-exports Foundation, so a file that says only
// `import UserNotifications` compiles; on Linux it also re-exports FoundationNetworking, because
// service extensions download media with `URLSession`, which lives there.

@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
