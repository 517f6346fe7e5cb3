package import Foundation
import PushSimHosting
import Synchronization
package import Testing

/// Files a test makes in the temporary directory, removed when the test is over, whether it
/// passed, failed or threw: with the `.temporaryFiles` trait on a test or a suite, each test
/// (each case of a parameterised one) gets a folder of its own, made when it first asks
/// (``folder(_:)``) and removed with everything in it when the test returns.
///
/// ```swift
/// @Suite(.temporaryFiles) struct AttachmentTests {
///   @Test func photo() throws {
///     let folder = try TemporaryFiles.folder("photo")  // gone when the test is done
///   }
/// }
/// ```
package struct TemporaryFiles: TestTrait, SuiteTrait, TestScoping {
  /// The trait (`.temporaryFiles`).
  package init() {}

  /// Every test of a suite marked with it gets its own folder.
  package var isRecursive: Bool { true }

  /// Binds a fresh scope around each test case and removes its folder afterwards.
  package func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // The suite itself: its tests each get their own scope.
    guard testCase != nil else { return try await function() }
    let scope = Scope()
    defer { scope.remove() }
    try await AppProcess.with(Scope.Slot.self, scope) { try await function() }
  }

  /// A new, empty folder `prefix-<UUID>` inside the running test's folder.
  ///
  /// - Throws: when the running test does not have the `.temporaryFiles` trait: its files would
  ///   be left behind.
  package static func folder(_ prefix: String) throws -> URL {
    guard let scope = AppProcess[Scope.Slot.self] else { throw OutsideScope(prefix: prefix) }
    let folder = scope.root.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The folder of one running test (`pushsim-test-<UUID>` in the temporary directory).
  final class Scope: Sendable {
    /// The running test's scope: a slot of the one task-local (Architecture.md, "The hosting
    /// runtime"), which the app's code it runs inherits.
    enum Slot: ProcessSlot {
      static var defaultValue: Scope? { nil }
    }

    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-test-\(UUID().uuidString)", isDirectory: true)

    func remove() {
      try? FileManager.default.removeItem(at: root)
    }
  }

  /// ``folder(_:)`` was asked for outside a test with the `.temporaryFiles` trait.
  package struct OutsideScope: Error, CustomStringConvertible {
    let prefix: String
    package var description: String {
      "a temporary folder (\(prefix)) was asked for by a test without the .temporaryFiles "
        + "trait: add it to the test or its suite, so the folder is removed afterwards"
    }
  }
}

extension Trait where Self == TemporaryFiles {
  /// Each test gets a temporary folder of its own, removed when it is over
  /// (``TemporaryFiles``).
  package static var temporaryFiles: Self { TemporaryFiles() }
}

/// Folders a whole test process shares (a certificate its servers read, a picture the app's
/// code reads at every run), made once and removed when the process exits normally, failed
/// tests included.
package enum ProcessTemporaryFolder {
  private static let made = Mutex<[URL]>([])

  /// A new folder `prefix-<UUID>` in the temporary directory, removed at the process's exit.
  package static func make(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let first = made.withLock { made in
      made.append(folder)
      return made.count == 1
    }
    if first { atexit { ProcessTemporaryFolder.removeAll() } }
    return folder
  }

  private static func removeAll() {
    for folder in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
  }
}
