public import Foundation
public import PushDevice
import PushPayload

/// The devices `pushsim serve --devices FILE` plays pushes on (CommandLine.md, `pushsim serve`):
/// several phones, each with a name, its `device` and `app` sections in the scenario format's
/// vocabulary (ScenarioFormat.md, device and app; decoded by the same code, positions and all),
/// its tokens by environment and push type, and whether its app has been removed.
///
/// ```json
/// {"devices": [
///   {"name": "ana", "device": {"languages": ["es"], "locked": false}, "app": "chat.app.json",
///    "tokens": {"development": {"device": "<hex>", "voip": "<hex>"}}}
/// ]}
/// ```
public struct DeviceFile: Sendable {
  /// One phone of the file.
  public struct Entry: Sendable {
    /// The name the API and the output use (letters, digits, `-`, `_` and `.`; unique).
    public var name: String
    /// The `device` section (defaults filled in).
    public var device: DeviceConfiguration
    /// The `device` section as written, which a `set` changes as a scenario's `set` step does
    /// (``ConfigurationDocument/merging(_:)``, then ``ConfigurationDocument/deviceConfiguration()``).
    public var deviceDocument: ConfigurationDocument
    /// The `app` section (defaults filled in).
    public var app: AppConfiguration
    /// The tokens written in the file: environment (`development`, `production`) → token kind
    /// (`device`, `voip`, `widgets`, `controls`) → lowercase hexadecimal token.
    public var tokens: [String: [String: String]]
    /// `"removed": true`: the app was deleted before the server started (410 `Unregistered`).
    public var removed: Bool
  }

  /// The environments a token may be written for.
  public static let environments = ["development", "production"]
  /// The kinds of token a device may have: the app's UserNotifications device token, and the
  /// push types with tokens of their own (ScenarioFormat.md, push `to`).
  public static let tokenKinds = ["device", "voip", "widgets", "controls"]

  /// The phones, in file order.
  public var entries: [Entry]
  /// The `faults` object, when written (`pushsim serve` reads it: CommandLine.md, "Faults").
  package var faults: Node? = nil

  /// Reads a devices file; relative paths inside it (an app file, a strings folder, media
  /// files) are resolved from its folder and must lie inside it (Rules.md §9.6).
  public static func load(path: String, in directory: URL) throws(ScenarioError) -> DeviceFile {
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    var source = try ScenarioLoader.read(url, displayPath: path, referencedAt: nil)
    source.trees = SourceFile.trees(for: url, root: nil)
    let root = try ScenarioLoader.parse(source)
    let object = try root.object(allowing: ["devices", "faults"])
    let devicesNode = try object.required("devices")
    let list = try devicesNode.array()
    guard !list.isEmpty else { throw devicesNode.error("no devices") }
    var entries: [Entry] = []
    var names: Set<String> = []
    for node in list {
      let entry = try decodeEntry(node)
      guard names.insert(entry.name).inserted else {
        throw node.error("a second device named \"\(entry.name)\"; names must be unique")
      }
      entries.append(entry)
    }
    return DeviceFile(entries: entries, faults: object.optional("faults"))
  }

  private static func decodeEntry(_ node: Node) throws(ScenarioError) -> Entry {
    let object = try node.object(allowing: ["name", "device", "app", "tokens", "removed"])
    let nameNode = try object.required("name")
    let name = try nameNode.nonEmptyString()
    guard
      name.utf8.allSatisfy({ byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      })
    else {
      throw nameNode.error(
        "a device name is letters, digits, '-', '_' and '.' (it is part of the API's paths)")
    }
    var device = DeviceConfiguration()
    var deviceDocument = ConfigurationDocument(source: node.source)
    if let deviceNode = object.optional("device") {
      device = try DeviceConfiguration(decoding: deviceNode)
      deviceDocument = ConfigurationDocument(
        object: try deviceNode.object(allowing: nil).object, source: node.source)
    }
    let app = try decodeApp(object.optional("app"), source: node.source)
    var tokens: [String: [String: String]] = [:]
    if let tokensNode = object.optional("tokens") {
      for (environment, kinds) in try tokensNode.object(allowing: environments).fields {
        for (kind, tokenNode) in try kinds.object(allowing: tokenKinds).fields {
          let token = try tokenNode.nonEmptyString().lowercased()
          guard token.utf8.count % 2 == 0, token.utf8.count <= 200,
            token.utf8.allSatisfy({ Self.isHexDigit($0) })
          else {
            throw tokenNode.error(
              "a device token is an even number of hexadecimal digits (64 for the device token)")
          }
          tokens[environment, default: [:]][kind] = token
        }
      }
    }
    let removed = try object.optional("removed")?.bool() ?? false
    return Entry(
      name: name, device: device, deviceDocument: deviceDocument, app: app, tokens: tokens,
      removed: removed)
  }

  /// The `app` section: inline or an app file's name, read as a scenario's is.
  private static func decodeApp(_ node: Node?, source: SourceFile) throws(ScenarioError)
    -> AppConfiguration
  {
    guard let node else {
      var object = JSONObject()
      if let strings = ScenarioDecoder.nearestStringsFolder(from: source.folder) {
        object.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
      }
      return try ConfigurationDocument(object: object, source: source).appConfiguration()
    }
    var appNode = node
    if let reference = node.value.stringValue {
      let url = URL(fileURLWithPath: reference, relativeTo: source.folder).standardizedFileURL
      let display = ScenarioLoader.displayPath(of: reference, nextTo: source.path)
      try ScenarioDecoder.confine(reference, url, from: node)
      var appSource = try ScenarioLoader.read(url, displayPath: display, referencedAt: node)
      appSource.trees = source.allowedTrees + SourceFile.trees(for: url, root: nil)
      appNode = try ScenarioLoader.parse(appSource)
    }
    var object = try ScenarioDecoder.resolvedApp(appNode)
    if object["strings"] == nil,
      let strings = ScenarioDecoder.nearestStringsFolder(from: appNode.source.folder)
    {
      object.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
    }
    return try ConfigurationDocument(object: object, source: appNode.source).appConfiguration()
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
  }
}
