import Foundation
public import PushDevice
public import PushLocalization
public import PushPayload

/// What the device shows for one payload (CommandLine.md, `pushsim render`).
///
/// Built on ``Device`` with a one-push run, so it shows exactly what a scenario would: APNs's
/// verdict, the language choice, localization, the service extension and the safe reading of
/// every `aps` field. Nothing is decided here; the result is a view of the device's record of
/// the push and its event log.
public struct PushRenderer: Sendable {
  /// The app the push is for (its strings, categories, extension and media manifest).
  public var app: AppConfiguration
  /// The device's preferred languages, most preferred first.
  public var languages: [String]

  /// The app's own code (router, extension factory, fetcher); what it leaves out comes
  /// from ``app``.
  public var code: AppCode

  /// Creates a renderer.
  public init(
    app: AppConfiguration = AppConfiguration(), languages: [String] = ["en"],
    code: AppCode = AppCode()
  ) {
    self.app = app
    self.languages = languages
    self.code = code
  }

  /// Renders one request body (byte for byte, as APNs would receive it).
  public func render(body: [UInt8], headers: PushHeaders = PushHeaders()) async -> RenderedPush {
    // The device loads the strings itself (and reports what it finds in them); the language
    // is read from the same folder with the same matcher.
    var bundle = StringsBundle(developmentRegion: app.developmentRegion)
    if let folder = app.strings {
      bundle = StringsBundle.load(folder: folder, developmentRegion: app.developmentRegion).0
    }
    var configuration = DeviceConfiguration()
    configuration.languages = languages
    configuration.locked = false
    let host = DeviceHost(configuration: configuration, app: app, code: code)
    let id = "push-1"
    let record = await host.receive(bytes: body, headers: headers, id: id)
    let device = await host.device
    let match = bundle.match(preferredLanguages: languages)
    let ranExtension = device.events.contains { $0.push == id && $0.kind == .extensionStarted }
    let diagnostics = device.diagnostics.filter { $0.push == id || $0.push == nil }
    return RenderedPush(
      language: match.localization, languageReason: match.reason, record: record,
      notification: device.notification(id), serviceExtension: ranExtension,
      diagnostics: diagnostics)
  }
}

/// The outcome of ``PushRenderer/render(body:headers:)``.
public struct RenderedPush: Sendable {
  /// The localization the device chose (`es` for `es-MX`).
  public var language: String
  /// Why that localization was chosen.
  public var languageReason: LanguageMatcher.Reason
  /// What became of the push (status, APNs answer).
  public var record: PushRecord
  /// The notification, when one was made (not for rejected or background pushes).
  public var notification: NotificationRecord?
  /// Whether the app's service extension ran for it.
  public var serviceExtension: Bool
  /// Everything the payload layer, the strings and the device found.
  public var diagnostics: [PushDiagnostic]

  /// Whether APNs accepted the request.
  public var accepted: Bool { record.status != .rejected }

  /// `{"language", "title", "subtitle", "body", "thread", "category", "interruptionLevel",
  /// "relevanceScore", "sound", "badge", "serviceExtension", "diagnostics"}` (CommandLine.md), then
  /// `status`, `httpStatus` and `reason`.
  public var json: JSONValue {
    var object = JSONObject()
    func add(_ key: String, _ value: JSONValue) {
      object.append(JSONMember(key: key, value: value))
    }
    let content = notification?.content
    add("language", JSONValue(.string(language)))
    add("title", JSONValue(.string(content?.title ?? "")))
    add("subtitle", JSONValue(.string(content?.subtitle ?? "")))
    add("body", JSONValue(.string(content?.body ?? "")))
    add("thread", JSONValue(.string(content?.threadIdentifier ?? "")))
    add("category", JSONValue(.string(content?.categoryIdentifier ?? "")))
    add("interruptionLevel", JSONValue(.string((content?.interruptionLevel ?? .active).rawValue)))
    add("relevanceScore", JSONValue(.number(JSONNumber(content?.relevanceScore ?? 0))))
    add("sound", content?.sound.map { JSONValue(.string($0.name)) } ?? JSONValue(.null))
    add("badge", content?.badge.map { JSONValue(.number(JSONNumber($0))) } ?? JSONValue(.null))
    add("serviceExtension", JSONValue(.bool(serviceExtension)))
    add("diagnostics", JSONValue(.array(diagnostics.map(\.json))))
    add("status", JSONValue(.string(record.status.rawValue)))
    add("httpStatus", JSONValue(.number(JSONNumber(record.httpStatus))))
    add("reason", accepted ? JSONValue(.null) : JSONValue(.string(record.reason)))
    return JSONValue(.object(object))
  }

  /// A number without a trailing `.0`.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// The text `pushsim render` prints: one aligned line per field, then the diagnostics.
  public var text: String {
    let content = notification?.content
    let languageNote: String
    switch languageReason {
    case .exact: languageNote = ""
    case .regionDropped: languageNote = " (region dropped)"
    case .developmentRegion: languageNote = " (development region: no preferred language matched)"
    }
    var rows: [(String, String)] = [
      (
        "Status",
        accepted ? record.status.rawValue : "rejected (HTTP \(record.httpStatus) \(record.reason))"
      ),
      ("Language", language + languageNote),
      ("Title", content?.title ?? ""),
      ("Subtitle", content?.subtitle ?? ""),
      ("Body", content?.body ?? ""),
      ("Thread", content?.threadIdentifier ?? ""),
      ("Category", content?.categoryIdentifier ?? ""),
      ("Level", (content?.interruptionLevel ?? .active).rawValue),
      ("Relevance", Self.number(content?.relevanceScore ?? 0)),
      ("Sound", content?.sound?.name ?? "none"),
      ("Badge", content?.badge.map(String.init) ?? "unchanged"),
      ("Extension", serviceExtension ? "runs" : "does not run"),
    ]
    if let attachments = content?.attachments, !attachments.isEmpty {
      rows.append(("Attachments", attachments.map(\.type).joined(separator: ", ")))
    }
    var lines = rows.map { name, value in
      (name.padding(toLength: 12, withPad: " ", startingAt: 0) + value).trailingSpacesRemoved
    }
    if diagnostics.isEmpty {
      lines.append("Diagnostics none")
    } else {
      lines.append("Diagnostics")
      for found in diagnostics {
        let diagnostic = found.diagnostic
        var line = "  \(diagnostic.severity.rawValue): \(diagnostic.code)"
        if let path = diagnostic.path { line += " at \(path)" }
        line += ": \(diagnostic.message)  [\(diagnostic.source.rawValue)]"
        lines.append(line)
      }
    }
    // Payload text is untrusted: no control character reaches the terminal.
    return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
  }
}
