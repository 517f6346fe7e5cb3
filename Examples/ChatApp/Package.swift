// swift-tools-version: 6.0
import PackageDescription

// An app team's notification code, tested on Linux with PushSim: the notification service
// extension (a communication notification from the message the app's API returns), the
// notification-center delegate and the app delegate are the files the iOS app ships, unchanged.
let package = Package(
  name: "ChatApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "PushSim", path: "../..")],
  targets: []
)

#if os(Linux)
  // On Linux, `import UserNotifications`, `Intents` and `os.log` are PushSim's; on Apple platforms
  // they are Apple's frameworks.
  package.targets = [
    .target(
      name: "ChatNotifications",
      dependencies: [
        .product(name: "UserNotifications", package: "PushSim"),
        .product(name: "Intents", package: "PushSim"),
        .product(name: "os", package: "PushSim"),
      ],
      // Swift 5 language mode, as Xcode creates extension targets.
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "ChatNotificationsTests",
      dependencies: [
        "ChatNotifications",
        .product(name: "PushSimAppHost", package: "PushSim"),
        .product(name: "PushDevice", package: "PushSim"),
        .product(name: "UserNotifications", package: "PushSim"),
      ]
    ),
  ]
#else
  package.targets = [.target(name: "ChatNotifications")]
#endif
