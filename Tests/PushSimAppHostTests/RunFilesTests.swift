import Foundation
import PushDevice
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Which files in the process's temporary directory a hosted extension run takes as its own
/// (moved into the device's store, so nothing stays behind: Rules.md §9.10).
@Suite("A hosted run's own files in the temporary directory")
struct RunFilesTests {
  static func run() -> ExtensionRun {
    ExtensionRun(
      device: ServiceExtensionContext.appCall(
        budget: .seconds(30), requestIdentifier: "m1", start: Date(),
        fetcher: ManifestFetcher(manifest: MediaManifest())),
      center: nil)
  }

  /// Linux dates a file with its coarse clock, up to a tick (or more, on a busy machine)
  /// behind the precise time: a file written at once after the run began was often dated
  /// before it, and left behind.
  @Test("a file written just after the run began is its own, every time")
  func writtenJustAfter() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-run-files-\(UUID().uuidString).jpg")
    defer { try? FileManager.default.removeItem(at: file) }
    var missed = 0
    for _ in 0..<300 {
      let run = Self.run()
      try Data([0xFF, 0xD8, 0xFF]).write(to: file)
      if !run.owns(file) { missed += 1 }
    }
    #expect(missed == 0)
  }

  @Test("a file from before the run is not its own")
  func olderFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-run-files-\(UUID().uuidString).jpg")
    try Data([0xFF, 0xD8, 0xFF]).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -1)], ofItemAtPath: file.path)
    #expect(!Self.run().owns(file))
  }
}

/// The test helpers' folders go when the test is over, also when it fails.
@Suite("A test's temporary files")
struct TemporaryFilesTests {
  struct Failure: Error {}

  @Test("a test that throws still has its folder removed")
  func removedWhenTheTestThrows() async throws {
    let test = try #require(Test.current)
    let made = Recorded<URL>()
    await #expect(throws: Failure.self) {
      try await TemporaryFiles().provideScope(for: test, testCase: Test.Case.current) {
        let folder = try TemporaryFiles.folder("pushsim-scope")
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        made.append(folder)
        throw Failure()
      }
    }
    let folder = try #require(made.all.first)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().path))
  }

  @Test("outside a test with the trait, asking for a folder is an error, not a leftover")
  func outsideTheTrait() {
    #expect(throws: TemporaryFiles.OutsideScope.self) {
      _ = try TemporaryFiles.folder("pushsim-scope")
    }
  }
}
