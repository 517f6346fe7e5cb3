import Foundation
import PushSimTestSupport
import Testing

/// `validate`, `render` and `run` read an `.apns` file alike: the `Simulator Target Bundle`
/// key names the app and never reaches APNs, so both count the bytes APNs would get.
@Suite struct APNsFileTests {
  static let payload = #""aps": {"alert": {"title": "Hi", "body": "There"}, "badge": 2}"#

  /// The size `validate --format json` reports.
  static func validatedBytes(_ path: String) throws -> Int? {
    let result = try CommandRunner.run(["validate", "--format", "json", path])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return (object as? [String: Any])?["bytes"] as? Int
  }

  /// The final state and the received size of the one push `run --format json` plays.
  static func played(_ path: String) throws -> (
    status: Int32, bytes: Int?, userInfo: [String: Any]?
  ) {
    let result = try CommandRunner.run(["run", "--format", "json", path])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let scenario = ((object as? [String: Any])?["scenarios"] as? [[String: Any]])?.first
    let events = scenario?["events"] as? [[String: Any]] ?? []
    let received = events.first { $0["kind"] as? String == "received" }?["reason"] as? String
    let bytes = received?.split(separator: " ").compactMap { Int($0) }.first
    let final = scenario?["final"] as? [String: Any]
    let notification = (final?["notifications"] as? [String: Any])?["push-1"] as? [String: Any]
    return (result.status, bytes, notification?["userInfo"] as? [String: Any])
  }

  @Test(arguments: [
    #"{"Simulator Target Bundle": "com.example.news", \#(payload)}"#,
    #"{\#(payload), "Simulator Target Bundle": "com.example.news"}"#,
    #"{"Simulator Target Bundle": "com.example.a", \#(payload), "Simulator Target Bundle": "com.example.b"}"#,
    #"{"Simulator Target Bundle": "", \#(payload)}"#,
  ])
  func validateAndRunCountTheBytesAPNsGets(_ file: String) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("push.apns", file)
    let sent = "{\(Self.payload)}".utf8.count
    #expect(try Self.validatedBytes(path) == sent)
    let run = try Self.played(path)
    #expect(run.status == 0)
    #expect(run.bytes == sent)
    // No copy of the key reaches the app as data.
    #expect(run.userInfo?["Simulator Target Bundle"] == nil)
    #expect(run.userInfo?["aps"] != nil)
  }

  @Test func liveActivityKeysAloneAreInferredAsALiveActivityPush() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "update.json",
      #"{"aps": {"event": "update", "content-state": {"score": 2}, "timestamp": 1700000000}}"#)
    let result = try CommandRunner.run(["validate", "--format", "json", path])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    #expect((object as? [String: Any])?["pushType"] as? String == "liveactivity")
  }

  @Test func aBundleThatIsNotAStringIsRefusedByAllThree() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "push.apns", "{\n  \"Simulator Target Bundle\": 5, \(Self.payload)}")
    let line =
      "\(path):2:30: error: expected a string for \"Simulator Target Bundle\", found number\n"
    for command in ["validate", "render", "run"] {
      let result = try CommandRunner.run([command, path])
      #expect(result.status == 2, "\(command)")
      #expect(result.standardError == line, "\(command)")
    }
  }
}
