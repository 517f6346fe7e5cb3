import Foundation
import PushSimTestSupport
import Testing

/// `run --output` and `docs --out` never overwrite what the command reads (Rules.md §9.8), and
/// a report that cannot be written says why, in the system's words.
@Suite struct OutputFileTests {
  static let payload = #"{"aps": {"alert": {"loc-key": "HELLO"}}}"#
  static let scenario = #"""
    { "app": "chat.app.json",
      "steps": [ { "push": { "id": "m1", "payloadFile": "payloads/p.json" } },
                 { "expect": { "push": { "m1": { "status": "delivered" } } } } ] }
    """#
  static let app = #"""
    { "bundleId": "com.example.chat", "strings": "Strings",
      "serviceExtension": { "kind": "media", "urlKeys": ["u"], "fetch": "manifest" },
      "media": { "https://cdn.example.com/a.jpg": { "file": "media/a.jpg", "contentType": "image/jpeg" } } }
    """#

  /// A suite whose scenario reads an app file, a payload file, a media file and strings.
  static func suite() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("suite/a.json", scenario)
    try folder.write("suite/chat.app.json", app)
    try folder.write("suite/payloads/p.json", payload)
    try folder.write("suite/media/a.jpg", "not really a JPEG")
    try folder.write("suite/Strings/en.lproj/Localizable.strings", #""HELLO" = "Hello";"#)
    return folder
  }

  /// The files of `folder`, path → contents, to show nothing was written or replaced.
  static func snapshot(_ folder: TemporaryFolder) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
    while let relative = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = folder.path(relative)
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return files
  }

  @Test(arguments: [
    ("suite/a.json", "the scenario"),
    ("suite/chat.app.json", "the app file"),
    ("suite/payloads/p.json", "the payload file"),
    ("suite/media/a.jpg", "the media file"),
    ("suite/Strings/en.lproj/Localizable.strings", "the strings folder"),
    ("link.json", "the scenario"),
  ])
  func runRefusesAnOutputItReads(_ output: String, _ what: String) throws {
    let folder = try Self.suite()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.json"), withDestinationPath: folder.path("suite/a.json"))
    let before = try Self.snapshot(folder)
    for paths in [["suite"], ["suite/a.json"]] {
      let result = try CommandRunner.run(
        ["run"] + paths + ["--format", "json", "--output", output], in: folder.url)
      #expect(result.status == 2, "\(output) \(paths)")
      #expect(result.standardError.hasPrefix("\(output): error: --output "), "\(output)")
      #expect(result.standardError.contains(what), "\(output)")
      #expect(result.standardError.contains("Rules.md §9.8"), "\(output)")
      #expect(result.standardOutput.isEmpty)
      #expect(try Self.snapshot(folder) == before, "\(output) \(paths)")
    }
    // Another file is fine.
    let elsewhere = try CommandRunner.run(
      ["run", "suite", "--format", "json", "--output", "report.json"], in: folder.url)
    #expect(elsewhere.status == 0, "\(elsewhere.standardError)")
  }

  @Test(arguments: [
    ("suite", "holds the scenario"), (".", "holds the scenario"),
    ("suite/Strings", "the strings folder"), ("suite/a.json", "is the scenario"),
    ("linked", "holds the scenario"),
  ])
  func docsRefusesAnOutputFolderHoldingWhatItReads(_ out: String, _ what: String) throws {
    let folder = try Self.suite()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("linked"), withDestinationPath: folder.path("suite"))
    let before = try Self.snapshot(folder)
    let result = try CommandRunner.run(["docs", "suite", "--out", out], in: folder.url)
    #expect(result.status == 2, "\(out)")
    #expect(result.standardError.hasPrefix("\(out): error: --out "), "\(out)")
    #expect(result.standardError.contains(what), "\(out): \(result.standardError)")
    #expect(result.standardError.contains("Rules.md §9.8"), "\(out)")
    #expect(try Self.snapshot(folder) == before, "\(out)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("suite/index.html")))
    // A folder of its own, even inside the suite's, is fine.
    let site = try CommandRunner.run(["docs", "suite", "--out", "site"], in: folder.url)
    #expect(site.status == 0, "\(site.standardError)")
  }

  @Test func aReportThatCannotBeWrittenSaysWhy() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("report.json"), withIntermediateDirectories: true)
    let scenario = "Tests/EndToEndTests/Fixtures/run/chat.json"
    let cases = [
      (folder.path("report.json"), "Is a directory"),
      ("/dev/full", "No space left on device"),
      (folder.path("missing/report.json"), "No such file or directory"),
    ]
    for (output, reason) in cases {
      let result = try CommandRunner.run(["run", scenario, "--output", output])
      #expect(result.status == 2, "\(output)")
      #expect(result.standardError == "error: cannot write \(output): \(reason)\n", "\(output)")
    }
  }
}
