// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "PushSim",
  // `Mutex` (Synchronization) needs macOS 15; the package is built and tested on Linux only.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "PushCore", targets: ["PushCore"]),
    .library(name: "PushPayload", targets: ["PushPayload"]),
    .library(name: "PushLocalization", targets: ["PushLocalization"]),
    .library(name: "PushDevice", targets: ["PushDevice"]),
    .library(name: "PushScenario", targets: ["PushScenario"]),
    .library(name: "PushSimDocs", targets: ["PushSimDocs"]),
    .executable(name: "pushsim", targets: ["pushsim"]),
  ],
  dependencies: [],
  targets: [
    // MARK: Library layers (one way: core → payload → localization → device → scenario;
    // http → device; media → device)
    // The core: the one diagnostic type and its codes, the line index and source positions.
    .target(name: "PushCore"),
    .target(name: "PushPayload", dependencies: ["PushCore"]),
    .target(name: "PushLocalization", dependencies: ["PushCore", "PushPayload"]),
    // The device's own HTTP/1.1 client (sockets, TLS through libcurl, response heads, chunked
    // bodies, gzip and deflate), below the device's media model; nothing in it is public.
    .target(name: "PushHTTP", dependencies: ["CPushCurl", "PushCore"]),
    // libcurl loaded at run time, its variadic calls made from C (no link-time dependency).
    .target(name: "CPushCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // What a notification attachment's file may be (media types by extension, UTI, MIME type and
    // leading bytes; size limits; the file checks), below the device and UserNotifications,
    // which both apply it. Foundation only.
    .target(name: "PushMedia"),
    // The hosting runtime (not a product): where PushSim runs the app's code and everything it
    // must never wait behind: the app's threads, the elastic executor its tasks run on, the
    // timer thread of every real-time limit. Foundation and Synchronization only.
    .target(name: "PushSimHosting"),
    .target(
      name: "PushDevice",
      dependencies: [
        "PushCore", "PushPayload", "PushLocalization", "PushHTTP", "PushMedia", "PushSimHosting",
      ]
    ),
    .target(
      name: "PushScenario",
      dependencies: ["PushCore", "PushDevice", "PushPayload", "PushLocalization"]),
    // libnghttp2 loaded at run time, its callbacks and struct layouts kept in C (no link-time
    // dependency), for `pushsim serve`'s HTTP/2.
    .target(
      name: "CPushNGHTTP2", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // libssl loaded at run time (no link-time dependency), for `pushsim serve`'s TLS.
    .target(name: "CPushTLS", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // libcrypto's P-256 and AES-GCM loaded at run time (CryptoKit's, and `pushsim serve`'s
    // provider-token signatures).
    .target(
      name: "CPushCrypto", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // `pushsim serve` (not a product): an APNs provider endpoint (HTTP/1.1 and h2c) that plays
    // each push on a device of a devices file; its sockets on threads of its own.
    .target(
      name: "PushServe",
      dependencies: [
        "CPushNGHTTP2", "CPushTLS", "CPushCrypto", "PushScenario", "PushDevice", "PushPayload",
        "PushCore", "PushSimHosting", "PushSimDocs",
      ]),
    // The offline documentation site (`pushsim docs`), above the scenarios it draws.
    .target(
      name: "PushSimDocs",
      dependencies: ["PushScenario", "PushDevice", "PushPayload", "PushMedia", "PushCore"]),

    // MARK: Command line
    .executableTarget(
      name: "pushsim",
      dependencies: [
        "PushSimDocs", "PushServe", "PushScenario", "PushDevice", "PushPayload", "PushLocalization",
        "PushCore",
      ]
    ),

    // MARK: Test support (not a product)
    .target(
      name: "PushSimTestSupport",
      dependencies: ["PushDevice", "PushSimHosting"],
      resources: []
    ),

    // MARK: Benchmarks (run by Benchmarks/run.sh, never by `swift test`)
    .executableTarget(
      name: "PushSimBenchmarks",
      dependencies: [
        "PushScenario", "PushDevice", "PushPayload", "PushLocalization", "PushCore", "PushSimDocs",
        "PushHTTP",
      ],
      path: "Benchmarks/PushSimBenchmarks"
    ),

    // MARK: Tests
    .testTarget(name: "PushCoreTests", dependencies: ["PushCore"]),
    .testTarget(
      name: "PushPayloadTests",
      dependencies: ["PushPayload", "PushCore", "PushSimTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PushLocalizationTests",
      dependencies: ["PushLocalization", "PushPayload", "PushCore", "PushSimTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "PushHTTPTests", dependencies: ["PushHTTP"]),
    .testTarget(
      name: "PushServeTests",
      dependencies: [
        "PushServe", "PushScenario", "PushPayload", "PushDevice", "PushCore", "CPushCurl",
        "PushSimTestSupport",
      ],
      // The clients the tests run as processes (python h2, aioapns, node:http2).
      exclude: ["Clients"]),
    .testTarget(name: "PushSimHostingTests", dependencies: ["PushSimHosting"]),
    .testTarget(
      name: "PushDeviceTests",
      dependencies: [
        "PushDevice", "PushPayload", "PushLocalization", "PushCore", "PushSimTestSupport",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PushScenarioTests",
      dependencies: [
        "PushScenario", "PushDevice", "PushPayload", "PushCore", "PushSimTestSupport",
      ],
      exclude: ["Fixtures", "Snapshots"]
    ),
    .testTarget(
      name: "PushSimDocsTests",
      dependencies: [
        "PushSimDocs", "PushScenario", "PushDevice", "PushPayload", "PushCore",
        "PushSimTestSupport",
      ],
      exclude: ["Fixtures", "Snapshots"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["PushCore", "PushSimTestSupport"],
      exclude: ["Fixtures", "Snapshots", "API"]
    ),
  ]
)

// MARK: UserNotifications for Linux
// Apple platforms ship the real UserNotifications framework; a target of the same name there would
// shadow it, so PushSim's re-creation exists only where Apple's is absent. An app's
// `NotificationService.swift` then says `import UserNotifications` on both: Apple's framework on a
// Mac or an iPhone, PushSim's module on Linux.
#if os(Linux)
  package.products.append(.library(name: "UserNotifications", targets: ["UserNotifications"]))
  package.targets.append(
    .target(
      name: "UserNotifications",
      // `os`: the hook of the app's log lines travels with the app's process (HostedProcess).
      // PushMedia and PushLocalization, imported `internal`, are two rule libraries the device
      // applies too: what an attachment's file may be, and how `loc-args` are formatted.
      // Nothing of the device: everything of hosting lives in PushSimAppHost.
      // PushSimHosting: the hosting runtime the declarations the app's code sees call into.
      dependencies: [
        "PushMedia", "PushLocalization", "os", "NetworkingOriginals", "PushSimHosting",
        "AppleFoundationAdditions",
      ]
    )
  )
  // What Apple's Foundation and Dispatch declare and Linux's lack (`DispatchSerialQueue`,
  // Foundation's `ObservableObject` and `Published`), re-exported by the frameworks push code
  // imports.
  package.targets.append(.target(name: "AppleFoundationAdditions", dependencies: ["Combine"]))
  // Foundation's own networking members, reached where UserNotifications' declarations of them
  // would win (Foundation only: nothing of PushSim).
  package.targets.append(.target(name: "NetworkingOriginals"))
  package.targets.append(
    .testTarget(
      name: "UserNotificationsTests",
      dependencies: [
        "UserNotifications", "PushSimAppHost", "PushDevice", "PushPayload", "PushSimHosting",
      ]
    )
  )
  // ActivityKit for Linux, the same way: an app's Live Activity manager compiles unchanged.
  package.products.append(.library(name: "ActivityKit", targets: ["ActivityKit"]))
  package.targets.append(
    .target(name: "ActivityKit", dependencies: ["PushSimHosting", "AppleFoundationAdditions"]))
  package.targets.append(
    .testTarget(
      name: "ActivityKitTests",
      dependencies: [
        "ActivityKit", "PushSimAppHost", "PushDevice", "PushPayload", "UserNotifications",
      ]
    )
  )
  // os and OSLog for Linux: an extension's `Logger` and `os_log` lines compile unchanged and
  // reach the device that runs it. `import os.log` names a Clang submodule: COSLogModule
  // declares the Clang module `os` with an empty `log`, and Swift loads the Swift module `os` as
  // its overlay, as Apple's SDK pairs them.
  package.products.append(.library(name: "os", targets: ["os"]))
  package.products.append(.library(name: "OSLog", targets: ["OSLog"]))
  package.targets.append(.target(name: "COSLogModule"))
  package.targets.append(
    .target(name: "os", dependencies: ["COSLogModule", "PushSimHosting"]))
  package.targets.append(.target(name: "OSLog", dependencies: ["os"]))
  package.targets.append(.testTarget(name: "OSLogTests", dependencies: ["os", "OSLog"]))
  // UniformTypeIdentifiers for Linux: `UTType` for an extension's attachment code.
  package.products.append(
    .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]))
  package.targets.append(.target(name: "UniformTypeIdentifiers"))
  package.targets.append(
    .testTarget(
      name: "UniformTypeIdentifiersTests", dependencies: ["UniformTypeIdentifiers", "PushDevice"]))
  // UIKit for Linux: what an app delegate, a scene delegate and push code use of UIKit
  // (`UIResponder`, background tasks, windows, scenes, `UIDevice`, `UIImage`'s bytes,
  // `NSUserActivity`, `@main` on an app delegate); nothing is drawn. `UIApplication` and
  // `UIApplicationDelegate` stay in UserNotifications, which this module re-exports.
  package.products.append(.library(name: "UIKit", targets: ["UIKit"]))
  package.targets.append(
    .target(name: "UIKit", dependencies: ["UserNotifications", "_Testing_UIKit"]))
  // Swift Testing's cross-import overlay of UIKit, which Linux's toolchain lacks: a test file
  // importing Testing and UIKit loads it (empty; Sources/_Testing_UIKit says why).
  package.targets.append(.target(name: "_Testing_UIKit"))
  // An app whose app delegate is marked `@main`, as Xcode's template makes it: UIKitTests runs it.
  package.targets.append(
    .executableTarget(
      name: "UIKitAppFixture", dependencies: ["UIKit"], path: "Tests/Fixtures/UIKitApp"))
  package.targets.append(
    .testTarget(
      name: "UIKitTests",
      dependencies: [
        "UIKit", "UIKitAppFixture", "UserNotifications", "PushSimAppHost", "PushDevice",
        "PushSimTestSupport",
      ]))
  // UserNotificationsUI for Linux: a content extension's view controller compiles (it draws
  // nothing); it re-exports UIKit, whose `UIViewController` stand-in it uses.
  package.products.append(.library(name: "UserNotificationsUI", targets: ["UserNotificationsUI"]))
  package.targets.append(.target(name: "UserNotificationsUI", dependencies: ["UIKit"]))
  package.targets.append(
    .testTarget(name: "UserNotificationsUITests", dependencies: ["UserNotificationsUI"]))
  // PushKit and CallKit for Linux, the same way: an app's VoIP code (its `PKPushRegistry`
  // delegate reporting calls to a `CXProvider`) compiles unchanged.
  package.products.append(.library(name: "PushKit", targets: ["PushKit"]))
  package.targets.append(
    .target(name: "PushKit", dependencies: ["PushSimHosting", "AppleFoundationAdditions"]))
  package.products.append(.library(name: "CallKit", targets: ["CallKit"]))
  package.targets.append(
    .target(name: "CallKit", dependencies: ["PushSimHosting", "AppleFoundationAdditions"]))
  // Intents for Linux: the intents an app's notification code builds for communication
  // notifications (`INPerson`, `INImage`, `INSendMessageIntent`, `INStartCallIntent`,
  // `INInteraction`); they conform to UserNotifications' `UNNotificationContentProviding`.
  package.products.append(.library(name: "Intents", targets: ["Intents"]))
  package.targets.append(
    .target(name: "Intents", dependencies: ["UserNotifications", "PushSimHosting"]))
  package.targets.append(
    .testTarget(
      name: "IntentsTests",
      dependencies: ["Intents", "UserNotifications", "PushSimAppHost", "PushDevice"]))
  // Combine for Linux: `ObservableObject`, `@Published`, subjects, `sink` and the common
  // operators, so an app's push-token and settings code compiles unchanged.
  package.products.append(.library(name: "Combine", targets: ["Combine"]))
  package.targets.append(.target(name: "Combine", dependencies: ["PushSimHosting"]))
  package.targets.append(.testTarget(name: "CombineTests", dependencies: ["Combine"]))
  // CryptoKit for Linux: P-256, AES-GCM and HKDF for Web Push decryption, ES256 for APNs tokens,
  // SHA-2 and HMAC. The P-256 and AES-GCM work is the system's libcrypto (OpenSSL 3), loaded at
  // run time by CPushCrypto as CPushCurl loads libcurl (no link-time dependency).
  package.products.append(.library(name: "CryptoKit", targets: ["CryptoKit"]))
  package.targets.append(.target(name: "CryptoKit", dependencies: ["CPushCrypto"]))
  package.targets.append(.testTarget(name: "CryptoKitTests", dependencies: ["CryptoKit"]))
  // CoreGraphics (the geometry types Foundation already has) and MobileCoreServices (the
  // `UTType…` functions and `kUTType…` constants, over UniformTypeIdentifiers' table).
  package.products.append(.library(name: "CoreGraphics", targets: ["CoreGraphics"]))
  // `_Testing_CoreGraphics`: the overlay Swift Testing declares for files importing both Testing
  // and CoreGraphics, absent from Linux's toolchain; empty (see its source).
  package.targets.append(.target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"]))
  package.targets.append(.target(name: "_Testing_CoreGraphics"))
  package.products.append(.library(name: "MobileCoreServices", targets: ["MobileCoreServices"]))
  package.targets.append(
    .target(name: "MobileCoreServices", dependencies: ["UniformTypeIdentifiers"]))
  package.targets.append(
    .testTarget(
      name: "MobileCoreServicesTests",
      dependencies: ["MobileCoreServices", "CoreGraphics", "UniformTypeIdentifiers"]))
  // The device hosts the app's own notification code: adapters between UserNotifications and
  // PushDevice, and the player of scenario files with that code.
  package.products.append(.library(name: "PushSimAppHost", targets: ["PushSimAppHost"]))
  package.targets.append(
    .target(
      name: "PushSimAppHost",
      dependencies: [
        "UserNotifications", "ActivityKit", "os", "PushKit", "CallKit", "Intents", "PushDevice",
        "PushScenario", "PushPayload", "NetworkingOriginals", "PushSimHosting", "PushSimDocs",
      ]
    )
  )
  package.targets.append(
    .testTarget(
      name: "PushSimAppHostTests",
      dependencies: [
        "PushSimAppHost", "UserNotifications", "os", "PushKit", "CallKit", "PushDevice",
        "PushScenario", "PushPayload", "Intents", "PushSimTestSupport", "ActivityKit", "Combine",
      ],
      exclude: ["Fixtures", "CommunicationScenarios"]
    )
  )
  // The benchmarks' `hosted` section runs the app's code on many devices at once.
  if let benchmarks = package.targets.first(where: { $0.name == "PushSimBenchmarks" }) {
    benchmarks.dependencies += ["PushSimAppHost", "UserNotifications", "os"]
  }
  // An extension target as Xcode makes it: Swift 5 language mode (the loop below leaves it so).
  package.targets.append(
    .testTarget(
      name: "UserNotificationsSwift5Tests",
      dependencies: [
        "UserNotifications", "UserNotificationsUI", "UniformTypeIdentifiers", "os",
        "PushSimAppHost", "PushDevice", "PushPayload", "Intents", "Combine", "CryptoKit",
        "CoreGraphics", "MobileCoreServices",
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]
    )
  )
#endif

// Strict settings in one place: Swift 6 language mode and `any` spelled out everywhere.
// The one exception is UserNotificationsSwift5Tests, which checks that app code in Swift 5 mode,
// as Xcode creates extension targets, compiles against the Linux UserNotifications.
// C targets take no Swift settings.
let cTargets: Set = ["CPushCurl", "CPushCrypto", "CPushNGHTTP2", "CPushTLS", "COSLogModule"]
for target in package.targets
where target.name != "UserNotificationsSwift5Tests" && !cTargets.contains(target.name) {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
