import Foundation
import PushCore
import PushLocalization
import PushPayload

/// `pushsim validate --strings DIR` (CommandLine.md): checks every loc-key of a payload in every
/// localization of an app's strings folder.
///
/// For each of `title-loc-key`, `subtitle-loc-key` and `loc-key` and each localization (every
/// `.lproj` and catalog language), the key must be in that localization's table; a device in a
/// language without it shows the literal text, else the key itself (Localization.md §4.2, Rules.md
/// §3). A missing key is an error when the payload has no literal to fall back on, a warning
/// otherwise (`loc-key-missing`, source device). Where the key exists, its format is applied to
/// the payload's arguments with that language's plural rules, and the formatter's findings
/// (`unsupported-specifier`, `missing-loc-arg`, `unused-loc-arg`, `plural-arg-not-number`) are
/// reported once per field and code, naming the localizations. Problems in the tables themselves
/// (syntax errors, silent truncation) are reported with their `file:line:column`.
package struct LocalizationCheck: Sendable {
  /// The app's tables.
  package var bundle: StringsBundle
  /// Findings from loading the tables.
  package var loadDiagnostics: [Diagnostic]

  /// Checks against an already loaded bundle.
  package init(bundle: StringsBundle, loadDiagnostics: [Diagnostic] = []) {
    self.bundle = bundle
    self.loadDiagnostics = loadDiagnostics
  }

  /// Loads a strings folder once, to check many payloads against it.
  package init(folder: URL, developmentRegion: String = "en") {
    let (bundle, found) = StringsBundle.load(folder: folder, developmentRegion: developmentRegion)
    self.init(bundle: bundle, loadDiagnostics: found)
  }

  /// Every finding for one payload: the tables' own problems, then per field.
  ///
  /// - Complexity: O(fields × localizations × format length).
  package func diagnostics(for payload: Payload) -> [Diagnostic] {
    var result = loadDiagnostics
    if bundle.localizations.isEmpty {
      result.append(
        Diagnostic(
          .warning, code: .stringsEmpty, path: nil,
          message: "the strings folder has no localizations (no *.lproj tables or catalogs)",
          source: .lint))
    }
    guard let alert = payload.aps.alert else { return result }
    let fields: [AlertTextInput] = [
      .title(alert.title, locKey: alert.titleLocKey, arguments: alert.titleLocArguments ?? []),
      .subtitle(
        alert.subtitle, locKey: alert.subtitleLocKey, arguments: alert.subtitleLocArguments ?? []),
      .body(
        alert.body, locKey: alert.locKey, arguments: alert.locArguments ?? [],
        literalPath: alert.form == .string ? "aps.alert" : "aps.alert.body"),
    ]
    for field in fields {
      guard let key = field.locKey else { continue }
      result += check(key: key, field: field)
    }
    return result
  }

  private func check(key: String, field: AlertTextInput) -> [Diagnostic] {
    var missing: [String] = []
    // Formatter findings grouped by code and path, with the localizations that raise them.
    var grouped: [String: (finding: Diagnostic, localizations: [String])] = [:]
    var order: [String] = []
    let paths = LocalizedFormatter.Paths(format: field.keyPath, arguments: field.argumentsPath)
    for localization in bundle.localizations {
      guard let value = bundle.table(for: localization)[key] else {
        missing.append(localization)
        continue
      }
      let language =
        localization.lowercased() == "base" ? bundle.developmentRegion : localization
      let formatted = LocalizedFormatter(language: language).format(
        value, arguments: field.arguments.map(FormatArgument.text), paths: paths)
      for finding in formatted.diagnostics {
        let id = "\(finding.code) \(finding.path ?? "")"
        if grouped[id] == nil {
          grouped[id] = (finding, [])
          order.append(id)
        }
        grouped[id]?.localizations.append(localization)
      }
    }
    var result: [Diagnostic] = []
    let name = Self.lastComponent(field.keyPath)
    if !missing.isEmpty {
      let fallback =
        field.literal != nil
        ? "a device in that language shows the literal \(Self.lastComponent(field.literalPath)) instead"
        : "a device in that language shows the key itself"
      let list = missing.joined(separator: ", ")
      let place =
        missing.count == bundle.localizations.count ? "every localization (\(list))" : list
      result.append(
        Diagnostic(
          field.literal == nil ? .error : .warning, code: .locKeyMissing,
          path: field.keyPath,
          message: "\(name) \"\(key)\" is missing from \(place); \(fallback)",
          source: .device))
    }
    for id in order {
      guard let (finding, localizations) = grouped[id] else { continue }
      var converted = finding
      converted.message =
        "[\(localizations.joined(separator: ", "))] \(name) \"\(key)\": \(finding.message)"
      result.append(converted)
    }
    return result
  }

  private static func lastComponent(_ path: String) -> String {
    path.split(separator: ".").last.map(String.init) ?? path
  }
}
