import Foundation
import PushDevice
import PushPayload
import PushScenario

/// `pushsim render FILE` (CommandLine.md): what the device shows for one payload.
///
/// FILE is a payload `.json` or an `.apns` file (its `Simulator Target Bundle` names the app).
/// The push runs through the device exactly as in a scenario of one push; the command only
/// reads the flags and prints the device's record of it.
enum RenderCommand {
  static let help = """
    USAGE: pushsim render FILE [--languages es-MX,en] [--strings DIR] [--app FILE] [--format text|json]

    Shows what the device displays for one payload: the chosen language, the localized title,
    subtitle and body, thread, category, interruption level, relevance, sound, badge, whether
    the service extension runs, and every diagnostic.

    OPTIONS:
      --languages <list>   Preferred languages, most preferred first (default: en)
      --strings <dir>      The app's strings folder (default: the app's, else the nearest Strings/)
      --app <file>         An app file (*.app.json): categories, sounds, extension, media
      --format <format>    text (default) or json
      -h, --help           Show this help

    EXIT STATUS: 0 APNs accepts the payload, 1 it rejects it, 2 the file cannot be used.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(
      arguments, options: ["languages", "strings", "app", "format"], help: help)
    {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    guard let format = parsed.format([.text, .json]) else { return .unusable }
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      Console.error("error: render takes one payload file (.json or .apns)")
      return .unusable
    }
    let input: RenderInput
    do {
      input = try RenderInput(
        path: path, appPath: parsed.value("app"), stringsPath: parsed.value("strings"),
        in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch {
      Console.error(error.description)
      return .unusable
    }
    let languages =
      parsed.value("languages")?.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty } ?? ["en"]
    guard !languages.isEmpty else {
      Console.error("error: --languages needs at least one language")
      return .unusable
    }

    let rendered = await PushRenderer(app: input.app, languages: languages).render(body: input.body)
    Console.write(format == .json ? JSONText.pretty(rendered.json) + "\n" : rendered.text)
    return rendered.accepted ? .success : .failure
  }
}
