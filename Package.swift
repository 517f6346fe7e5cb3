// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "PushSim",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "PushPayload", targets: ["PushPayload"]),
    .library(name: "PushLocalization", targets: ["PushLocalization"]),
    .library(name: "PushDevice", targets: ["PushDevice"]),
    .library(name: "PushScenario", targets: ["PushScenario"]),
    .executable(name: "pushsim", targets: ["pushsim"]),
  ],
  dependencies: [],
  targets: [
    // MARK: Library layers (one way: payload → localization → device → scenario)
    .target(name: "PushPayload"),
    .target(name: "PushLocalization", dependencies: ["PushPayload"]),
    .target(name: "PushDevice", dependencies: ["PushPayload", "PushLocalization"]),
    .target(name: "PushScenario", dependencies: ["PushDevice", "PushPayload", "PushLocalization"]),

    // MARK: Command line
    .executableTarget(
      name: "pushsim",
      dependencies: ["PushScenario", "PushDevice", "PushPayload", "PushLocalization"]
    ),

    // MARK: Test support (not a product)
    .target(
      name: "PushSimTestSupport",
      dependencies: ["PushDevice", "PushPayload"],
      resources: []
    ),

    // MARK: Benchmarks (run by Benchmarks/run.sh, never by `swift test`)
    .executableTarget(
      name: "PushSimBenchmarks",
      dependencies: ["PushScenario", "PushDevice", "PushPayload", "PushLocalization"],
      path: "Benchmarks/PushSimBenchmarks"
    ),

    // MARK: Tests
    .testTarget(
      name: "PushPayloadTests",
      dependencies: ["PushPayload", "PushSimTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PushLocalizationTests",
      dependencies: ["PushLocalization", "PushSimTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PushDeviceTests",
      dependencies: ["PushDevice", "PushPayload", "PushLocalization", "PushSimTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PushScenarioTests",
      dependencies: ["PushScenario", "PushDevice", "PushSimTestSupport"],
      exclude: ["Fixtures", "Snapshots"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["PushSimTestSupport"],
      exclude: ["Fixtures", "Snapshots"]
    ),
  ]
)

// Strict settings in one place: Swift 6 language mode and `any` spelled out everywhere.
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
