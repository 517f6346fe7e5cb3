import Foundation
import PushDevice
import PushScenario
import Testing

/// A `requests` entry's `file` is checked when the scenario is read (Rules.md §9.6); the file
/// opened when the app's request or the download is answered must be the one checked, whatever
/// was swapped in between.
@Suite("A requests file swapped for a symbolic link after the scenario was read")
struct RequestFileSwapTests {
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
  static let address = "https://cdn.example.com/photo.jpg"
  static let scenario = """
    { "app": { "requests": { "\(address)": { "file": "media/photo.jpg" } } }, "steps": [] }
    """

  /// A scenario folder (`tree`) with `media/photo.jpg`, and a folder beside it (`outside`) with
  /// a secret of the same name; removed when the test is done.
  final class Folders {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-swap-\(UUID().uuidString)", isDirectory: true)
    var tree: URL { root.appendingPathComponent("tree", isDirectory: true) }
    var outside: URL { root.appendingPathComponent("outside", isDirectory: true) }

    init() throws {
      for folder in [tree, outside] {
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
      }
      try Data(RequestFileSwapTests.jpeg + Array("photo".utf8))
        .write(to: tree.appendingPathComponent("media/photo.jpg"))
      try Data(RequestFileSwapTests.jpeg + Array("secret".utf8))
        .write(to: outside.appendingPathComponent("media/photo.jpg"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The scenario, read (and its files checked) now.
    func scenario() throws -> Scenario {
      try ScenarioLoader().decode(
        bytes: Array(RequestFileSwapTests.scenario.utf8), path: "x.json",
        url: tree.appendingPathComponent("x.json"))
    }
  }

  /// The fetcher a run of `scenario` answers with (its app built when the run starts).
  static func fetcher(_ scenario: Scenario) throws -> ManifestFetcher {
    ManifestFetcher(manifest: try scenario.app.appConfiguration().media)
  }

  /// What the app's request and the media download get, or the failure's code.
  static func answers(_ fetcher: ManifestFetcher) async throws -> [String] {
    let url = try #require(URL(string: address))
    var results: [String] = []
    do {
      let response = try await fetcher.answer(
        AppRequest(url: url), limit: 1 << 20, timeout: .seconds(30))
      results.append(String(decoding: response.body.dropFirst(jpeg.count), as: UTF8.self))
    } catch let error as MediaFetchError {
      results.append(error.code.rawValue)
    }
    do {
      let media = try await fetcher.fetch(url, limit: 1 << 20, timeout: .seconds(30))
      results.append(String(decoding: media.data.dropFirst(jpeg.count), as: UTF8.self))
    } catch let error as MediaFetchError {
      results.append(error.code.rawValue)
    }
    return results
  }

  @Test("unchanged, the file is served")
  func unchanged() async throws {
    let folders = try Folders()
    #expect(try await Self.answers(Self.fetcher(folders.scenario())) == ["photo", "photo"])
  }

  @Test("the file itself replaced by a link to a file outside the tree is refused")
  func fileSwapped() async throws {
    let folders = try Folders()
    let scenario = try folders.scenario()
    let file = folders.tree.appendingPathComponent("media/photo.jpg")
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(
      at: file, withDestinationURL: folders.outside.appendingPathComponent("media/photo.jpg"))
    #expect(
      try await Self.answers(Self.fetcher(scenario)) == ["file-unreadable", "file-unreadable"])
  }

  @Test("its folder replaced by a link to a folder outside the tree is refused")
  func folderSwapped() async throws {
    let folders = try Folders()
    let scenario = try folders.scenario()
    let media = folders.tree.appendingPathComponent("media")
    try FileManager.default.moveItem(
      at: media, to: folders.tree.appendingPathComponent("media-before"))
    try FileManager.default.createSymbolicLink(
      at: media, withDestinationURL: folders.outside.appendingPathComponent("media"))
    #expect(
      try await Self.answers(Self.fetcher(scenario)) == ["file-unreadable", "file-unreadable"])
  }

  @Test("a file named through a link inside the tree is the file it named when read")
  func linkInsideTheTree() async throws {
    let folders = try Folders()
    let media = folders.tree.appendingPathComponent("media")
    let real = folders.tree.appendingPathComponent("pictures")
    try FileManager.default.moveItem(at: media, to: real)
    try FileManager.default.createSymbolicLink(at: media, withDestinationURL: real)
    #expect(try await Self.answers(Self.fetcher(folders.scenario())) == ["photo", "photo"])
  }
}
