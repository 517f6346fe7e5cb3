import Foundation
import PushDevice
import PushSimTestSupport
import Testing

@Suite struct MediaSandboxTests {
  typealias F = ExtensionFixtures

  @Test func anOwnedSandboxIsDeletedWhenReleased() throws {
    var sandbox: MediaSandbox? = MediaSandbox()
    let root = try #require(sandbox?.root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(FileManager.default.fileExists(atPath: root.path))
    sandbox = nil
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  @Test func aGivenRootIsKeptUntilRemoved() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-kept-\(UUID().uuidString)")
    var sandbox: MediaSandbox? = MediaSandbox(root: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    sandbox = nil
    #expect(sandbox == nil)
    #expect(FileManager.default.fileExists(atPath: root.path))
    MediaSandbox(root: root).removeAll()
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  @Test func eachRunWritesIntoItsOwnFolder() async throws {
    let stage = F.stage(
      MediaManifest(entries: ["https://cdn.example.com/cat.jpg": .init(file: F.file("tiny.jpg"))]))
    let first = await stage.run(request: F.request(), extension: MediaAttachmentExtension())
    let second = await stage.run(request: F.request(), extension: MediaAttachmentExtension())
    let folders = [first, second].compactMap {
      $0.request.content.attachments.first?.url.deletingLastPathComponent().lastPathComponent
    }
    #expect(folders == ["run-1", "run-2"])
  }
}
