import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

@Suite struct MediaAttachmentExtensionTests {
  typealias F = ExtensionFixtures
  let stage = F.stage(
    MediaManifest(entries: [
      "https://cdn.example.com/a.gif": .init(file: ExtensionFixtures.file("tiny.gif")),
      "https://cdn.example.com/b.mp3": .init(
        file: ExtensionFixtures.file("tiny.mp3"), contentType: "audio/mpeg"),
    ]))

  func run(_ payload: [(String, JSONValue)], keys: [String]? = nil) async -> ServiceExtensionOutcome
  {
    let mediaExtension =
      keys.map(MediaAttachmentExtension.init(urlKeys:)) ?? MediaAttachmentExtension()
    return await stage.run(request: F.request(payload: payload), extension: mediaExtension)
  }

  @Test func theFirstConfiguredKeyPresentWins() async {
    let outcome = await run([
      ("attachment-url", "https://cdn.example.com/b.mp3"),
      ("image-url", "https://cdn.example.com/a.gif"),
    ])
    #expect(outcome.request.content.attachments.map(\.type) == ["com.compuserve.gif"])
    let custom = await run([("sound-url", "https://cdn.example.com/b.mp3")], keys: ["sound-url"])
    #expect(custom.request.content.attachments.map(\.type) == ["public.mp3"])
  }

  @Test(
    arguments: [
      ([("media-url", 42)], "not-a-url"),
      ([("media-url", ["https://cdn.example.com/a.gif"])], "not-a-url"),
      ([("media-url", "cat.gif")], "not-a-url"),
      ([("media-url", "")], "not-a-url"),
      ([("other", "https://cdn.example.com/a.gif")], "no-media-url"),
      ([("media-url", "https://cdn.example.com/missing.gif")], "not-in-manifest"),
    ] as [([(String, JSONValue)], String)])
  func unusableValuesAreLoggedAndTheOriginalDelivered(
    payload: [(String, JSONValue)], code: String
  ) async {
    let request = F.request(payload: payload)
    let outcome = await stage.run(request: request, extension: MediaAttachmentExtension())
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.event(.mediaFailed)?.details["code"] == JSONValue(.string(code)))
  }

  @Test func fileNamesAreGeneratedNeverTakenFromTheURL() async throws {
    let stage = F.stage(
      MediaManifest(entries: [
        "https://cdn.example.com/..%2F..%2Fetc%2Fpasswd.gif": .init(file: F.file("tiny.gif"))
      ]))
    defer { stage.sandbox.removeAll() }
    let outcome = await stage.run(
      request: F.request(payload: [
        ("media-url", "https://cdn.example.com/..%2F..%2Fetc%2Fpasswd.gif")
      ]),
      extension: MediaAttachmentExtension())
    let attachment = try #require(outcome.request.content.attachments.first)
    #expect(attachment.url.lastPathComponent == "attachment-1.gif")
    #expect(attachment.url.deletingLastPathComponent().lastPathComponent == "run-1")
  }
}

/// The seam end to end: a ``DeviceHost`` whose app has the media extension.
@Suite struct MediaAttachmentExtensionDeviceTests {
  typealias F = ExtensionFixtures

  func device(latency: Duration, budget: Duration = .seconds(30)) -> DeviceHost {
    let app = AppConfiguration(
      bundleId: "com.example.shop",
      serviceExtension: ServiceExtensionConfiguration(budget: budget),
      media: MediaManifest(entries: [
        "https://cdn.example.com/p.jpg": .init(
          file: F.file("tiny.jpg"), latency: latency, contentType: "image/jpeg")
      ]))
    return DeviceHost(app: app)
  }

  let payload: JSONValue = [
    "aps": ["alert": ["title": "New", "body": "A product"], "mutable-content": 1],
    "media-url": "https://cdn.example.com/p.jpg",
  ]

  @Test func theDeviceDeliversTheAttachmentAndMovesItsClock() async throws {
    let host = device(latency: .milliseconds(1200))
    let start = await host.now
    await host.receive(payload, id: "p1")
    let device = await host.device
    let notification = try #require(device.notification("p1"))
    #expect(notification.attachments.map(\.type) == ["public.jpeg"])
    #expect(device.now == start.addingTimeInterval(1.2))
    let kinds = device.events.events(for: "p1").map(\.kind.rawValue)
    let extensionKinds = kinds.filter { $0.hasPrefix("extension.") || $0.hasPrefix("media.") }
    #expect(extensionKinds == ["extension.started", "media.fetched", "extension.finished"])
  }

  @Test func aSlowDownloadStillDeliversTheNotification() async throws {
    let host = device(latency: .seconds(45), budget: .seconds(30))
    let start = await host.now
    await host.receive(payload, id: "p1")
    let device = await host.device
    let notification = try #require(device.notification("p1"))
    #expect(notification.attachments.isEmpty)
    #expect(notification.body == "A product")
    #expect(device.now == start.addingTimeInterval(30))
    #expect(device.events.events(ofKind: .extensionTimeout).map(\.push) == ["p1"])
  }

  @Test func withoutMutableContentTheExtensionDoesNotRun() async throws {
    let host = device(latency: .zero)
    await host.receive(
      ["aps": ["alert": "Plain"], "media-url": "https://cdn.example.com/p.jpg"], id: "p1")
    let device = await host.device
    #expect(device.notification("p1")?.attachments.isEmpty == true)
    #expect(device.events.events(ofKind: .extensionStarted).isEmpty)
  }
}
