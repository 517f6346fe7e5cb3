import Foundation
import PushDevice
import PushSimTestSupport
import Synchronization
import Testing

@Suite struct MediaSandboxTests {
  typealias F = ExtensionFixtures

  @Test func anOwnedSandboxIsDeletedWhenReleased() throws {
    var sandbox: MediaSandbox? = MediaSandbox()
    let root = try #require(sandbox?.root)
    sandbox?.noteUse()
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(FileManager.default.fileExists(atPath: root.path))
    sandbox = nil
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  /// A device that never downloads looks for no folder when it goes: removing one that was
  /// never made still locks the temporary directory, which 10,000 devices in parallel waited for.
  @Test func anUnusedSandboxLooksForNoFolder() throws {
    var sandbox: MediaSandbox? = MediaSandbox()
    let root = try #require(sandbox?.root)
    // Made behind the sandbox's back: had it looked, it would have removed it.
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    sandbox = nil
    #expect(FileManager.default.fileExists(atPath: root.path))
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

  @Test func anExtensionThatOutlivesItsRunDoesNotKeepTheFolder() async throws {
    // The extension writes its attachment, then never returns until the test lets it: the
    // watchdog ends the run, and the task it leaves behind must not keep the sandbox alive.
    let hanging = HangingExtension()
    defer { hanging.release() }
    var stage: ServiceExtensionStage? = ServiceExtensionStage(
      fetcher: ManifestFetcher(manifest: MediaManifest(entries: [:]), ats: ATSSettings()),
      sandbox: MediaSandbox(),
      watchdog: .init(didReceiveLimit: .seconds(1), timeWillExpireLimit: .seconds(1)))
    let root = try #require(stage?.sandbox.root)
    let outcome = await stage?.run(request: F.request(), extension: hanging)
    #expect(outcome?.delivered == .original)
    #expect(hanging.wroteFile, "the extension had written into the sandbox")
    #expect(FileManager.default.fileExists(atPath: root.path))
    stage = nil
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }
}

/// Writes one attachment file, then waits until ``release()``, ignoring cancellation, as a
/// stuck extension would.
private final class HangingExtension: ServiceExtension, Sendable {
  private let state = Mutex<
    (written: Bool, released: Bool, waiter: CheckedContinuation<Void, Never>?)
  >(
    (false, false, nil))

  var wroteFile: Bool { state.withLock { $0.written } }

  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    _ = try context.writeAttachmentFile(Data([0xFF, 0xD8, 0xFF, 0xE0]), type: .jpeg)
    state.withLock { $0.written = true }
    await withCheckedContinuation { continuation in
      let released = state.withLock { state in
        if !state.released { state.waiter = continuation }
        return state.released
      }
      if released { continuation.resume() }
    }
    return request.content
  }

  func release() {
    let waiter = state.withLock { state in
      state.released = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
