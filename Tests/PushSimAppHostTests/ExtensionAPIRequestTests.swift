import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import Testing
import UserNotifications

/// Fetches the message's text as JSON from the app's API (`message-url`), as Wikipedia's and
/// Rocket.Chat's extensions do, then acknowledges it with a POST; the body shows the text, the
/// subtitle what the acknowledgement answered.
final class MessageAPIService: UNNotificationServiceExtension, @unchecked Sendable {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
      let link = content.userInfo["message-url"] as? String, let url = URL(string: link)
    else { return contentHandler(request.content) }
    URLSession.shared.dataTask(with: url) { data, response, error in
      guard let data, error == nil,
        let message = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let text = message["text"] as? String
      else {
        content.body = "no message: \((error as? URLError)?.code.rawValue ?? 0)"
        return contentHandler(content)
      }
      content.body = text
      var acknowledgement = URLRequest(url: url.appendingPathComponent("read"))
      acknowledgement.httpMethod = "POST"
      acknowledgement.setValue("application/json", forHTTPHeaderField: "Content-Type")
      acknowledgement.httpBody = Data(#"{"read":true}"#.utf8)
      URLSession.shared.dataTask(with: acknowledgement) { _, response, _ in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let unread = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Unread") ?? "?"
        content.subtitle = "ack \(status), unread \(unread)"
        contentHandler(content)
      }.resume()
    }.resume()
  }
}

/// Reads its JSON with `Data(contentsOf:)`, as simpler extensions do.
final class ContentsOfAPIService: UNNotificationServiceExtension, @unchecked Sendable {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
      let link = content.userInfo["message-url"] as? String, let url = URL(string: link)
    else { return contentHandler(request.content) }
    if let data = try? Data(contentsOf: url),
      let message = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
      content.body = message["text"] as? String ?? "?"
    }
    contentHandler(content)
  }
}

/// Sends its request with an `X-Trace` header field whose value holds a line break, the way the
/// payload's `how` says: `setValue`, `addValue` or `allHTTPHeaderFields`; the body shows what
/// came back.
final class LineBreakHeaderService: UNNotificationServiceExtension, @unchecked Sendable {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
      let link = content.userInfo["message-url"] as? String, let url = URL(string: link)
    else { return contentHandler(request.content) }
    var api = URLRequest(url: url)
    let value = "1\r\nX-Injected: 2"
    switch content.userInfo["how"] as? String {
    case "add": api.addValue(value, forHTTPHeaderField: "X-Trace")
    case "fields": api.allHTTPHeaderFields = ["X-Trace": value]
    default: api.setValue(value, forHTTPHeaderField: "X-Trace")
    }
    api.setValue("fine", forHTTPHeaderField: "X-Other")
    URLSession.shared.dataTask(with: api) { data, _, error in
      content.body =
        data.map { _ in "answered" } ?? "failed \((error as? URLError)?.code.rawValue ?? 0)"
      contentHandler(content)
    }.resume()
  }
}

@Suite("The app's extension asks its API")
struct ExtensionAPIRequestTests {
  static let message = "https://api.example.com/messages/42"

  func push() -> JSONValue {
    [
      "aps": ["alert": ["title": "Ana", "body": "New message"], "mutable-content": 1],
      "message-url": JSONValue(.string(Self.message)),
    ]
  }

  func app(_ entries: [String: MediaManifest.Entry]) -> AppConfiguration {
    AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app),
      media: MediaManifest(entries: entries))
  }

  func entry(json: String, status: Int = 200, headers: [String: String] = [:])
    -> MediaManifest.Entry
  {
    var entry = MediaManifest.Entry(
      file: nil, latency: .milliseconds(200), status: status, contentType: "application/json")
    entry.inlineBody = Data(json.utf8)
    entry.headers = headers.map { AppRequest.Header(name: $0.key, value: $0.value) }
    return entry
  }

  @Test("JSON from the API shows as the text, and a POST gets its own entry's status and headers")
  func jsonThenPost() async throws {
    let read = try #require(URL(string: Self.message + "/read"))
    let host = DeviceHost(
      app: app([
        Self.message: entry(json: #"{"text":"Hola, ¿vienes?"}"#),
        MediaManifest.key(method: "POST", url: read): entry(
          json: "{}", status: 202, headers: ["X-Unread": "2"]),
      ]), code: .app(serviceExtension: MessageAPIService.init))
    await host.receive(push(), id: "m1")
    let device = await host.device
    let shown = try #require(device.notification("m1"))
    #expect(shown.body == "Hola, ¿vienes?")
    #expect(shown.subtitle == "ack 202, unread 2")
    let requests = device.events.events(ofKind: .appRequest)
    #expect(requests.map { $0.details["method"] } == ["GET", "POST"])
    #expect(requests.map { $0.details["status"] } == [200, 202])
    #expect(requests.first?.details["bytes"] == 26)
    #expect(requests.last?.details["requestBytes"] == 13)
    #expect(requests.allSatisfy { $0.push == "m1" })
    #expect(device.events.events(ofKind: .mediaFailed).isEmpty)
  }

  @Test("a request no entry answers fails as offline, with an event naming it")
  func unansweredIsOffline() async throws {
    let host = DeviceHost(app: app([:]), code: .app(serviceExtension: MessageAPIService.init))
    await host.receive(push(), id: "m1")
    let device = await host.device
    #expect(
      device.notification("m1")?.body == "no message: \(URLError.notConnectedToInternet.rawValue)")
    let failed = try #require(device.events.events(ofKind: .appRequestFailed).first)
    #expect(failed.details["method"] == "GET")
    #expect(failed.details["url"] == JSONValue(.string(Self.message)))
    #expect(failed.details["code"] == "not-in-manifest")
    #expect(failed.reason.contains("offline"))
  }

  @Test("a malformed response reaches the app as URLError.badServerResponse, as URLSession's")
  func badResponse() async throws {
    let host = DeviceHost(
      app: app([:]),
      code: .app(serviceExtension: MessageAPIService.init, fetcher: MalformedAnswers()))
    await host.receive(push(), id: "m1")
    let device = await host.device
    #expect(
      device.notification("m1")?.body
        == "no message: \(URLError.badServerResponse.rawValue)")
    let failed = try #require(device.events.events(ofKind: .appRequestFailed).first)
    #expect(failed.details["code"] == "bad-response")
  }

  /// A header field value with a line break never goes out: `URLRequest`'s `setValue` and
  /// `addValue` drop it without a word (as iOS's do), and `allHTTPHeaderFields` keeps it. Either
  /// way the request fails with an `app.requestFailed` event naming the field, never silently
  /// (Rules.md §7.1).
  @Test(
    "a header field with a line break fails the request, naming the field",
    arguments: ["set", "add", "fields"])
  func lineBreakInAHeader(how: String) async throws {
    let host = DeviceHost(
      app: app([Self.message: entry(json: #"{"text":"Hola"}"#)]),
      code: .app(serviceExtension: LineBreakHeaderService.init))
    let payload: JSONValue = [
      "aps": ["alert": ["title": "Ana", "body": "New message"], "mutable-content": 1],
      "message-url": JSONValue(.string(Self.message)), "how": JSONValue(.string(how)),
    ]
    await host.receive(payload, id: "m1")
    let device = await host.device
    #expect(
      device.notification("m1")?.body == "failed \(URLError.unsupportedURL.rawValue)")
    let failed = try #require(device.events.events(ofKind: .appRequestFailed).first)
    #expect(failed.details["code"] == "invalid-header")
    #expect(failed.reason.contains("\"X-Trace\""), "\(failed.reason)")
    #expect(device.events.events(ofKind: .appRequest).isEmpty)
  }

  @Test("Data(contentsOf:) gets the JSON too, with no attachment rule in the way")
  func contentsOf() async throws {
    let host = DeviceHost(
      app: app([Self.message: entry(json: #"{"text":"Ahoj"}"#)]),
      code: .app(serviceExtension: ContentsOfAPIService.init))
    await host.receive(push(), id: "m1")
    #expect(await host.device.notification("m1")?.body == "Ahoj")
  }
}

/// A network whose every answer is malformed (a NUL in a header field's value).
struct MalformedAnswers: MediaFetcher {
  func fetch(_ url: URL, limit: Int, timeout: Duration) async throws -> FetchedMedia {
    throw MediaFetchError(
      .badResponse, url: url, reason: "the response's header field \"x-note\" has a NUL")
  }
}
