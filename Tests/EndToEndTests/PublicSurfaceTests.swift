import Foundation
import PushSimTestSupport
import Testing

/// Public on purpose, measured (issue 34): PushDevice's public lines stay at or below the
/// figure Architecture.md gives. A public line is a line whose first text is `public ` or
/// `open ` (`public import` aside). What only the package's own targets use (the scenario
/// layer, the app host, the docs site, the command line, the tests and the benchmarks) is
/// `package`.
@Suite struct PublicSurfaceTests {
  /// The most public lines per 100 lines PushDevice may have (Architecture.md, "Public on
  /// purpose").
  static let limit = 5.0

  /// Declarations of PushDevice that are machinery, never public (the issue names the first
  /// three).
  static let machinery = [
    "ServiceExtensionStage", "PendingExtensionRun", "MediaSandbox", "AttachmentValidator",
    "DeviceEffect", "ServiceExtensionOutcome", "HostedActivityType",
  ]

  /// The lines of `text` and how many of them are public.
  static func count(_ text: String) -> (lines: Int, public: Int) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if text.hasSuffix("\n") { lines.removeLast() }
    let publicLines = lines.filter { line in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      return (trimmed.hasPrefix("public ") || trimmed.hasPrefix("open "))
        && !trimmed.hasPrefix("public import ")
    }
    return (lines.count, publicLines.count)
  }

  /// Every Swift file of PushDevice's sources, as `(path, text)`.
  static func pushDeviceSources() throws -> [(path: String, text: String)] {
    let folder = Repository.url("Sources/PushDevice")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var sources: [(path: String, text: String)] = []
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      sources.append(("Sources/PushDevice/\(path)", text))
    }
    return sources
  }

  @Test func pushDeviceIsPublicOnPurpose() throws {
    let sources = try Self.pushDeviceSources()
    let lines = sources.map { Self.count($0.text).lines }.reduce(0, +)
    let publicLines = sources.map { Self.count($0.text).public }.reduce(0, +)
    // The folder was found and read: PushDevice is thousands of lines.
    try #require(lines > 1_000, "read \(lines) lines of Sources/PushDevice")
    let perHundred = Double(publicLines) * 100 / Double(lines)
    #expect(
      perHundred <= Self.limit,
      """
      PushDevice has \(publicLines) public lines in \(lines) \
      (\(String(format: "%.2f", perHundred)) per 100, over \(Self.limit)). Make what you \
      added `package` unless a Swift user builds on it (a seam, the device and the records a \
      test reads, the configuration that builds a Device; Architecture.md, "Public on \
      purpose"); if it is, raise the limit here and the figure in Architecture.md together.
      """)
  }

  @Test func theMachineryIsNotPublic() throws {
    var found: [String] = []
    for (path, text) in try Self.pushDeviceSources() {
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("public ") || trimmed.hasPrefix("open ") else { continue }
        let words = trimmed.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        if let name = Self.machinery.first(where: { words.contains(Substring($0)) }),
          words.contains(where: { ["struct", "class", "enum", "actor", "protocol"].contains($0) })
        {
          found.append("\(path):\(index + 1): \(name) is public")
        }
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n")): make it `package`")
  }

  @Test func theCountSeesPublicAndOpenLinesOnly() {
    let text = """
      public import Foundation
      /// A type.
      public struct A {
        public var x: Int
        package var y: Int
          open func f() {}
        var publicity: Int
      }

      """
    let counted = Self.count(text)
    #expect(counted.lines == 8)
    #expect(counted.public == 3)
  }
}
