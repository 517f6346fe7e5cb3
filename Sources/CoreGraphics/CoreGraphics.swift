// PushSim's CoreGraphics for Linux: the geometry an extension's code names (`CGFloat`,
// `CGPoint`, `CGSize`, `CGRect` and their members: `.zero`, `midX`, `insetBy(dx:dy:)`,
// `contains(_:)`, `intersection(_:)`, …), so that `import CoreGraphics` compiles unchanged.
//
// Foundation on Linux already declares these types (swift-corelibs-foundation), as Apple's
// Foundation re-exports CoreGraphics' on Apple platforms: declaring them again here would make
// every use ambiguous in a file that imports both. So the module re-exports Foundation and adds
// nothing. Drawing (`CGContext`, `CGImage`, `CGColor`, `CGPath`), `CGAffineTransform` and
// `CGVector` are not re-created. `CGRect.dictionaryRepresentation`, the form of a thumbnail's
// clipping rectangle, is declared by the Linux UserNotifications beside the option it serves.

@_exported import Foundation
