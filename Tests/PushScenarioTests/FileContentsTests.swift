import Foundation
import Testing

@testable import PushScenario

/// Scenario files are read straight into one array (`FileCheck.contents(ofFileAt:)`): every
/// byte must arrive, whatever the size, and a path that cannot be read must say so.
@Suite struct FileContentsTests {
  static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-contents-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return url
  }

  @Test(arguments: [0, 1, 4095, 65536, 65537, 3 * 1024 * 1024 + 7])
  func readsEveryByte(count: Int) throws {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    let url = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: url) }
    let read = try #require(FileCheck.contents(ofFileAt: url.path))
    #expect(read.count == count)
    #expect(read == bytes)
  }

  @Test func aFolderOrAMissingFileGivesNil() throws {
    let folder = FileManager.default.temporaryDirectory
    #expect(FileCheck.contents(ofFileAt: folder.path) == nil)
    #expect(FileCheck.contents(ofFileAt: folder.path + "/no-such-file-\(UUID().uuidString)") == nil)
  }

  /// A file whose size the kernel reports as 0 but which has content (`/proc`) is read whole:
  /// the size is only the first guess.
  #if os(Linux)
    @Test func aFileLargerThanItsReportedSizeIsReadToTheEnd() throws {
      let read = try #require(FileCheck.contents(ofFileAt: "/proc/self/status"))
      let text = String(decoding: read, as: UTF8.self)
      #expect(text.hasPrefix("Name:"))
      #expect(text.contains("VmPeak:"))
    }
  #endif
}
