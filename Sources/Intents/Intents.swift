// PushSim's Intents for Linux: the part of Apple's Intents framework an app's notification code
// uses to make communication notifications (iOS 15): `INPerson`, `INImage`,
// `INSendMessageIntent`, `INStartCallIntent`, `INInteraction`. Apple's names, signatures and
// optionality, so a `NotificationService.swift` that says `import Intents` compiles unchanged;
// `UNNotificationContent.updating(from:)` reads what these objects hold (Rules.md §16).
//
// Like Apple's framework, the module re-exports Foundation. Siri's parts (resolution, handling,
// responses' user activities, vocabulary) are not re-created.

@_exported import Foundation
