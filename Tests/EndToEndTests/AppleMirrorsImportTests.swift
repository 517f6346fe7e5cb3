import Foundation
import PushSimTestSupport
import Testing

/// Apple's mirrors are pure (Architecture.md "Apple's mirrors know nothing of the device"): the
/// modules an app's code imports on Linux import nothing of PushSim but the hosting runtime
/// (`PushSimHosting`, which knows nothing of the device either) and two rule libraries in
/// `UserNotifications`, all `internal`ly (or as `package`); the device and its host are never
/// imported.
@Suite struct AppleMirrorsImportTests {
  /// Each mirror and the PushSim modules it may import (C shims included: `CPush…`).
  static let allowed: [String: Set<String>] = [
    "UserNotifications": ["PushMedia", "PushLocalization", "PushSimHosting"],
    "UserNotificationsUI": ["PushSimHosting"], "Intents": ["PushSimHosting"],
    "ActivityKit": ["PushSimHosting"], "PushKit": ["PushSimHosting"],
    "CallKit": ["PushSimHosting"], "os": ["PushSimHosting"], "OSLog": ["PushSimHosting"],
    "UniformTypeIdentifiers": ["PushSimHosting"], "CoreGraphics": ["PushSimHosting"],
    "MobileCoreServices": ["PushSimHosting"], "CryptoKit": ["CPushCrypto", "PushSimHosting"],
    "Combine": ["PushSimHosting"], "UIKit": ["PushSimHosting"],
  ]

  /// The `Push…` and `CPush…` modules `text` imports, with whether each import is `internal`
  /// (or `package`, which no user of the module sees either): attributes (`@preconcurrency`,
  /// `@testable`), a declaration kind (`import struct PushDevice.Device`) and a trailing
  /// comment are read too.
  static func pushImports(in text: String) -> [(module: String, isInternal: Bool)] {
    let importLine =
      #/(?:@\w+\s+)*(?:(\w+)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(C?Push\w+)[\w.]*\s*(?://.*)?/#
    return text.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard let match = trimmed.wholeMatch(of: importLine) else { return nil }
      return (String(match.output.2), match.output.1 == "internal" || match.output.1 == "package")
    }
  }

  @Test func theScanReadsImportsWithTheirAccess() {
    let text = """
      import Foundation
      internal import PushMedia
        package import PushDevice
      @preconcurrency import PushScenario
      @testable import PushPayload // for tests
      import struct PushDevice.Device
      import CPushCurl
      """
    let found = Self.pushImports(in: text)
    #expect(
      found.map(\.module) == [
        "PushMedia", "PushDevice", "PushScenario", "PushPayload", "PushDevice", "CPushCurl",
      ])
    #expect(found.map(\.isInternal) == [true, true, false, false, false, false])
  }

  @Test func mirrorsImportNothingOfTheDevice() throws {
    var files = 0
    for (mirror, allowed) in Self.allowed.sorted(by: { $0.key < $1.key }) {
      let folder = Repository.url("Sources/\(mirror)")
      let paths = try #require(FileManager.default.enumerator(atPath: folder.path))
      while let path = paths.nextObject() as? String {
        guard path.hasSuffix(".swift") else { continue }
        files += 1
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for (module, isInternal) in Self.pushImports(in: text) {
          #expect(
            allowed.contains(module) && isInternal,
            "Sources/\(mirror)/\(path) imports \(module): Apple's mirrors import nothing of the device; what hosting needs belongs in PushSimAppHost"
          )
        }
      }
    }
    // The folders were found and read.
    #expect(files > 50)
  }
}
