import Foundation
import PushSimTestSupport
import Testing

/// Apple's mirrors are pure (issue 34, Architecture.md "Apple's mirrors know nothing of the
/// device"): the modules an app's code imports on Linux import nothing of PushSim but two rule
/// libraries, `internal`ly, in `UserNotifications`; the device and its host are never imported.
@Suite struct AppleMirrorsImportTests {
  /// Each mirror and the PushSim modules it may import (C shims included: `CPush…`).
  static let allowed: [String: Set<String>] = [
    "UserNotifications": ["PushMedia", "PushLocalization"],
    "UserNotificationsUI": [], "Intents": [], "ActivityKit": [], "PushKit": [], "CallKit": [],
    "os": [], "OSLog": [], "UniformTypeIdentifiers": [], "CoreGraphics": [],
    "MobileCoreServices": [], "CryptoKit": ["CPushCrypto"], "Combine": [],
  ]

  /// The `Push…` and `CPush…` modules `text` imports, with whether each import is `internal`.
  static func pushImports(in text: String) -> [(module: String, isInternal: Bool)] {
    text.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard let match = trimmed.wholeMatch(of: #/(?:(\w+) )?import (C?Push\w+)/#) else {
        return nil
      }
      return (String(match.output.2), match.output.1 == "internal")
    }
  }

  @Test func theScanReadsImportsWithTheirAccess() {
    let text =
      "import Foundation\ninternal import PushMedia\n  package import PushDevice\nimport CPushCurl\n"
    let found = Self.pushImports(in: text)
    #expect(found.map(\.module) == ["PushMedia", "PushDevice", "CPushCurl"])
    #expect(found.map(\.isInternal) == [true, false, false])
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
