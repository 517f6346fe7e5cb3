import Foundation
import PushSimTestSupport
import Testing

/// `pushsim render` (CommandLine.md): what the device shows for one payload, as text and JSON.
@Suite struct RenderCommandTests {
  static let snapshots = Repository.folder().appendingPathComponent("Snapshots/render")

  @Test(arguments: [
    ("es-MX", "Scenarios/payloads/es-localized.json", "localized-es-MX"),
    ("sr-Latn-RS", "Scenarios/payloads/sr-localized.json", "localized-sr-Latn"),
    ("de", "Scenarios/payloads/cs-localized.json", "localized-fallback"),
  ])
  func rendersTheLocalizedText(languages: String, file: String, golden: String) throws {
    let text = try CommandRunner.run(["render", file, "--languages", languages])
    #expect(text.status == 0)
    Golden.assertMatches(
      text.standardOutput, golden: Self.snapshots.appendingPathComponent("\(golden).txt"))
    let json = try CommandRunner.run(["render", file, "--languages", languages, "--format", "json"])
    #expect(json.status == 0)
    Golden.assertMatches(
      json.standardOutput, golden: Self.snapshots.appendingPathComponent("\(golden).json"))
  }

  @Test func jsonHasTheFieldsCLIDocuments() throws {
    let result = try CommandRunner.run([
      "render", "Scenarios/payloads/es-chat-message.json", "--app", "Scenarios/chat.app.json",
      "--format", "json",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    for key in [
      "language", "title", "subtitle", "body", "thread", "category", "interruptionLevel",
      "relevanceScore", "sound", "badge", "serviceExtension", "diagnostics",
    ] {
      #expect(object[key] != nil, "missing \(key)")
    }
    #expect(object["title"] as? String == "Nuevo mensaje")
    #expect(object["thread"] as? String == "chat_4521")
    #expect(object["badge"] as? Int == 5)
    #expect(object["serviceExtension"] as? Bool == true)
  }

  @Test func anAPNSFileNamesItsApp() throws {
    let result = try CommandRunner.run(["render", "Scenarios/apns/news.apns"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Title       Breaking news\n"))
  }

  @Test func aRejectedPayloadExitsWithStatusOne() throws {
    let result = try CommandRunner.run(["render", "Scenarios/payloads/too-large.json"])
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("Status      rejected (HTTP 413 PayloadTooLarge)\n"))
  }

  @Test func unusableInputExitsWithStatusTwo() throws {
    let malformed = try CommandRunner.run([
      "render", "Tests/EndToEndTests/Fixtures/invalid/malformed-json.json",
    ])
    #expect(malformed.status == 2)
    #expect(
      malformed.standardError
        == "Tests/EndToEndTests/Fixtures/invalid/malformed-json.json:5:5: error: expected ',' or ']'\n"
    )
    let missing = try CommandRunner.run(["render", "nowhere.json"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "nowhere.json: error: no such file\n")
    let format = try CommandRunner.run([
      "render", "Scenarios/payloads/es-localized.json", "--format", "junit",
    ])
    #expect(format.status == 2)
  }
}
