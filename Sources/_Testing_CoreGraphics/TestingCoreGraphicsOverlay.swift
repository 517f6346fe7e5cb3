// The cross-import overlay of Swift Testing and CoreGraphics, empty.
//
// The toolchain's Testing module declares an overlay, `_Testing_CoreGraphics`, that the compiler
// loads in every file importing both Testing and CoreGraphics (on Apple platforms it makes
// `CGImage` attachable). Linux's toolchain ships the declaration but not the module, so with
// PushSim's CoreGraphics such a file (an app's own tests) would fail with "no such module
// '_Testing_CoreGraphics'". This target is that module, with nothing in it: CoreGraphics depends
// on it so that it is built wherever CoreGraphics is.
