// swift-tools-version: 6.0
import PackageDescription

// A food-delivery app's Live Activity code, tested on Linux with PushSim: the ActivityKit code
// that starts, updates and ends an order's activity and reports its push tokens to the server,
// and the delegates that call it, are the files the iOS app ships, unchanged.
let package = Package(
  name: "DeliveryTracker",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "PushSim", path: "../..")],
  targets: []
)

#if os(Linux)
  // On Linux, `import ActivityKit`, `UIKit` and `UserNotifications` are PushSim's; on Apple
  // platforms they are Apple's frameworks.
  package.targets = [
    .target(
      name: "DeliveryTracker",
      dependencies: [
        .product(name: "ActivityKit", package: "PushSim"),
        .product(name: "UIKit", package: "PushSim"),
        .product(name: "UserNotifications", package: "PushSim"),
      ],
      // Swift 5 language mode, as Xcode creates app targets. The app's files that import only
      // Foundation and use `URLSession` get PushSim's UserNotifications, which brings it on
      // Linux and answers its requests from the device (Guides/TestingAppCode.md).
      swiftSettings: [
        .swiftLanguageMode(.v5),
        .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "UserNotifications"]),
      ]
    ),
    .testTarget(
      name: "DeliveryTrackerTests",
      dependencies: [
        "DeliveryTracker",
        .product(name: "PushSimAppHost", package: "PushSim"),
        .product(name: "PushDevice", package: "PushSim"),
      ]
    ),
  ]
#else
  package.targets = [.target(name: "DeliveryTracker")]
#endif
