// PushSim's UserNotificationsUI for Linux: the `UNNotificationContentExtension` protocol and its
// options, so a content extension's view controller compiles unchanged. Like Apple's framework,
// the module re-exports UserNotifications (and through it Foundation). UIKit is not re-created:
// `UIViewController` here is a stand-in that draws nothing (see UIViewController.swift).

@_exported import UserNotifications
