// swift-tools-version: 6.0
import PackageDescription

// An app team's app delegate, tested on Linux with PushSim: the `@main` app delegate registers
// for remote notifications, uploads its device token, declares its notification categories
// (a text-input Reply action) and routes taps and actions to the app's router. The files are
// the ones the iOS app ships, unchanged.
let package = Package(
  name: "InboxApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "PushSim", path: "../..")],
  targets: []
)

#if os(Linux)
  // On Linux, `import UIKit` and `import UserNotifications` are PushSim's; on Apple platforms
  // they are Apple's frameworks. The `@main` type lives in an executable target, as in an app.
  package.targets = [
    .executableTarget(
      name: "InboxApp",
      dependencies: [
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
      name: "InboxAppTests",
      dependencies: [
        "InboxApp",
        .product(name: "PushSimAppHost", package: "PushSim"),
        .product(name: "PushDevice", package: "PushSim"),
        .product(name: "UserNotifications", package: "PushSim"),
      ]
    ),
  ]
#else
  package.targets = [.executableTarget(name: "InboxApp")]
#endif
