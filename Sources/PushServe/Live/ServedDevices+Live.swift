import Foundation
import PushDevice
import PushSimDocs

extension ServedDevices {
  /// The live page's requests (CommandLine.md, `pushsim serve`, the live page): `GET /`, its
  /// stylesheet, its updates and its images; `nil` for any other path. Never logged, and never
  /// counted as activity (`--until-idle`).
  func live(_ request: ServeRequest) async -> ServeResponse? {
    guard let feed = log.feed else { return nil }
    let parts = request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let query = parts.count > 1 ? Self.query(parts[1]) : [:]
    let isPage =
      path == "/" || path == LivePage.stylesheetPath || path == "/pushsim/live/updates"
      || path.hasPrefix(Self.assetPrefix) || path == "/favicon.ico"
    guard isPage else { return nil }
    guard request.method == "GET" else { return Self.error(405, "use GET on \(path)") }
    switch path {
    case "/favicon.ico":
      return Self.error(404, "no icon")
    case "/":
      log.server("a browser opened the live page")
      let now = feed.since(0)
      var drawn: [LivePage.Phone] = []
      for index in phones.indices {
        let events = now.phones.first { $0.name == phones[index].name }?.events ?? 0..<0
        drawn.append(await draw(index, events: events, feed: feed))
      }
      let html = LivePage.page(
        phones: drawn, entries: now.entries, next: now.tick, window: feed.window)
      return Self.page(html, type: "text/html; charset=utf-8")
    case LivePage.stylesheetPath:
      return Self.page(LivePage.stylesheet, type: "text/css; charset=utf-8")
    case "/pushsim/live/updates":
      guard let after = query["after"].flatMap({ Int($0) }), after >= 0 else {
        return Self.error(400, "updates need ?after=<the last tick the page has>")
      }
      // How long to hold the request when nothing is new: the page's ?wait=, at most 25 s.
      let wait = min(max(query["wait"].flatMap { Int($0) } ?? 20_000, 0), 25_000)
      await feed.wait(after: after, timeout: .milliseconds(wait))
      let news = feed.since(after)
      var drawn: [LivePage.Phone] = []
      for (name, events) in news.phones {
        guard let index = phones.firstIndex(where: { $0.name == name }) else { continue }
        drawn.append(await draw(index, events: events, feed: feed))
      }
      let json = LivePage.updates(
        entries: news.entries, phones: drawn, next: news.tick, reset: news.reset,
        window: feed.window)
      return Self.page(json, type: "application/json")
    default:
      guard let data = feed.asset(path) else { return Self.error(404, "no such image") }
      return ServeResponse(
        status: 200,
        fields: [
          HeaderField("content-type", Self.imageType(path)),
          HeaderField("cache-control", "no-store"),
        ], body: Array(data))
    }
  }

  static let assetPrefix = "/pushsim/live/assets/"

  /// Whether `path` may be the live page's (checked before anything else is done for a
  /// request: a push never pays more than these comparisons).
  static func isLivePath(_ path: String) -> Bool {
    path == "/" || path.hasPrefix("/?") || path.hasPrefix("/pushsim/live/")
      || path == "/favicon.ico"
  }

  /// Draws phone `index` with `events` its latest request caused, keeping its images.
  private func draw(_ index: Int, events: Range<Int>, feed: ServeFeed) async -> LivePage.Phone {
    let name = phones[index].name
    let phone = await phones[index].host.read { device in
      // `events` counts from the device's first event, forgotten ones included.
      let log = device.events
      let lower = max(events.lowerBound - log.forgotten, log.startIndex)
      let range = lower..<max(lower, min(events.upperBound - log.forgotten, log.endIndex))
      return LivePage.phone(
        named: name, device: device, events: range.isEmpty ? [] : range.map { log[$0] },
        assetFolder: Self.assetPrefix + name)
    }
    feed.keepAssets(phone.assets, of: name)
    return phone
  }

  private static func page(_ text: String, type: String) -> ServeResponse {
    ServeResponse(
      status: 200,
      fields: [HeaderField("content-type", type), HeaderField("cache-control", "no-store")],
      body: Array(text.utf8))
  }

  /// `a=1&b=2` as a table (no percent-decoding: the page sends digits only).
  private static func query(_ text: Substring) -> [String: String] {
    var values: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return values
  }

  private static func imageType(_ path: String) -> String {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "png": "image/png"
    case "gif": "image/gif"
    case "jpg", "jpeg": "image/jpeg"
    default: "application/octet-stream"
    }
  }
}
