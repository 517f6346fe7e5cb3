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
