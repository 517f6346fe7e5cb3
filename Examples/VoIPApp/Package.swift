// swift-tools-version: 6.0
import PackageDescription

// A VoIP app's call code, tested on Linux with PushSim: the PushKit delegate that reports each
// call invitation to CallKit is the file the iOS app ships, unchanged.
let package = Package(
  name: "VoIPApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "PushSim", path: "../..")],
  targets: []
)

#if os(Linux)
  // On Linux, `import PushKit` and `import CallKit` are PushSim's; on Apple platforms, Apple's.
  package.targets = [
    .target(
      name: "VoIPCalls",
      dependencies: [
        .product(name: "PushKit", package: "PushSim"),
        .product(name: "CallKit", package: "PushSim"),
      ]
    ),
    .testTarget(
      name: "VoIPCallsTests",
      dependencies: [
        "VoIPCalls",
        .product(name: "PushSimAppHost", package: "PushSim"),
        .product(name: "PushDevice", package: "PushSim"),
        .product(name: "PushPayload", package: "PushSim"),
      ]
    ),
  ]
#else
  package.targets = [.target(name: "VoIPCalls")]
#endif
