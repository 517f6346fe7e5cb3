public import PushCore

/// One text field of `aps.alert` as the payload layer read it: the literal text, the loc-key
/// and its arguments, and the JSON paths to cite.
///
/// `arguments` are strings: the payload layer has already turned non-string `loc-args` items
/// into their JSON text (Rules.md §2, `loc-arg-not-string`).
public struct AlertTextInput: Sendable, Hashable {
  /// The literal text (`title`, `subtitle`, `body`), if present.
  public var literal: String?
  /// The loc-key (`title-loc-key`, `subtitle-loc-key`, `loc-key`), if present.
  public var locKey: String?
  /// The loc-args.
  public var arguments: [String]
  /// JSON path of the literal (`aps.alert.title`).
  public var literalPath: String
  /// JSON path of the key (`aps.alert.title-loc-key`).
  public var keyPath: String
  /// JSON path of the arguments (`aps.alert.title-loc-args`).
  public var argumentsPath: String

  /// Creates a field input with explicit paths.
  public init(
    literal: String? = nil, locKey: String? = nil, arguments: [String] = [],
    literalPath: String, keyPath: String, argumentsPath: String
  ) {
    self.literal = literal
    self.locKey = locKey
    self.arguments = arguments
    self.literalPath = literalPath
    self.keyPath = keyPath
    self.argumentsPath = argumentsPath
  }

  /// `aps.alert.title`, `title-loc-key`, `title-loc-args`.
  public static func title(
    _ literal: String? = nil, locKey: String? = nil, arguments: [String] = []
  ) -> AlertTextInput {
    AlertTextInput(
      literal: literal, locKey: locKey, arguments: arguments, literalPath: "aps.alert.title",
      keyPath: "aps.alert.title-loc-key", argumentsPath: "aps.alert.title-loc-args")
  }

  /// `aps.alert.subtitle`, `subtitle-loc-key`, `subtitle-loc-args`.
  public static func subtitle(
    _ literal: String? = nil, locKey: String? = nil, arguments: [String] = []
  ) -> AlertTextInput {
    AlertTextInput(
      literal: literal, locKey: locKey, arguments: arguments, literalPath: "aps.alert.subtitle",
      keyPath: "aps.alert.subtitle-loc-key", argumentsPath: "aps.alert.subtitle-loc-args")
  }

  /// `aps.alert.body` (or a string `aps.alert`), `loc-key`, `loc-args`.
  public static func body(
    _ literal: String? = nil, locKey: String? = nil, arguments: [String] = [],
    literalPath: String = "aps.alert.body"
  ) -> AlertTextInput {
    AlertTextInput(
      literal: literal, locKey: locKey, arguments: arguments, literalPath: literalPath,
      keyPath: "aps.alert.loc-key", argumentsPath: "aps.alert.loc-args")
  }
}

/// The alert's three texts before localization.
public struct AlertLocalizationInput: Sendable, Hashable {
  /// Title inputs.
  public var title: AlertTextInput
  /// Subtitle inputs.
  public var subtitle: AlertTextInput
  /// Body inputs.
  public var body: AlertTextInput

  /// Creates the input; absent fields default to empty inputs.
  public init(
    title: AlertTextInput = .title(), subtitle: AlertTextInput = .subtitle(),
    body: AlertTextInput = .body()
  ) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
  }
}

/// What the phone shows for an alert after localization.
public struct LocalizedAlert: Sendable, Hashable {
  /// The chosen localization (`es`, `sr-Latn`, `Base`).
  public var localization: String
  /// The language whose rules applied (the development region for `Base`).
  public var language: String
  /// The title (`""` when none).
  public var title: String
  /// The subtitle (`""` when none).
  public var subtitle: String
  /// The body (`""` when none).
  public var body: String
  /// Findings, each with its JSON path.
  public var diagnostics: [Diagnostic]
}

/// Localizes alerts and device texts for one device: a strings bundle plus the device's
/// preferred languages (Rules.md §3, Localization.md §4).
///
/// The language is chosen once (``LanguageMatcher``). For each of title, subtitle and body: a
/// loc-key that resolves in the chosen table wins over the literal (lint warning
/// `literal-and-loc-key` when both are present); a loc-key that does not resolve gives the
/// literal if there is one, else the key itself used as the format (warning `loc-key-missing`,
/// source device). A literal alone is shown as is, never read as a format.
public struct AlertLocalizer: Sendable {
  /// The app's tables.
  public var bundle: StringsBundle
  /// The language choice for the device.
  public var match: LanguageMatcher.Match
  /// The chosen localization's table.
  public var table: StringsTable

  /// Prepares localization for a device with `preferredLanguages` (first = most preferred).
  public init(bundle: StringsBundle, preferredLanguages: [String]) {
    self.bundle = bundle
    match = bundle.match(preferredLanguages: preferredLanguages)
    table = bundle.table(for: match.localization)
  }

  /// The formatter for the chosen language.
  public var formatter: LocalizedFormatter { LocalizedFormatter(language: match.language) }

  /// Localizes the alert's title, subtitle and body.
  public func localize(_ alert: AlertLocalizationInput) -> LocalizedAlert {
    var diagnostics: [Diagnostic] = []
    let title = text(for: alert.title, diagnostics: &diagnostics)
    let subtitle = text(for: alert.subtitle, diagnostics: &diagnostics)
    let body = text(for: alert.body, diagnostics: &diagnostics)
    return LocalizedAlert(
      localization: match.localization, language: match.language, title: title,
      subtitle: subtitle, body: body, diagnostics: diagnostics)
  }

  /// Localizes one field.
  public func text(
    for field: AlertTextInput, diagnostics: inout [Diagnostic]
  ) -> String {
    guard let key = field.locKey else { return field.literal ?? "" }
    let paths = LocalizedFormatter.Paths(format: field.keyPath, arguments: field.argumentsPath)
    if let value = table[key] {
      if field.literal != nil {
        diagnostics.append(
          Diagnostic(
            .warning, code: .literalAndLocKey, path: field.literalPath,
            message:
              "both \(Self.lastComponent(field.literalPath)) and \(Self.lastComponent(field.keyPath)) are present; the localized \"\(key)\" is shown",
            source: .lint))
      }
      let formatted = formatter.format(
        value, arguments: field.arguments.map(FormatArgument.text), paths: paths)
      diagnostics += formatted.diagnostics
      return formatted.text
    }
    let where_ = "the \(match.localization) table"
    if let literal = field.literal {
      diagnostics.append(
        Diagnostic(
          .warning, code: .locKeyMissing, path: field.keyPath,
          message: "\"\(key)\" is not in \(where_); the literal text is shown", source: .device))
      return literal
    }
    diagnostics.append(
      Diagnostic(
        .warning, code: .locKeyMissing, path: field.keyPath,
        message: "\"\(key)\" is not in \(where_); the key itself is shown", source: .device))
    let formatted = formatter.format(
      .format(key), arguments: field.arguments.map(FormatArgument.text), paths: paths)
    diagnostics += formatted.diagnostics
    return formatted.text
  }

  /// Formats a device text such as a category's `categorySummaryFormat` (`%u` = a count, `%@` =
  /// a string) or `hiddenPreviewsBodyPlaceholder`: when the chosen table has an entry named
  /// `keyOrFormat` (for example a `.stringsdict` plural), that entry is the format; otherwise
  /// `keyOrFormat` itself is (Rules.md §4, §5).
  public func format(
    _ keyOrFormat: String, arguments: [FormatArgument], path: String? = nil
  ) -> FormattedText {
    let value = table[keyOrFormat] ?? .format(keyOrFormat)
    return formatter.format(value, arguments: arguments, paths: .init(format: path))
  }

  private static func lastComponent(_ path: String) -> String {
    path.split(separator: ".").last.map(String.init) ?? path
  }
}
