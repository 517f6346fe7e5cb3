import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Synchronization
import Testing

/// Shared helpers for the service-extension tests.
enum ExtensionFixtures {
  static let media = Repository.folder().appendingPathComponent("Fixtures/media")

  static func file(_ name: String) -> URL { media.appendingPathComponent(name) }

  static func request(
    payload extra: [(String, JSONValue)] = [("media-url", "https://cdn.example.com/cat.jpg")],
    identifier: String = "p1"
  ) -> NotificationRequest {
    var members = [JSONMember(key: "aps", value: ["alert": ["title": "Ana", "body": "A photo"]])]
    members += extra.map { JSONMember(key: $0.0, value: $0.1) }
    let content = NotificationContent(
      title: "Ana", body: "A photo", payload: JSONValue(.object(JSONObject(members))))
    return NotificationRequest(
      identifier: identifier, content: content, date: Date(timeIntervalSince1970: 1_800_000_000))
  }

  static func manifest(_ entries: [String: MediaManifest.Entry]) -> MediaManifest {
    MediaManifest(entries: entries)
  }

  static func stage(
    _ manifest: MediaManifest, ats: ATSSettings = ATSSettings(),
    watchdog: ServiceExtensionStage.Watchdog = .init()
  ) -> ServiceExtensionStage {
    ServiceExtensionStage(
      fetcher: ManifestFetcher(manifest: manifest, ats: ats), sandbox: sandbox(),
      watchdog: watchdog)
  }

  static func sandbox() -> MediaSandbox {
    MediaSandbox(
      root: FileManager.default.temporaryDirectory.appendingPathComponent(
        "pushsim-tests-\(UUID().uuidString)"))
  }
}

extension ServiceExtensionOutcome {
  var kinds: [String] { events.map(\.kind.rawValue) }
  func event(_ kind: DeviceEvent.Kind) -> Event? { events.first { $0.kind == kind } }
}

@Suite struct ServiceExtensionStageTests {
  typealias F = ExtensionFixtures

  @Test func mediaExtensionAttachesTheManifestFile() async throws {
    let stage = F.stage(
      F.manifest([
        "https://cdn.example.com/cat.jpg": .init(
          file: F.file("tiny.jpg"), latency: .milliseconds(1200), contentType: "image/jpeg")
      ]))
    defer { stage.sandbox.removeAll() }
    let outcome = await stage.run(
      request: F.request(), extension: MediaAttachmentExtension(), budget: .seconds(30))

    #expect(outcome.delivered == .modified)
    #expect(outcome.request.identifier == "p1")
    #expect(outcome.elapsed == .milliseconds(1200))
    #expect(outcome.kinds == ["extension.started", "media.fetched", "extension.finished"])
    let attachment = try #require(outcome.request.content.attachments.first)
    #expect(attachment.type == "public.jpeg")
    #expect(attachment.url.lastPathComponent == "attachment-1.jpg")
    #expect(attachment.url.path.hasPrefix(stage.sandbox.root.path))
    #expect(try Data(contentsOf: attachment.url) == Data(contentsOf: F.file("tiny.jpg")))
    #expect(outcome.event(.mediaFetched)?.offset == .milliseconds(1200))
    #expect(outcome.event(.mediaFetched)?.source == .model)
  }

  @Test func latencyBeyondTheBudgetDeliversTheOriginal() async throws {
    let stage = F.stage(
      F.manifest([
        "https://cdn.example.com/cat.jpg": .init(
          file: F.file("tiny.jpg"), latency: .seconds(45), contentType: "image/jpeg")
      ]))
    defer { stage.sandbox.removeAll() }
    let request = F.request()
    let outcome = await stage.run(
      request: request, extension: MediaAttachmentExtension(), budget: .seconds(30))

    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.elapsed == .seconds(30))
    #expect(outcome.kinds == ["extension.started", "media.failed", "extension.timeout"])
    #expect(outcome.event(.extensionTimeout)?.offset == .seconds(30))
    #expect(outcome.event(.mediaFailed)?.details["code"] == "timed-out")
  }
}
