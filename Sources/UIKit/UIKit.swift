// PushSim's UIKit for Linux: what an app delegate, a scene delegate and an app's push code use
// of UIKit (`UIResponder`, the application's delegate, background tasks and windows, the scene
// types, `UIDevice`, `UIImage`'s bytes, `NSUserActivity`, `UIApplicationMain` and `@main` on an
// app delegate), so those files compile unchanged. Nothing is drawn: the views are stand-ins
// that keep what the app sets.
//
// `UIApplication`, `UIApplicationDelegate` and `UIBackgroundFetchResult` are declared by
// PushSim's UserNotifications, where the device's hosting needs them, and this module
// re-exports UserNotifications (and through it Foundation): a file that says `import UIKit`
// finds them, and a file that says only `import UserNotifications` keeps compiling as before
// (Rules.md §9.9).

@_exported import UserNotifications
