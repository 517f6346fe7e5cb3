import Foundation
import PushSimTestSupport
import Testing

/// A backend's CI as the guide tells it: start `pushsim serve --expect … --until …`, send
/// pushes with curl, and read the exit status and the JUnit report.
@Suite(.serialized) struct ServeExpectTests {
  static let token = "aaaa000000000000000000000000000000000000000000000000000000000001"
  static let first = "0a1b2c3d-0000-4000-8000-000000000001"
  static let second = "0a1b2c3d-0000-4000-8000-000000000002"

  /// A provider token of APNs's shape, issued now (its signature is not checked).
  static var jwt: String {
    func base64URL(_ text: String) -> String {
      Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
    let iat = Int(Date().timeIntervalSince1970)
    return base64URL(#"{"alg":"ES256","kid":"ABC123DEFG"}"#) + "."
      + base64URL("{\"iss\":\"DEF123GHIJ\",\"iat\":\(iat)}") + ".c2lnbmF0dXJl"
  }

  static func folder(expect: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder("serve-expect")
    _ = try folder.write(
      "devices.json",
      """
      {"devices": [
        {"name": "ana", "device": {"locked": false}, "app": {"bundleId": "com.example.chat"},
         "tokens": {"development": {"device": "\(token)"}}},
        {"name": "ben", "app": {"bundleId": "com.example.chat"}}
      ]}
      """)
    _ = try folder.write("expect.json", expect)
    return folder
  }

  static func push(_ port: Int, id: String, badge: Int) throws {
    _ = try ServeProcess.curl([
      "--http2-prior-knowledge", "http://127.0.0.1:\(port)/3/device/\(token)",
      "-H", "authorization: bearer \(jwt)", "-H", "apns-topic: com.example.chat",
      "-H", "apns-push-type: alert", "-H", "apns-id: \(id)",
      "--data-binary", #"{"aps":{"alert":{"title":"Hola"},"badge":\#(badge)}}"#,
    ])
  }

  static func serve(_ folder: TemporaryFolder, _ until: [String]) throws -> ServeProcess {
    try ServeProcess(
      ["--devices", "devices.json", "--expect", "expect.json", "--junit", "report.xml"] + until,
      in: folder.url)
  }

  @Test func passingChecksExitZeroWithAJUnitReport() async throws {
    let folder = try Self.folder(
      expect: """
        {"expect": {"noDiagnostics": [{"severity": "error"}]},
         "devices": {"ana": {"badge": 2, "push": {"\(Self.first)": {"status": "delivered"}},
                             "notification": {"\(Self.second)": {"title": "Hola"}}}}}
        """)
    let server = try await offPool { try Self.serve(folder, ["--until", "2"]) }
    let status = try await offPool {
      try Self.push(server.port, id: Self.first, badge: 1)
      try Self.push(server.port, id: Self.second, badge: 2)
      return server.waitForExit()
    }
    #expect(status == 0, "\(server.standardOutput)\(server.standardError)")
    let report = try String(contentsOfFile: folder.path("report.xml"), encoding: .utf8)
    #expect(report.contains(#"<testsuite name="pushsim serve" tests="2" failures="0""#))
    #expect(report.contains(#"<testcase name="ana" classname="expect.json">"#))
    #expect(report.contains(#"<testcase name="ben" classname="expect.json">"#))
    #expect(server.standardOutput.contains("ana  PASS\n"))
    #expect(server.standardOutput.contains("2 passed, 0 failed\n"))
  }

  @Test func aFailedCheckExitsOneAndIsInTheReport() async throws {
    let folder = try Self.folder(expect: #"{"devices": {"ana": {"badge": 5}}}"#)
    let server = try await offPool { try Self.serve(folder, ["--until", "1"]) }
    let status = try await offPool {
      try Self.push(server.port, id: Self.first, badge: 1)
      return server.waitForExit()
    }
    #expect(status == 1, "\(server.standardOutput)\(server.standardError)")
    let report = try String(contentsOfFile: folder.path("report.xml"), encoding: .utf8)
    #expect(report.contains(#"tests="2" failures="1""#))
    #expect(report.contains(#"<failure message="1 failure" type="expectation">step 1: "#))
    #expect(server.standardOutput.contains("ana  FAIL (1 failure)\n    step 1: "))
  }

  @Test func untilIdleStopsWhenNoRequestComes() async throws {
    let folder = try Self.folder(expect: #"{"expect": {"badge": 0}}"#)
    let started = ContinuousClock.now
    let server = try await offPool { try Self.serve(folder, ["--until-idle", "1s"]) }
    let status = try await offPool { server.waitForExit() }
    #expect(status == 0, "\(server.standardOutput)\(server.standardError)")
    #expect(ContinuousClock.now - started >= .seconds(1))
    #expect(server.standardOutput.contains("2 passed, 0 failed\n"))
  }

  @Test func anExpectFileNamingNoDeviceIsUnusable() async throws {
    let folder = try Self.folder(expect: #"{"devices": {"cleo": {"badge": 0}}}"#)
    let url = folder.url
    let result = try await offPool {
      try CommandRunner.run(
        [
          "serve", "--port", "0", "--devices", "devices.json", "--expect", "expect.json", "--until",
          "1",
        ], in: url)
    }
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix(
        #"expect.json:1:14: error: no device is named "cleo" in the devices file"#))
  }
}
