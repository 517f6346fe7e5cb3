import Foundation
public import PushCore

/// `pushsim strings lint PATH...` (CommandLine.md): every finding about `.strings`, `.stringsdict`
/// and `.xcstrings` files.
///
/// Per file: syntax errors with file, line and column, silent truncation (Localization.md §1.5),
/// duplicate keys (§1.6), plural forms a number of the variable's value type needs
/// (`plural-other-missing`, `plural-form-missing`), variables used inside their own forms, and a
/// `%` followed by a space (`literal-percent`). Format specifiers other than `%@`/`%n$@` (§4.2;
/// inside a plural variant the variable's own numeric conversion is fine) matter only in a key a
/// push uses as its loc-key, since loc-args are strings: they are warned about
/// (`unsupported-specifier`) in the ``pushKeys`` only, and otherwise counted in one
/// `numeric-specifiers` note. Across files: keys that some localization of the same table lacks
/// (reported at the key in a localization that has it), and catalog keys without a value in one of
/// the catalog's languages.
public struct StringsLinter: Sendable {
  /// The result of a lint run.
  public struct Report: Sendable {
    /// Files read.
    public var files: [String]
    /// Every finding, in file order.
    public var diagnostics: [Diagnostic]
    /// Paths that could not be used (missing, unreadable): exit status 2.
    public var unusablePaths: [String]

    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// `strings lint --format json` (CommandLine.md): `files`, `errors`, `warnings` and
    /// `diagnostics` (each with `severity`, `code`, `message`, `source` and, when known, `file`,
    /// `line`, `column`), keys sorted, written by ``StringsDump/json(_:)``: byte for byte what
    /// `JSONSerialization` with sorted keys and pretty printing writes, in linear time.
    public var json: String {
      let diagnostics = diagnostics.map { diagnostic in
        var object: [String: PropertyListValue] = [
          "severity": .string(diagnostic.severity.rawValue),
          "code": .string(diagnostic.code.rawValue),
          "message": .string(diagnostic.message), "source": .string(diagnostic.source.rawValue),
        ]
        if case .file(let file, let line, let column) = diagnostic.location {
          object["file"] = .string(file)
          if let line { object["line"] = .integer(line) }
          if let column { object["column"] = .integer(column) }
        }
        return PropertyListValue.dictionary(object)
      }
      return StringsDump.json(
        .dictionary([
          "files": .integer(files.count), "errors": .integer(errorCount),
          "warnings": .integer(warningCount), "diagnostics": .array(diagnostics),
        ]))
    }
  }

  /// The keys pushes use as `title-loc-key`, `subtitle-loc-key` or `loc-key`, when known
  /// (`strings lint --payload`). Only these get `unsupported-specifier`: the device formats a
  /// loc-key's value with string arguments, while the app's own UI strings may use `%d`.
  /// Without them, keys with numeric specifiers are only counted (`numeric-specifiers`, info).
  public var pushKeys: Set<String>?

  /// Creates a linter; `pushKeys` are the keys pushes use as loc-keys, if known.
  public init(pushKeys: Set<String>? = nil) {
    self.pushKeys = pushKeys
  }

  /// Lints files and folders (folders are searched recursively). File names in findings are
  /// the paths as given, extended below a given folder.
  public func lint(paths: [String]) -> Report {
    var report = Report(files: [], diagnostics: [], unusablePaths: [])
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
        report.unusablePaths.append(path)
        continue
      }
      if isFolder.boolValue {
        let enumerator = manager.enumerator(atPath: path)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
          let url = URL(fileURLWithPath: relative)
          if StringsDump.Kind(url: url) != nil {
            found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
          }
        }
        files += found.sorted()
      } else {
        files.append(path)
      }
    }
    report.files = files
    var numericKeys = Set<String>()
    var tables: [TableID: [(localization: String, file: String, keys: [String: (Int, Int)])]] =
      [:]
    for file in files {
      let url = URL(fileURLWithPath: file)
      switch StringsDump.Kind(url: url) ?? .strings {
      case .strings:
        let parsed = StringsFile.read(contentsOf: url, name: file)
        report.diagnostics += parsed.diagnostics
        var keys: [String: (Int, Int)] = [:]
        for entry in parsed.entries {
          if keys[entry.key] == nil { keys[entry.key] = (entry.line, entry.column) }
          if case .string(let text) = entry.value {
            report.diagnostics += specifierFindings(
              in: text, variables: [:], key: entry.key, file: file, line: entry.line,
              column: entry.column, numericKeys: &numericKeys)
          }
        }
        if parsed.isLoaded, let id = TableID(url: url) {
          tables[id, default: []].append((TableID.localization(of: url), file, keys))
        }
      case .stringsdict:
        let parsed = StringsdictFile.read(contentsOf: url, name: file)
        report.diagnostics += parsed.diagnostics
        let locator = (try? Data(contentsOf: url)).map {
          KeyLocator(text: [UInt8]($0), json: false)
        }
        var keys: [String: (Int, Int)] = [:]
        for (key, plural) in parsed.entries.sorted(by: { $0.key < $1.key }) {
          let position = locator?.position(of: key)
          let line = position?.line ?? 1
          let column = position?.column ?? 1
          keys[key] = (line, column)
          report.diagnostics += specifierFindings(
            in: plural.format, variables: plural.variables, key: key, file: file, line: line,
            column: column, numericKeys: &numericKeys)
        }
        if parsed.isLoaded, let id = TableID(url: url) {
          tables[id, default: []].append((TableID.localization(of: url), file, keys))
        }
      case .xcstrings:
        report.diagnostics += lintCatalog(url: url, file: file, numericKeys: &numericKeys)
      }
    }
    report.diagnostics += missingKeyFindings(tables)
    if !numericKeys.isEmpty {
      let count = numericKeys.count
      report.diagnostics.append(
        Diagnostic(
          .info, code: .numericSpecifiers,
          message:
            "\(count) \(count == 1 ? "key uses" : "keys use") specifiers other than %@ (%d, %ld…); that matters only for a key a push uses as its loc-key (loc-args are strings): name the pushes with --payload, or check them with validate --strings",
          source: .lint))
    }
    return report
  }

  /// Which table a file belongs to: its strings folder, table name and kind.
  private struct TableID: Hashable {
    var folder: String
    var table: String
    var kind: String

    init?(url: URL) {
      let lproj = url.deletingLastPathComponent()
      guard lproj.pathExtension == "lproj" else { return nil }
      folder = lproj.deletingLastPathComponent().path
      table = url.deletingPathExtension().lastPathComponent
      kind = url.pathExtension
    }

    /// The localization of a file inside `<lang>.lproj`.
    static func localization(of url: URL) -> String {
      url.deletingLastPathComponent().deletingPathExtension().lastPathComponent
    }
  }

  private func missingKeyFindings(
    _ tables: [TableID: [(localization: String, file: String, keys: [String: (Int, Int)])]]
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for id in tables.keys.sorted(by: {
      ($0.folder, $0.table, $0.kind) < ($1.folder, $1.table, $1.kind)
    }) {
      guard let members = tables[id], members.count > 1 else { continue }
      let sorted = members.sorted { $0.localization < $1.localization }
      var allKeys = Set<String>()
      for member in sorted { allKeys.formUnion(member.keys.keys) }
      for key in allKeys.sorted() {
        let missing = sorted.filter { $0.keys[key] == nil }.map(\.localization)
        guard !missing.isEmpty, let holder = sorted.first(where: { $0.keys[key] != nil }),
          let position = holder.keys[key]
        else { continue }
        findings.append(
          Diagnostic(
            .warning, code: .keyMissingInLocalization,
            location: .file(holder.file, line: position.0, column: position.1),
            message:
              "\"\(key)\" is missing from \(missing.joined(separator: ", ")) (\(id.table).\(id.kind)); a push with this loc-key shows the key there",
            source: .lint))
      }
    }
    return findings
  }

  private func lintCatalog(
    url: URL, file: String, numericKeys: inout Set<String>
  ) -> [Diagnostic] {
    let catalog = StringCatalog.read(contentsOf: url, name: file)
    var findings = catalog.diagnostics
    guard catalog.isLoaded else { return findings }
    let locator = (try? Data(contentsOf: url)).map { KeyLocator(text: [UInt8]($0), json: true) }
    var allKeys = Set<String>()
    for table in catalog.tables.values { allKeys.formUnion(table.entries.keys) }
    for key in allKeys.sorted() {
      let position = locator?.position(of: key)
      let line = position?.line ?? 1
      let column = position?.column ?? 1
      let missing = catalog.languages.filter { catalog.tables[$0]?[key] == nil }
      if !missing.isEmpty {
        findings.append(
          Diagnostic(
            .warning, code: .keyMissingInLocalization,
            location: .file(file, line: line, column: column),
            message:
              "\"\(key)\" has no value for \(missing.joined(separator: ", ")); a push with this loc-key shows the key there",
            source: .lint))
      }
      for language in catalog.languages {
        guard let value = catalog.tables[language]?[key] else { continue }
        switch value {
        case .format(let text):
          findings += specifierFindings(
            in: text, variables: [:], key: key, label: "\"\(key)\" (\(language))", file: file,
            line: line, column: column, numericKeys: &numericKeys)
        case .plural(let plural):
          findings += specifierFindings(
            in: plural.format, variables: plural.variables, key: key,
            label: "\"\(key)\" (\(language))", file: file, line: line, column: column,
            numericKeys: &numericKeys)
        }
      }
    }
    return findings
  }

  /// Conversions other than `%@`/`%n$@` (outside a plural variant's own number): a warning
  /// when a push uses `key` as its loc-key, else only counted in `numericKeys` for the summary;
  /// a `%` followed by a space (`"100% accurate"` reads as `% a`) is `literal-percent`
  /// wherever it is, and `%n` (printf's write to memory) is a `write-specifier` error wherever
  /// it is. Each variable is walked once, so a variable used in its own forms ends.
  private func specifierFindings(
    in format: String, variables: [String: PluralVariable], key: String, label: String? = nil,
    file: String, line: Int, column: Int, numericKeys: inout Set<String>
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    var seen = Set<String>()
    var walked = Set<String>()
    let name = label ?? "\"\(key)\""
    let usedByPush = pushKeys?.contains(key) ?? false
    func walk(_ text: String, insideVariant: Bool) {
      for token in FormatToken.tokenize(text) {
        switch token {
        case .conversion(let conversion):
          let raw = String(conversion.raw)
          if conversion.flags.contains(" ") {
            guard seen.insert(raw).inserted else { continue }
            findings.append(
              Diagnostic(
                .warning, code: .literalPercent, location: .file(file, line: line, column: column),
                message:
                  "\(name) has '\(raw)', which a format reads as a conversion; a literal percent sign is written %%",
                source: .lint))
            continue
          }
          if conversion.conversion == "@" && !conversion.usesStar { continue }
          if insideVariant && conversion.isNumeric { continue }
          guard usedByPush else {
            numericKeys.insert(key)
            continue
          }
          guard seen.insert(raw).inserted else { continue }
          findings.append(
            Diagnostic(
              .warning, code: .unsupportedSpecifier,
              location: .file(file, line: line, column: column),
              message:
                "\(name) is a push's loc-key and uses '\(raw)': notifications support only %@ and %n$@ (loc-args are strings)",
              source: .lint))
        case .variable(let variable, _, _):
          guard walked.insert(variable).inserted else { continue }
          for variant in variables[variable]?.variants.values.sorted() ?? [] {
            walk(variant, insideVariant: true)
          }
        case .memoryWrite(let raw):
          // Wherever it is (any key, any plural form): no localized string may write memory.
          guard seen.insert(String(raw)).inserted else { continue }
          let percentSign = raw.hasPrefix("% ") ? " (a literal percent sign is written %%)" : ""
          findings.append(
            Diagnostic(
              .error, code: .writeSpecifier, location: .file(file, line: line, column: column),
              message:
                "\(name) has '\(raw)', printf's conversion that writes to memory through its "
                + "argument: it is never valid in a localized string; remove it\(percentSign)",
              source: .lint))
        case .literal, .percent, .invalid:
          continue
        }
      }
    }
    walk(format, insideVariant: false)
    return findings
  }
}
