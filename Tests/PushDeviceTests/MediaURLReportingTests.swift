import Foundation
import PushDevice
import PushPayload
import Testing

/// What the media extension says about the URL it was given: credentials never reach the event
/// log, and a `file:` or `data:` URL is refused for its scheme.
@Suite struct MediaURLReportingTests {
  typealias F = ExtensionFixtures

  @Test func credentialsInAURLAreRedacted() throws {
    let url = try #require(URL(string: "https://ana:s3cret@cdn.example.com/a.jpg?x=1"))
    #expect(url.redactedString == "https://***@cdn.example.com/a.jpg?x=1")
    let plain = try #require(URL(string: "https://cdn.example.com/a.jpg"))
    #expect(plain.redactedString == "https://cdn.example.com/a.jpg")
  }

  @Test func aFailedDownloadNeverLogsTheCredentials() async throws {
    let stage = F.stage(F.manifest([:]))
    defer { stage.sandbox.removeAll() }
    let request = F.request(payload: [
      ("media-url", "https://ana:s3cret@cdn.example.com/a.jpg")
    ])
    let outcome = await stage.run(
      request: request, extension: MediaAttachmentExtension(), budget: .seconds(5))
    let event = try #require(outcome.event(.mediaFailed))
    #expect(!event.reason.contains("s3cret"))
    #expect(event.reason.contains("***@cdn.example.com"))
    for value in event.details.values {
      #expect(!(value.stringValue ?? "").contains("s3cret"))
    }
  }

  @Test(arguments: ["file:///etc/passwd", "data:image/png;base64,iVBORw0KGgo="])
  func fileAndDataURLsAreRefusedForTheirScheme(_ address: String) async throws {
    let stage = F.stage(F.manifest([:]))
    defer { stage.sandbox.removeAll() }
    let outcome = await stage.run(
      request: F.request(payload: [("media-url", JSONValue(.string(address)))]),
      extension: MediaAttachmentExtension(), budget: .seconds(5))
    let event = try #require(outcome.event(.mediaFailed))
    #expect(event.details["code"] == "unsupported-scheme")
    #expect(event.reason.contains("downloads only http and https URLs"))
    #expect(!event.reason.contains("not an absolute URL"))
  }
}
