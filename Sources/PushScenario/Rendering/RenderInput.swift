import Foundation
import PushDevice
import PushPayload

/// What `pushsim render` plays (CommandLine.md): the request body from a `.json` payload or an
/// `.apns` file, and the app it is for, resolved from the command line's paths.
///
/// - The body is the file's bytes, or for an `.apns` file (what `xcrun simctl push` reads) the
///   payload without its `Simulator Target Bundle` key, whose value names the app.
/// - The app is the `--app` file, else one with that bundle id; its strings folder is the
///   `--strings` folder, else the app file's, else the nearest `Strings/` folder from the
///   payload's folder or the current one.
package struct RenderInput: Sendable {
  /// The request body, byte for byte.
  public var body: [UInt8]
  /// The app the push is for.
  public var app: AppConfiguration

  /// Resolves the paths as `render` takes them.
  ///
  /// - Parameters:
  ///   - path: the payload file (`.json` or `.apns`), as the user wrote it.
  ///   - appPath: `--app`, an app file.
  ///   - stringsPath: `--strings`, a folder of `*.lproj` tables.
  ///   - directory: the folder relative paths start from.
  /// - Throws: ``ScenarioError`` with the file and, for bad JSON, the line and column.
  public init(
    path: String, appPath: String? = nil, stringsPath: String? = nil, in directory: URL
  ) throws(ScenarioError) {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    if let problem = FileCheck.problem(readingFileAt: url.path) {
      throw ScenarioError(file: path, problem)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ScenarioError(file: path, "cannot read the file")
    }
    var body = Array(data)
    do {
      _ = try JSONDocument(parsing: body)
    } catch {
      throw ScenarioError(
        at: SourceLocation(file: path, line: error.line, column: error.column), error.message)
    }
    var bundleID: String?
    if url.pathExtension.lowercased() == "apns" {
      let apns = try ScenarioLoader().decode(bytes: body, path: path, url: url)
      if case .push(let push) = apns.steps.first?.action { body = push.body }
      bundleID = apns.app.object["bundleId"]?.stringValue
    }
    var app = AppConfiguration()
    if let appPath {
      app = try ScenarioLoader().loadApp(path: appPath, in: directory)
    } else {
      app.strings =
        ScenarioLoader.nearestStringsFolder(from: url.deletingLastPathComponent())
        ?? ScenarioLoader.nearestStringsFolder(from: directory)
      if let bundleID { app.bundleId = bundleID }
    }
    if let stringsPath {
      var isFolder: ObjCBool = false
      let folder = URL(fileURLWithPath: stringsPath, relativeTo: directory).standardizedFileURL
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { throw ScenarioError(file: stringsPath, "no such folder") }
      app.strings = folder
    }
    self.body = body
    self.app = app
  }
}
