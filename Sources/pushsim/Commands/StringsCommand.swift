import Foundation
import PushLocalization
import PushPayload

/// `pushsim strings lint PATH ...` and `pushsim strings dump FILE` (CommandLine.md).
///
/// Parses flags and calls ``StringsLinter`` and ``StringsDump`` in PushLocalization.
enum StringsCommand {
  static let usage = """
    USAGE: pushsim strings lint PATH ... [--payload FILE ...] [--format text|json]
           pushsim strings dump FILE [--format text|json]

    lint   Check .strings (UTF-8 or UTF-16, text, XML or binary plist), .stringsdict and
           .xcstrings files, or folders of them: syntax errors with file:line:column, entries
           Apple's parser silently drops, duplicate keys, plural forms the language needs,
           keys missing from some localization. Specifiers other than %@ and %n$@ matter only
           in a push's loc-key: they are warned about in the keys the --payload files use,
           else counted in one info line. Exit 1 when there is an error.
    dump   Print the table the device loads as one JSON object (key → value; for
           .stringsdict the entry's dictionary; for .xcstrings {"<lang>": {key: value}}).

    OPTIONS:
      --payload FILE       A push payload (.json or .apns) whose loc-keys to check (repeatable).
      --format text|json   Output format (default text; for dump both are the same JSON).
      -h, --help           Show this help.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(arguments, options: ["format", "payload"], help: usage) {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    guard let format = parsed.format([.text, .json]) else { return .unusable }
    guard let action = parsed.positionals.first else {
      Console.error("error: expected 'lint' or 'dump'; see 'pushsim strings --help'")
      return .unusable
    }
    let paths = Array(parsed.positionals.dropFirst())
    switch action {
    case "lint":
      return lint(paths, payloads: parsed.options["payload"] ?? [], json: format == .json)
    case "dump":
      return dump(paths)
    default:
      Console.error("error: unknown action '\(action)'; expected 'lint' or 'dump'")
      return .unusable
    }
  }

  private static func lint(_ paths: [String], payloads: [String], json: Bool) -> ExitStatus {
    guard !paths.isEmpty else {
      Console.error("error: 'pushsim strings lint' needs at least one PATH")
      return .unusable
    }
    var pushKeys: Set<String>?
    for path in payloads {
      guard let keys = locKeys(ofPayload: path) else { return .unusable }
      pushKeys = (pushKeys ?? []).union(keys)
    }
    let report = StringsLinter(pushKeys: pushKeys).lint(paths: paths)
    for path in report.unusablePaths {
      Console.error("\(path): error: no such file or folder")
    }
    guard report.unusablePaths.isEmpty else { return .unusable }
    if json {
      Console.write(report.json)
    } else {
      var text = ""
      for diagnostic in report.diagnostics { text += diagnostic.description + "\n" }
      let files = report.files.count == 1 ? "file" : "files"
      text +=
        "\(report.errorCount) \(report.errorCount == 1 ? "error" : "errors"), "
        + "\(report.warningCount) \(report.warningCount == 1 ? "warning" : "warnings") "
        + "in \(report.files.count) \(files)\n"
      Console.write(text)
    }
    return report.errorCount > 0 ? .failure : .success
  }

  /// The `title-loc-key`, `subtitle-loc-key` and `loc-key` of a payload file (an `.apns` file's
  /// extra keys are ignored); `nil`, with the error printed, when it cannot be read.
  private static func locKeys(ofPayload path: String) -> Set<String>? {
    guard let data = FileManager.default.contents(atPath: path) else {
      Console.error("\(path): error: cannot read the payload file")
      return nil
    }
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: Array(data))
    } catch {
      Console.error("\(path):\(error.line):\(error.column): error: \(error.message)")
      return nil
    }
    guard let alert = Payload(document: document).aps.alert else { return [] }
    return Set([alert.titleLocKey, alert.subtitleLocKey, alert.locKey].compactMap { $0 })
  }

  private static func dump(_ paths: [String]) -> ExitStatus {
    guard paths.count == 1, let path = paths.first else {
      Console.error("error: 'pushsim strings dump' takes exactly one FILE")
      return .unusable
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
    else {
      Console.error("\(path): error: no such file")
      return .unusable
    }
    let (value, diagnostics) = StringsDump.dump(contentsOf: URL(fileURLWithPath: path), name: path)
    guard let value else {
      let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
      Console.error(first?.description ?? "\(path): error: cannot read the file")
      return .unusable
    }
    Console.write(StringsDump.json(value))
    for diagnostic in diagnostics where diagnostic.severity == .error {
      Console.error(diagnostic.description)
    }
    return diagnostics.contains { $0.severity == .error } ? .failure : .success
  }
}
