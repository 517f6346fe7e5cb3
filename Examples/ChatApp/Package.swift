// swift-tools-version: 6.0
import PackageDescription

// An app team's notification code, tested on Linux with PushSim: the notification service
// extension and the notification-center delegate are the files the iOS app ships, unchanged.
let package = Package(
  name: "ChatApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "PushSim", path: "../..")],
  targets: []
)

#if os(Linux)
  // On Linux, `import UserNotifications` is PushSim's; on Apple platforms it is Apple's framework.
  package.targets = [
    .target(
      name: "ChatNotifications",
      dependencies: [.product(name: "UserNotifications", package: "PushSim")],
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
