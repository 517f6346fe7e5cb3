import PushLocalization
import Testing

/// Rules.md §3: which text wins, formatting and its diagnostics.
@Suite struct AlertLocalizerTests {
  static let bundle = StringsBundle(
    developmentRegion: "en",
    tables: [
      "en": StringsTable(strings: [
        "NEW_MESSAGE_TITLE": "Message from %@",
        "NEW_MESSAGE_BODY": "%@",
        "REORDERED": "%2$@ invited you to %1$@",
        "COUNT_D": "%d new messages",
        "PERCENT": "100%% sure, %@",
      ]),
      "es": StringsTable(strings: ["NEW_MESSAGE_TITLE": "Mensaje de %@", "NEW_MESSAGE_BODY": "%@"]),
    ])

  @Test func localizesSeedPayloadInSpanish() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["es-MX", "en"])
    let alert = localizer.localize(
      AlertLocalizationInput(
        title: .title(locKey: "NEW_MESSAGE_TITLE", arguments: ["Ana"]),
        body: .body(locKey: "NEW_MESSAGE_BODY", arguments: ["¡Hola!"])))
    #expect(alert.localization == "es")
    #expect(alert.title == "Mensaje de Ana")
    #expect(alert.body == "¡Hola!")
    #expect(alert.diagnostics.isEmpty)
  }

  @Test func positionalArguments() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["en"])
    let alert = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "REORDERED", arguments: ["Lunch", "Ana"])))
    #expect(alert.body == "Ana invited you to Lunch")
    #expect(alert.diagnostics.isEmpty)
  }

  @Test func argumentTextIsNeverAFormat() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["en"])
    let alert = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "PERCENT", arguments: ["%@ %d"])))
    #expect(alert.body == "100% sure, %@ %d")
    #expect(alert.diagnostics.isEmpty)
  }

  @Test func missingKeyShowsTheKeyFormatted() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["es"])
    let alert = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "GONE %@", arguments: ["x"])))
    #expect(alert.body == "GONE x")
    #expect(alert.diagnostics.map(\.code) == [.locKeyMissing])
    #expect(alert.diagnostics.first?.source == .device)
    #expect(alert.diagnostics.first?.path == "aps.alert.loc-key")
  }

  @Test func missingKeyFallsBackToLiteral() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["es"])
    let alert = localizer.localize(
      AlertLocalizationInput(title: .title("Literal", locKey: "REORDERED")))
    #expect(alert.title == "Literal")
    #expect(alert.diagnostics.map(\.code) == [.locKeyMissing])
  }

  @Test func resolvedKeyWinsOverLiteralWithLint() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["en"])
    let alert = localizer.localize(
      AlertLocalizationInput(
        title: .title("Literal", locKey: "NEW_MESSAGE_TITLE", arguments: ["Ana"])))
    #expect(alert.title == "Message from Ana")
    #expect(alert.diagnostics.map(\.code) == [.literalAndLocKey])
    #expect(alert.diagnostics.first?.source == .lint)
  }

  @Test func unsupportedMissingAndUnusedArguments() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["en"])
    let count = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "COUNT_D", arguments: ["3"])))
    #expect(count.body == "3 new messages")
    #expect(count.diagnostics.map(\.code) == [.unsupportedSpecifier])
    #expect(count.diagnostics.first?.severity == .error)

    let missing = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "REORDERED", arguments: ["Lunch"])))
    #expect(missing.body == " invited you to Lunch")
    #expect(missing.diagnostics.map(\.code) == [.missingLocArg])

    let unused = localizer.localize(
      AlertLocalizationInput(body: .body(locKey: "NEW_MESSAGE_BODY", arguments: ["a", "b"])))
    #expect(unused.body == "a")
    #expect(unused.diagnostics.map(\.code) == [.unusedLocArg])
    #expect(unused.diagnostics.first?.path == "aps.alert.loc-args[1]")
  }

  @Test func summaryFormatWithCount() {
    let localizer = AlertLocalizer(bundle: Self.bundle, preferredLanguages: ["en"])
    let summary = localizer.format("%u more notifications", arguments: [.number(3)])
    #expect(summary.text == "3 more notifications")
    #expect(summary.diagnostics.isEmpty)
  }
}
