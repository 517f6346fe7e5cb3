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
    let format = parsed.value("format") ?? "text"
    guard ["text", "json"].contains(format) else {
      Console.error("error: unknown format '\(format)'; expected one of text, json")
      return .unusable
    }
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      Console.error("error: render takes one payload file (.json or .apns)")
      return .unusable
    }
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    if let problem = FileCheck.problem(readingFileAt: url.path) {
      Console.error("\(path): error: \(problem)")
      return .unusable
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Console.error("\(path): error: cannot read the file")
      return .unusable
    }
    var body = Array(data)
    var bundleID: String?
    do {
      _ = try JSONDocument(parsing: body)
    } catch {
      Console.error("\(path):\(error.line):\(error.column): error: \(error.message)")
      return .unusable
    }
    if url.pathExtension.lowercased() == "apns" {
      // What `xcrun simctl push` reads: the bundle id names the app, the rest is the payload.
      do {
        let apns = try ScenarioLoader().decode(bytes: body, path: path, url: url)
        if case .push(let push) = apns.steps.first?.action { body = push.body }
        bundleID = apns.app.object["bundleId"]?.stringValue
      } catch {
        Console.error(error.description)
        return .unusable
      }
    }

    var app = AppConfiguration()
    if let appPath = parsed.value("app") {
      do {
        app = try ScenarioLoader().loadApp(path: appPath, in: directory)
      } catch {
        Console.error(error.description)
        return .unusable
      }
    } else {
      app.strings =
        ScenarioLoader.nearestStringsFolder(from: url.deletingLastPathComponent())
        ?? ScenarioLoader.nearestStringsFolder(from: directory)
    }
    if let bundleID, parsed.value("app") == nil { app.bundleId = bundleID }
    if let strings = parsed.value("strings") {
      var isFolder: ObjCBool = false
      let folder = URL(fileURLWithPath: strings, relativeTo: directory).standardizedFileURL
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        Console.error("\(strings): error: no such folder")
        return .unusable
      }
      app.strings = folder
    }
    let languages =
      parsed.value("languages")?.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty } ?? ["en"]
    guard !languages.isEmpty else {
      Console.error("error: --languages needs at least one language")
      return .unusable
    }

    let rendered = await PushRenderer(app: app, languages: languages).render(body: body)
    Console.write(format == "json" ? JSONText.pretty(rendered.json) + "\n" : rendered.text)
    return rendered.accepted ? .success : .failure
  }
}
