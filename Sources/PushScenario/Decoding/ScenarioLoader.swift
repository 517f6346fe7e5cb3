public import Foundation
import PushDevice
import PushPayload

/// Reads scenario files (ScenarioFormat.md) into ``Scenario`` values.
///
/// Decoding is PushSim's own, on top of the payload layer's JSON reader, so every error has an
/// exact position: `Scenarios/x.json:14:9: error: unknown step "tapp"; expected one of push, …`.
/// Unknown fields are errors (a typo is never ignored silently); every reference (an app file,
/// a payload file, a strings folder, a media file, a push id) is checked before anything runs.
/// Scenario files are untrusted input: nothing here traps.
public struct ScenarioLoader: Sendable {
  /// Creates a loader.
  public init() {}

  /// Decodes a scenario from bytes already in memory, as if read from `path` (relative
  /// references are resolved from the folder of `url`).
  public func decode(bytes: [UInt8], path: String, url: URL) throws(ScenarioError) -> Scenario {
    let source = SourceFile(path: path, url: url.standardizedFileURL, bytes: bytes)
    if url.pathExtension.lowercased() == "apns" { return try loadAPNSFile(source) }
    let (root, steps) = try Self.parseScenario(source)
    return try ScenarioDecoder(source: source, deferredSteps: steps).decode(root)
  }

  /// Reads an app file (`*.app.json`, the shape of a scenario's `app` section), as
  /// `pushsim render --app` and `pushsim validate --app` use it. Relative paths inside it are
  /// resolved from its folder; without `strings` the nearest `Strings` folder is used.
  public func loadApp(path: String, in directory: URL) throws(ScenarioError) -> AppConfiguration {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    var source = try Self.read(url, displayPath: path, referencedAt: nil)
    source.trees = SourceFile.trees(for: url, root: nil)
    let root = try Self.parse(source)
    var object = try ScenarioDecoder.resolvedApp(root)
    if object["strings"] == nil, let strings = Self.nearestStringsFolder(from: source.folder) {
      object.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
    }
    return try ConfigurationDocument(object: object, source: source).appConfiguration()
  }

  /// The nearest folder named `Strings` in `folder` or a folder above it: where an app's
  /// strings are looked for when the app does not name them.
  public static func nearestStringsFolder(from folder: URL) -> URL? {
    ScenarioDecoder.nearestStringsFolder(from: folder)
  }

  /// The file name suffix of app files, which are never scenarios themselves.
  public static let appFileSuffix = ".app.json"

  /// Reads the scenario at `path` (a `.json` scenario or an `.apns` push file).
  ///
  /// - Parameters:
  ///   - path: the path as the user wrote it (used in messages).
  ///   - directory: the folder relative paths start from.
  public func load(path: String, in directory: URL) throws(ScenarioError) -> Scenario {
    try load(path: path, in: directory, root: nil)
  }

  /// Reads the scenario at `path`, found in the folder `root` given on the command line (`nil`
  /// for a file given itself): the files it refers to must lie in that tree.
  func load(path: String, in directory: URL, root: URL?) throws(ScenarioError) -> Scenario {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    var source = try Self.read(url, displayPath: path, referencedAt: nil)
    source.trees = SourceFile.trees(for: url, root: root)
    if url.pathExtension.lowercased() == "apns" {
      return try loadAPNSFile(source)
    }
    let (parsed, steps) = try Self.parseScenario(source)
    // The folder of an app file the scenario shares with others (a relative path to a file
    // named `*.app.json`), when it is an ancestor of the scenario's folder other than `/`, is
    // part of its tree (`"app": "../chat.app.json"` beside `payloads/`; Rules.md §9.6). Any
    // other app file must lie inside the tree (``ScenarioDecoder``).
    if let reference = parsed.value["app"]?.stringValue, !reference.hasPrefix("/"),
      reference.lowercased().hasSuffix(Self.appFileSuffix)
    {
      let appFolder = URL(fileURLWithPath: reference, relativeTo: source.folder)
        .standardizedFileURL.deletingLastPathComponent().path
      if let resolved = FileCheck.realPath(appFolder), resolved != "/",
        let scenarioFolder = FileCheck.realPath(source.folder.path),
        FileCheck.isInside(scenarioFolder, folder: resolved), !source.trees.contains(resolved)
      {
        source.trees.append(resolved)
      }
    }
    let root = Node(root: parsed.value, source: source)
    _ = consume parsed
    return try ScenarioDecoder(source: source, deferredSteps: steps).decode(consume root)
  }

  /// Every scenario the paths name (files, or folders searched as ``scenarioFiles(in:directory:)``
  /// does), keeping those whose name contains `filter` (case-insensitive), as `pushsim run` and
  /// `pushsim docs` take them (CommandLine.md).
  ///
  /// - Throws: ``ScenarioError`` for the first file that cannot be used, or when no scenario is
  ///   left to play.
  public func loadAll(
    paths: [String], in directory: URL, filter: String? = nil
  ) throws(ScenarioError) -> [Scenario] {
    var scenarios: [Scenario] = []
    for path in paths {
      let root = Self.root(of: path, in: directory)
      for file in try Self.scenarioFiles(in: [path], directory: directory) {
        scenarios.append(try load(path: file, in: directory, root: root))
      }
    }
    if let filter {
      scenarios = scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
    }
    guard !scenarios.isEmpty else {
      let named = filter.map { " whose name contains '\($0)'" } ?? ""
      throw ScenarioError(file: nil, "no scenario\(named) in \(paths.joined(separator: ", "))")
    }
    return scenarios
  }

  /// The tree the scenarios found under `path` may refer into: the folder itself, or `nil`
  /// when `path` names a file.
  static func root(of path: String, in directory: URL) -> URL? {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    return FileCheck.problem(listingFolderAt: url.path) == nil ? url : nil
  }

  /// The scenario files a list of paths names: files as given, folders searched recursively
  /// for `.json` (not `*.app.json`) and `.apns` files, in a stable (sorted) order. Files inside
  /// folders named `payloads` or `media` are what scenarios refer to, not scenarios.
  public static func scenarioFiles(
    in paths: [String], directory: URL
  ) throws(ScenarioError) -> [String] {
    var files: [String] = []
    for path in paths {
      let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        let problem = FileCheck.problem(readingFileAt: url.path) ?? "no such file"
        throw ScenarioError(
          file: path, problem == "no such file" ? "no such file or folder" : problem)
      }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      if let problem = FileCheck.problem(listingFolderAt: url.path) {
        throw ScenarioError(file: path, problem)
      }
      guard let enumerator = FileManager.default.enumerator(atPath: url.path) else {
        throw ScenarioError(file: path, "cannot read the folder")
      }
      var found: [String] = []
      while let relative = enumerator.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        // A folder inside that cannot be listed would hide its scenarios: say so.
        if !name.hasPrefix("."),
          enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory,
          let problem = FileCheck.problem(
            listingFolderAt: url.appendingPathComponent(relative).path)
        {
          let shown = path.hasSuffix("/") ? path + relative : path + "/" + relative
          throw ScenarioError(file: shown, problem)
        }
        let lower = name.lowercased()
        guard !name.hasPrefix("."), lower.hasSuffix(".apns") || lower.hasSuffix(".json"),
          !lower.hasSuffix(appFileSuffix)
        else { continue }
        // Payload files sit in folders named `payloads`; they are referenced, not played.
        let components = relative.split(separator: "/")
        guard !components.dropLast().contains(where: { $0 == "payloads" || $0 == "media" }) else {
          continue
        }
        found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
      }
      files.append(contentsOf: found.sorted())
    }
    return files
  }

  // MARK: Files

  /// Reads a file, or fails at `referencedAt` (the value that names it).
  static func read(
    _ url: URL, displayPath: String, referencedAt: Node?
  ) throws(ScenarioError) -> SourceFile {
    if let problem = FileCheck.problem(readingFileAt: url.path) {
      if let referencedAt { throw referencedAt.error("\(displayPath): \(problem)") }
      throw ScenarioError(file: displayPath, problem)
    }
    guard let bytes = FileCheck.contents(ofFileAt: url.path) else {
      if let referencedAt { throw referencedAt.error("\(displayPath): cannot read the file") }
      throw ScenarioError(file: displayPath, "cannot read the file")
    }
    return SourceFile(path: displayPath, url: url, bytes: bytes)
  }

  /// Parses a file as JSON, turning a syntax error into a positioned scenario error.
  static func parse(_ source: SourceFile) throws(ScenarioError) -> Node {
    try parse(source, deferring: nil).root
  }

  /// Parses a scenario file: the whole file is checked, but its `steps` array is not kept;
  /// the decoder reads one step at a time from where each one is
  /// (``JSONDocument/deferredArrays``), so a 100,000-push file is never one tree in memory.
  static func parseScenario(
    _ source: SourceFile
  ) throws(ScenarioError) -> (root: Node, steps: [Int: JSONDeferredArray]) {
    try parse(source, deferring: "steps")
  }

  private static func parse(
    _ source: SourceFile, deferring member: String?
  ) throws(ScenarioError) -> (root: Node, steps: [Int: JSONDeferredArray]) {
    do {
      // The tree is kept while the file decodes, and its checks until the scenario has played:
      // each object's storage fits its members (a reader reserves room for eight).
      let document = try JSONDocument(parsing: source.bytes, compact: true, deferring: member)
      return (Node(root: document.root, source: source), document.deferredArrays)
    } catch {
      throw ScenarioError(syntax: error, in: source)
    }
  }

  /// The display path of `reference` written in a file shown as `displayPath`.
  static func displayPath(of reference: String, nextTo displayPath: String) -> String {
    guard !reference.hasPrefix("/") else { return reference }
    let folder = (displayPath as NSString).deletingLastPathComponent
    var components = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
    for part in reference.split(separator: "/").map(String.init) {
      if part == "." { continue }
      if part == "..", let last = components.last, last != ".." {
        components.removeLast()
      } else {
        components.append(part)
      }
    }
    let joined = components.joined(separator: "/")
    return displayPath.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
  }

  // MARK: .apns files

  /// An `.apns` file (what `xcrun simctl push` reads) as a scenario of one push: its
  /// `Simulator Target Bundle` names the app, the rest is the payload, every setting is the
  /// default (ScenarioFormat.md, .apns files).
  func loadAPNSFile(_ source: SourceFile) throws(ScenarioError) -> Scenario {
    let root = try Self.parse(source)
    let (body, bundleID) = try Self.apnsBody(root)
    var app = JSONObject()
    if let bundleID {
      app.append(JSONMember(key: "bundleId", value: JSONValue(.string(bundleID))))
    }
    if let strings = ScenarioDecoder.nearestStringsFolder(from: source.folder) {
      app.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
    }
    let name = source.url.deletingPathExtension().lastPathComponent
    let push = PushStep(id: "push-1", body: body, origin: .file(source.path))
    return Scenario(
      name: name, file: source.path, device: ConfigurationDocument(source: source),
      app: ConfigurationDocument(object: app, source: source),
      steps: [Step(number: 1, at: root.anchor, action: .push(push))])
  }

  /// The payload bytes of an `.apns` file and the bundle id it names (``APNsFile``: every
  /// copy of `Simulator Target Bundle` is cut, the rest stays byte for byte).
  static func apnsBody(_ root: Node) throws(ScenarioError) -> (body: [UInt8], bundleID: String?) {
    let contents = APNsFile.contents(of: root.source.bytes, root: root.value)
    if let invalid = contents.invalidBundleValue {
      throw root.error(
        "expected a string for \"\(APNsFile.targetBundleKey)\", found \(invalid.typeName)"
      )
      .moved(to: root.source.location(ofByte: invalid.byteRange.lowerBound))
    }
    return (contents.payload, contents.bundleID)
  }
}

extension ScenarioError {
  /// A JSON syntax error in `source`, at its line and column.
  init(syntax error: JSONSyntaxError, in source: SourceFile) {
    self.init(
      at: SourceLocation(file: source.path, line: error.line, column: error.column),
      error.message)
  }

  /// The same message at another position.
  func moved(to location: SourceLocation) -> ScenarioError {
    ScenarioError(at: location, message)
  }
}
