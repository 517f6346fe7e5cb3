// PushSim's ActivityKit for Linux: Apple's names, generics and optionality for the API an app's
// Live Activity manager uses, so it compiles unchanged and drives the simulated device's
// activities (Rules.md §13). Like Apple's framework, the module re-exports Foundation.
//
// Outside a device (no `DeviceHost.runApp`), activities live in memory in this process: they
// start, update and end at once, get deterministic tokens, and never go stale or time out.

@_exported import AppleFoundationAdditions
@_exported import Foundation
