// CallKit for Linux: what an app needs to report an incoming call (`CXProvider`, its
// configuration and delegate, `CXCallUpdate`, `CXHandle`, the incoming-call errors), so a VoIP
// app's call code compiles unchanged and a simulated device can see its reports
// (PushSimAppHost). Nothing of PushSim is imported here: the provider talks to a backend
// (``CallKitBackend``) the host installs.
//
// Like Apple's framework, the module re-exports Foundation: a file that says only
// `import CallKit` finds `NSObject`, `UUID` and `Date`.

@_exported import AppleFoundationAdditions
@_exported import Foundation
