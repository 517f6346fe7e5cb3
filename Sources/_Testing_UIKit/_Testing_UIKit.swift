// Swift Testing's cross-import overlay of UIKit, empty on Linux.
//
// The toolchain's Testing module declares a cross-import overlay for UIKit
// (`Testing.swiftcrossimport/UIKit.swiftoverlay`): a file that imports both `Testing` and a
// module named `UIKit` (directly, or through UserNotificationsUI, which re-exports it) makes
// the compiler load `_Testing_UIKit`, which Linux's toolchain does not ship ("no such module
// '_Testing_UIKit'"). This target is that module, with nothing in it (Apple's adds image
// attachments of `UIImage`): PushSim's UIKit depends on it so that it is built wherever UIKit
// is, and an app's tests that import both compile (Architecture.md, `UIKit`).
