// What Apple's Foundation and Dispatch declare and Linux's lack, re-exported by the frameworks an
// app's push code imports (UserNotifications, PushKit, CallKit, ActivityKit), as Apple's
// frameworks bring Foundation and Dispatch: `DispatchSerialQueue`, and Foundation's names for
// Combine's `ObservableObject` and `Published`.

@_exported import Dispatch

/// Apple's `DispatchSerialQueue` (iOS 17, macOS 14): a queue that runs one block at a time, as
/// Apple's VoIP sample makes one for its `PKPushRegistry` (`DispatchSerialQueue(label:)`).
///
/// On Apple platforms it is a subclass of `DispatchQueue` that is also a `SerialExecutor`.
/// Linux's `DispatchQueue` is `final`, so here it is `DispatchQueue` itself: `init(label:)` makes
/// a serial queue (as every `DispatchQueue` without the `.concurrent` attribute is), accepted
/// wherever a `DispatchQueue` is. Not available: using it as an actor's executor.
public typealias DispatchSerialQueue = DispatchQueue
