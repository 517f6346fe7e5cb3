import Foundation
import PushSimTestSupport
import Testing

/// `pushsim validate` as a user runs it: output, standard error and exit status (CommandLine.md).
@Suite struct ValidateCommandTests {
  static let payloads = "Tests/PushPayloadTests/Fixtures/payloads"

  @Test func seedPayloadIsAcceptedInText() throws {
    let result = try CommandRunner.run(
      ["validate", "--push-type", "alert", "Examples/payloads/es-chat-message.json"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "Examples/payloads/es-chat-message.json: accepted: 200, alert push, 416 of 4096 bytes\n")
    #expect(result.standardError.isEmpty)
  }

  @Test func jsonResultHasTheShapeOfCliMd() throws {
    let result = try CommandRunner.run(
      ["validate", "--format", "json", "\(Self.payloads)/badge-string.json"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        {"accepted":true,"httpStatus":200,"reason":null,"pushType":"alert","bytes":53,"limit":4096,\
        "diagnostics":[{"severity":"warning","code":"push-type-inferred","path":"apns-push-type",\
        "message":"no apns-push-type header; APNs needs it on watchOS and recommends it everywhere; \
        inferred 'alert'","source":"lint"},{"severity":"warning","code":"badge-string","path":\
        "aps.badge","message":"badge is the string \\"1\\"; iOS ignores it and the badge is \
        unchanged (send a number)","source":"device"}]}

        """)
  }

  @Test func textDiagnosticsCarryPositions() throws {
    let result = try CommandRunner.run(
      ["validate", "--push-type", "alert", "\(Self.payloads)/duplicate-keys.json"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.contains(
        "duplicate-keys.json:5:5: warning: aps.badge: key \"badge\" appears more than once"))
  }

  @Test func invalidJSONIsUnusableWithPathLineColumn() throws {
    let result = try CommandRunner.run(
      ["validate", "--push-type", "alert", "\(Self.payloads)/trailing-comma-object.json"])
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "\(Self.payloads)/trailing-comma-object.json:3:18: error: trailing comma before '}' (not allowed in JSON)\n"
    )
    #expect(result.standardOutput.contains("rejected: 400 MalformedPayload"))
  }

  @Test func rejectedPayloadExitsOne() throws {
    let result = try CommandRunner.run(
      ["validate", "--push-type", "background", "--priority", "10", "-"],
      input: Data(#"{"aps":{"content-available":1}}"#.utf8))
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("<stdin>: rejected: 400 BadPriority, background push"))
  }

  @Test func standardInputWithoutAFileName() throws {
    let result = try CommandRunner.run(
      ["validate", "--format", "json", "--push-type", "alert"],
      input: Data(#"{"aps":{"alert":"Hola"}}"#.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(#"{"accepted":true,"httpStatus":200"#))
  }

  @Test func apnsFilesAcceptTheSimulatorTargetBundle() throws {
    let result = try CommandRunner.run(
      ["validate", "--push-type", "alert", "\(Self.payloads)/simulator.apns"])
    #expect(result.status == 0)
    #expect(!result.standardOutput.contains("Simulator Target Bundle"))
    #expect(result.standardOutput.contains("accepted: 200"))
  }

  @Test func headersAreFlags() throws {
    let result = try CommandRunner.run(
      [
        "validate", "--format", "json", "--push-type", "voip", "--priority", "10",
        "--collapse-id", String(repeating: "x", count: 65), "--expiration", "soon",
        "--topic", "com.example.app", "--apns-id", "nope",
        "Examples/payloads/es-plain-text.json",
      ])
    #expect(result.status == 1)
    for code in ["bad-collapse-id", "bad-expiration-date", "bad-message-id", "bad-topic"] {
      #expect(result.standardOutput.contains("\"code\":\"\(code)\""))
    }
    #expect(result.standardOutput.contains(#""reason":"BadCollapseId""#))
    #expect(result.standardOutput.contains(#""limit":5120"#))
  }

  @Test func jsonlStreamsOneResultPerLineWithTotalsOnStandardError() throws {
    let input = """
      {"aps":{"alert":"uno"}}

      {"aps":{"alert":"dos","badge":"2"}}\r
      [1]
      {"aps":{"content-available":1}}
      """
    let result = try CommandRunner.run(
      ["validate", "--jsonl", "--format", "json", "--push-type", "alert"], input: Data(input.utf8))
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines.map { $0.prefix(10) } == [
        #"{"line":1,"#, #"{"line":3,"#, #"{"line":4,"#, #"{"line":5,"#,
      ])
    #expect(lines[1].contains(#""bytes":35"#))  // the \r is not part of the payload
    #expect(lines[2].contains(#""reason":"MalformedPayload""#))
    #expect(result.standardError == "4 payloads: 3 accepted, 1 rejected; 1 errors, 2 warnings\n")
  }

  /// Output fills the pipe long before all input is written: the runner must read while it
  /// writes (a runner that writes everything first would hang here).
  /// Five batches of lines of different sizes: each result comes back once, in input order,
  /// with its own line's size (the buffers a batch's results are written into are reused).
  @Test func jsonlStreamsManyLinesWithoutBlockingOnOutput() throws {
    let count = 20_000
    let bodies = (1...count).map {
      #"{"aps":{"alert":"hello \#(String(repeating: "x", count: $0 % 97))"}}"#
    }
    let input = bodies.joined(separator: "\n") + "\n"
    let result = try CommandRunner.run(
      ["validate", "--jsonl", "--format", "json", "--push-type", "alert"], input: Data(input.utf8))
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == count)
    let misplaced = zip(lines, bodies).enumerated().first { index, pair in
      !pair.0.hasPrefix(#"{"line":\#(index + 1),"accepted":true,"#)
        || !pair.0.contains(#""bytes":\#(pair.1.utf8.count),"#)
    }
    #expect(
      misplaced == nil, "first result out of place: \(misplaced.map { String($0.element.0) } ?? "")"
    )
  }

  @Test func jsonlJudgesHugeLinesBySizeAlone() throws {
    let huge = #"{"aps":{"alert":""# + String(repeating: "a", count: 1_100_000) + #""}}"#
    let result = try CommandRunner.run(
      ["validate", "--jsonl", "--format", "json", "--push-type", "alert"],
      input: Data((huge + "\n" + #"{"aps":{"alert":"x"}}"# + "\n").utf8))
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""httpStatus":413"#))
    #expect(lines[0].contains(#""bytes":1100020"#))
    #expect(lines[1].contains(#""accepted":true"#))
  }

  @Test func appFileChecksCategoriesSoundsAndEntitlements() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-validate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("chat.app.json")
    try Data(
      #"{"bundleId":"com.example.chat","categories":[{"id":"message"}],"sounds":["ping.caf"]}"#.utf8
    )
    .write(to: app)
    let result = try CommandRunner.run(
      [
        "validate", "--push-type", "alert", "--app", app.path,
        "Examples/payloads/es-localized.json",
      ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("[sound-not-shipped, device]"))
    let bad = folder.appendingPathComponent("bad.app.json")
    try Data("{\n \"sounds\": 1}".utf8).write(to: bad)
    let unusable = try CommandRunner.run([
      "validate", "--app", bad.path, "Examples/payloads/es-localized.json",
    ])
    #expect(unusable.status == 2)
    #expect(
      unusable.standardError
        == "\(bad.path):2:12: error: expected an array for \"sounds\", found number\n")
  }

  /// `validate --app` reads app files as `run` and `render` do: what they refuse, it refuses,
  /// with the same line.
  @Test(arguments: [
    #"{"bundleId": 5}"#, #"{"bundleId": "com.example.a", "categorys": []}"#,
    #"{"name": "A scenario", "steps": []}"#,
  ])
  func appFileIsReadAsRunAndRenderReadIt(_ text: String) throws {
    let folder = try TemporaryFolder()
    let app = try folder.write("x.app.json", text)
    let payload = try folder.write("p.json", #"{"aps": {"alert": "Hi"}}"#)
    let validate = try CommandRunner.run(["validate", "--app", app, payload])
    let render = try CommandRunner.run(["render", "--app", app, payload])
    #expect(validate.status == 2)
    #expect(render.status == 2)
    #expect(!validate.standardError.isEmpty)
    #expect(validate.standardError == render.standardError)
  }

  @Test func aScenarioGivenAsAnAppFileIsCalledAScenario() throws {
    let folder = try TemporaryFolder()
    let app = try folder.write("s.json", #"{"name": "A scenario", "steps": []}"#)
    let result = try CommandRunner.run(["validate", "--app", app, "-"], input: Data("{}".utf8))
    #expect(result.standardError.contains("s.json is a scenario, not an app file"))
  }

  @Test func stringsFolderChecksEveryLocKey() throws {
    let result = try CommandRunner.run(
      [
        "validate", "--push-type", "alert", "--strings", "Strings",
        "Examples/payloads/cs-localized.json",
      ])
    #expect(result.status == 0)
    // The localization layer checks both loc-keys in every localization of Strings/ (issue 3);
    // they all resolve, so nothing is reported about them.
    #expect(!result.standardOutput.contains("strings-not-checked"))
    #expect(!result.standardOutput.contains("loc-key"))
  }

  @Test func aMissingStringsFolderIsUnusable() throws {
    let result = try CommandRunner.run(
      ["validate", "--strings", "no/such/folder", "Examples/payloads/cs-localized.json"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError
        == "no/such/folder: error: --strings needs a folder of *.lproj tables\n")
  }

  @Test func usageErrorsExitTwo() throws {
    let unknown = try CommandRunner.run(["validate", "--push", "alert"])
    #expect(unknown.status == 2)
    #expect(unknown.standardError == "error: unknown option '--push'\n")
    let missing = try CommandRunner.run(["validate", "no/such/file.json"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "no/such/file.json: error: no such file\n")
    let format = try CommandRunner.run(["validate", "--format", "xml", "-"])
    #expect(format.status == 2)
  }

  @Test func helpDescribesEveryOption() throws {
    let result = try CommandRunner.run(["validate", "--help"])
    #expect(result.status == 0)
    for option in [
      "--push-type", "--priority", "--collapse-id", "--expiration", "--topic", "--apns-id", "--app",
      "--strings", "--format", "--jsonl",
    ] {
      #expect(result.standardOutput.contains(option))
    }
  }
}

/// A body far over every limit is judged by its size first (issue: a 100 MB body took 3.9 GB).
@Suite struct ValidateHugeBodyTests {
  @Test func aHugeFileAnswers413FromItsSize() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-huge-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let body = #"{"aps":{"alert":""# + String(repeating: "a", count: 3_000_000) + #""}}"#
    try Data(body.utf8).write(to: file)
    let result = try CommandRunner.run(["validate", "--format", "json", file.path])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains(#""httpStatus":413"#))
    #expect(result.standardOutput.contains(#""bytes":3000020"#))
  }

  @Test func aHugeBodyOnStandardInputToo() throws {
    let body = String(repeating: " ", count: 2_000_000) + "{}"
    let result = try CommandRunner.run(
      ["validate", "--format", "json", "-"], input: Data(body.utf8))
    #expect(result.standardOutput.contains(#""httpStatus":413"#))
    #expect(result.standardOutput.contains(#""bytes":2000002"#))
  }
}
