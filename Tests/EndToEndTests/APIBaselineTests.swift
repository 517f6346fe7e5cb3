import Foundation
import PushSimTestSupport
import Testing

/// The public API of PushSim's own libraries, held against a baseline (Architecture.md, "Public
/// on purpose"): every public declaration and conformance of each module (members a protocol's
/// extension or a superclass gives are left out), read from the built
/// module by the toolchain's `swift-symbolgraph-extract`, one line each, must match
/// `Tests/EndToEndTests/API/<Module>.api`. A change to the public API is then a change to that
/// file, seen in review; `PUSHSIM_ACCEPT_API=1 swift test --skip-build --filter APIBaseline`
/// writes the files anew.
@Suite(.temporaryFiles) struct APIBaselineTests {
  /// The libraries whose API users build on (Package.swift's products, the Apple mirrors aside:
  /// Apple's declarations are their baseline).
  static let modules = [
    "PushCore", "PushPayload", "PushLocalization", "PushDevice", "PushScenario", "PushSimDocs",
    "PushSimAppHost",
  ]

  @Test(arguments: modules)
  func publicAPIMatchesTheBaseline(module: String) throws {
    let lines = try Self.publicAPI(of: module)
    // The module was read: each has public declarations.
    try #require(lines.count > 10, "read \(lines.count) public declarations of \(module)")
    let baseline = Repository.url("Tests/EndToEndTests/API/\(module).api")
    let text = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["PUSHSIM_ACCEPT_API"] == "1" {
      try text.write(to: baseline, atomically: true, encoding: .utf8)
      return
    }
    let expected = (try? String(contentsOf: baseline, encoding: .utf8)) ?? ""
    let expectedLines = Set(expected.split(separator: "\n").map(String.init))
    let added = lines.filter { !expectedLines.contains($0) }
    let removed = expectedLines.subtracting(lines).sorted()
    #expect(
      added.isEmpty && removed.isEmpty,
      """
      \(module)'s public API differs from Tests/EndToEndTests/API/\(module).api:
      \(added.map { "+ \($0)" }.joined(separator: "\n"))
      \(removed.map { "- \($0)" }.joined(separator: "\n"))
      If the change is meant (a user builds on it; Architecture.md, "Public on purpose"), \
      accept it with PUSHSIM_ACCEPT_API=1 swift test --skip-build --filter APIBaseline; \
      otherwise make it `package`.
      """)
  }

  /// Declarations of PushDevice that are machinery, never public, whatever the baseline says.
  static let machinery = [
    "ServiceExtensionStage", "PendingExtensionRun", "MediaSandbox", "AttachmentValidator",
    "DeviceEffect", "ServiceExtensionOutcome", "HostedActivityType",
  ]

  @Test func theMachineryIsNotPublic() throws {
    let lines = try Self.publicAPI(of: "PushDevice")
    // A declaration line names its path second (`struct DeviceEffect: …`), a conformance
    // line first (`DeviceEffect conforms to …`).
    let exposed = lines.filter { line in
      line.split(separator: " ").prefix(2).contains { word in
        let head = word.split(separator: ".").first.map { $0.trimmingCharacters(in: [":"]) }
        return Self.machinery.contains(head ?? "")
      }
    }
    #expect(exposed.isEmpty, "\(exposed.joined(separator: "\n"))\nmake it `package`")
  }

  @Test func theBaselineSeesDeclarationsAndConformances() throws {
    let lines = try Self.publicAPI(of: "PushCore")
    #expect(lines.contains("struct DiagnosticCode: struct DiagnosticCode"))
    #expect(lines.contains("DiagnosticCode conforms to Swift.Hashable"))
    #expect(lines.contains("type.property EventKind.delivered: static let delivered: EventKind"))
    #expect(!lines.contains { $0.contains("package ") })
  }

  /// One line per public declaration (`<kind> <path>: <declaration>`) and per conformance
  /// (`<path> conforms to <protocol>`), sorted.
  static func publicAPI(of module: String) throws -> [String] {
    let output = try TemporaryFiles.folder("symbols-\(module)")
    try extractSymbolGraphs(of: module, into: output)
    var lines = Set<String>()
    let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
    for file in files where file.hasSuffix(".symbols.json") {
      let data = try Data(contentsOf: output.appendingPathComponent(file))
      let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
      lines.formUnion(graph.lines)
    }
    return lines.sorted()
  }

  /// Runs `swift-symbolgraph-extract` on the built module (beside the tests, in
  /// `.build/<config>/Modules`), public declarations only.
  static func extractSymbolGraphs(of module: String, into output: URL) throws {
    let build = Bundle.main.bundleURL.deletingLastPathComponent()
    let modules = [build, Bundle.main.bundleURL]
      .map { $0.appendingPathComponent("Modules") }
      .first { FileManager.default.fileExists(atPath: $0.path) }
    let includes = try FileManager.default.contentsOfDirectory(
      atPath: Repository.url("Sources").path
    )
    .map { Repository.url("Sources/\($0)/include") }
    .filter { FileManager.default.fileExists(atPath: $0.path) }
    let tool = try #require(
      toolchainProgram("swift-symbolgraph-extract"),
      "swift-symbolgraph-extract is not on PATH (it comes with the Swift toolchain)")
    let process = Process()
    process.executableURL = tool
    process.arguments =
      [
        "-module-name", module, "-I",
        try #require(modules, "no Modules folder in \(build.path)").path,
      ]
      + includes.flatMap { ["-I", $0.path] }
      + [
        "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path,
      ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "swift-symbolgraph-extract failed on \(module): \(String(decoding: message, as: UTF8.self))")
  }

  /// The toolchain program `name`, from `PATH`.
  static func toolchainProgram(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":")
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// The part of a symbol graph file the baseline reads.
private struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Identifier: Decodable { var precise: String }
    struct Kind: Decodable { var identifier: String }
    struct Fragment: Decodable { var spelling: String }
    var identifier: Identifier
    var kind: Kind
    var pathComponents: [String]
    var declarationFragments: [Fragment]?
  }
  struct Relationship: Decodable {
    var kind: String
    var source: String
    var target: String
    var targetFallback: String?
  }
  var symbols: [Symbol]
  var relationships: [Relationship]

  var lines: [String] {
    var paths: [String: String] = [:]
    for symbol in symbols {
      paths[symbol.identifier.precise] = symbol.pathComponents.joined(separator: ".")
    }
    let declarations = symbols.map { symbol in
      let kind = symbol.kind.identifier.replacingOccurrences(of: "swift.", with: "")
      let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return "\(kind) \(symbol.pathComponents.joined(separator: ".")): \(declaration)"
    }
    let conformances = relationships.compactMap { relation -> String? in
      guard relation.kind == "conformsTo" || relation.kind == "inheritsFrom",
        let source = paths[relation.source]
      else { return nil }
      let target = paths[relation.target] ?? relation.targetFallback ?? relation.target
      let verb = relation.kind == "conformsTo" ? "conforms to" : "inherits from"
      return "\(source) \(verb) \(target)"
    }
    return declarations + conformances
  }
}
