import Foundation
import PushLocalization
import PushSimTestSupport
import Testing

/// Differential test: our reader against the toolchain's `plutil -convert json` (CoreFoundation's
/// parser) over every `.strings` fixture. They must agree key for key, both on what loads and on
/// what does not.
///
/// Legitimate differences, listed in ``expectedDifferences`` with the reason:
/// - `plutil` cannot write data values as JSON; we dump them as base64.
/// Silently truncated files are *not* differences: both load the same prefix; only our lint
/// adds the `silent-truncation` error on top.
@Suite struct PlutilDifferentialTests {
  static let plutil: URL? = {
    let candidates =
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
        URL(fileURLWithPath: String($0)).appendingPathComponent("plutil")
      } + [URL(fileURLWithPath: "/opt/swift/usr/bin/plutil")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static let expectedDifferences: [String: String] = [
    "data-value.strings": "plutil cannot write data values as JSON; our dump prints base64"
  ]

  static func plutilTable(_ url: URL) throws -> [String: Any]? {
    guard let plutil else { return nil }
    let process = Process()
    process.executableURL = plutil
    process.arguments = ["-convert", "json", "-o", "-", url.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return try JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  @Test(.enabled(if: plutil != nil), arguments: StringsFileTests.fixtures)
  func agreesWithPlutil(_ name: String) throws {
    let url = StringsFileTests.folder.appendingPathComponent(name)
    let ours = StringsFile.read(contentsOf: url, name: name)
    let theirs = try Self.plutilTable(url)
    if let reason = Self.expectedDifferences[name] {
      #expect(theirs == nil, "\(name) was expected to differ: \(reason)")
      #expect(ours.isLoaded)
      return
    }
    guard let theirs else {
      #expect(!ours.isLoaded, "plutil rejects \(name) but we load it")
      return
    }
    #expect(ours.isLoaded, "plutil loads \(name) but we do not")
    let mine = try #require(ours.isLoaded ? .dictionary(ours.values) : nil as PropertyListValue?)
    let ourJSON = try JSONSerialization.data(withJSONObject: mine.jsonObject, options: .sortedKeys)
    let theirJSON = try JSONSerialization.data(withJSONObject: theirs, options: .sortedKeys)
    let ourObject = try JSONSerialization.jsonObject(with: ourJSON) as? NSDictionary
    let theirObject = try JSONSerialization.jsonObject(with: theirJSON) as? NSDictionary
    #expect(
      ourObject == theirObject,
      "\(name): ours \(String(decoding: ourJSON, as: UTF8.self)) vs plutil \(String(decoding: theirJSON, as: UTF8.self))"
    )
    #expect(Set(ours.values.keys) == Set(theirs.keys))
  }
}
