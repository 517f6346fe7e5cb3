// PushKit for Linux: the names an app's PushKit code uses (`PKPushRegistry`, its delegate, the
// credentials and payloads it hands over), so that code compiles unchanged and a simulated device
// can run it (PushSimAppHost). Nothing of PushSim is imported here: the registry talks to a
// backend (``PushKitBackend``) the host installs, as ActivityKit's types do.
//
// Like Apple's framework, the module re-exports Foundation: a file that says only
// `import PushKit` finds `NSObject`, `Data` and `UUID`.

@_exported import AppleFoundationAdditions
@_exported import Foundation
