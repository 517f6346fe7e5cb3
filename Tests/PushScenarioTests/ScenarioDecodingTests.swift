import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// Decodes `text` as a scenario file named `x.json` in a fresh temporary folder, with `files`
/// beside it.
func decodeScenario(_ text: String, files: [String: String] = [:]) throws -> Scenario {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("pushsim-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  for (name, contents) in files {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: url, atomically: true, encoding: .utf8)
  }
  return try ScenarioLoader().decode(
    bytes: Array(text.utf8), path: "x.json", url: folder.appendingPathComponent("x.json"))
}

/// The error message (`x.json:L:C: error: …`) decoding `text` gives.
func decodingError(_ text: String, files: [String: String] = [:]) -> String? {
  do {
    _ = try decodeScenario(text, files: files)
    return nil
  } catch let error as ScenarioError {
    return error.description
  } catch {
    return "unexpected \(error)"
  }
}

@Suite struct ScenarioDecodingTests {
  @Test func decodesStepsWithDefaultPushIDs() throws {
    let scenario = try decodeScenario(
      """
      { "name": "two pushes",
        "steps": [
          { "push": { "payload": { "aps": { "alert": "a" } } } },
          { "push": { "id": "m1", "payload": { "aps": { "alert": "b" } },
                      "headers": { "apns-priority": 5, "apns-collapse-id": "c" } } },
          { "push": { "raw": "not json" } },
          { "wait": "1m30s", "note": "later" },
          { "tap": { "id": "m1", "action": "default" } },
          { "tap": { "id": "push-1", "action": "reply", "text": "On my way" } },
          { "dismiss": "push-3" },
          { "clear": "all" },
          { "expect": { "badge": 5, "push": { "m1": { "status": "delivered" } } } } ] }
      """)
    #expect(scenario.name == "two pushes")
    #expect(scenario.pushIDs == ["push-1", "m1", "push-3"])
    #expect(scenario.steps.count == 9)
    guard case .push(let second) = scenario.steps[1].action else {
      Issue.record("step 2 is not a push")
      return
    }
    #expect(second.headers == ["apns-priority": "5", "apns-collapse-id": "c"])
    #expect(String(decoding: second.body, as: UTF8.self) == #"{"aps":{"alert":"b"}}"#)
    guard case .push(let raw) = scenario.steps[2].action else {
      Issue.record("step 3 is not a push")
      return
    }
    #expect(raw.body == Array("not json".utf8))
    #expect(raw.origin == .raw)
    guard case .wait(let duration) = scenario.steps[3].action else {
      Issue.record("step 4 is not a wait")
      return
    }
    #expect(duration == .seconds(90))
    #expect(scenario.steps[3].note == "later")
    guard case .tap(let plain) = scenario.steps[4].action,
      case .tap(let reply) = scenario.steps[5].action
    else {
      Issue.record("steps 5 and 6 are not taps")
      return
    }
    #expect(plain == TapStep(id: "m1"))
    #expect(reply == TapStep(id: "push-1", action: "reply", text: "On my way"))
    #expect(scenario.steps[8].number == 9)
    #expect(scenario.steps[8].location == SourceLocation(file: "x.json", line: 12, column: 5))
  }

  @Test(arguments: [
    (
      #"{ "steps": [ { "tapp": "m1" } ] }"#,
      #"x.json:1:16: error: unknown step "tapp"; expected one of push, wait, set, tap, dismiss, clear, expect, startActivity, dismissActivity, removeApp, installApp"#
    ),
    (
      #"{ "nmae": "x", "steps": [] }"#,
      #"x.json:1:3: error: unknown field "nmae" in the scenario; did you mean "name"?"#
    ),
    (
      #"{ "name": 3, "steps": [] }"#,
      #"x.json:1:11: error: expected a string for "name", found number"#
    ),
    (
      #"{ "steps": [ { "wait": "5 minutes" } ] }"#,
      #"x.json:1:24: error: "5 minutes" is not a duration; write a number and a unit: 250ms, 30s, 5m, 2h or 1d"#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {} } }, { "push": { "payload": {}, "id": "push-1" } } ] }"#,
      #"x.json:1:78: error: duplicate push id "push-1"; first used at x.json:1:24"#
    ),
    (
      #"{ "steps": [ { "push": { "id": "m1", "payload": {} } }, { "tap": "m2" } ] }"#,
      #"x.json:1:66: error: unknown push id "m2"; did you mean "m1"?"#
    ),
    (
      #"{ "steps": [ { "tap": "m1" }, { "push": { "id": "m1", "payload": {} } } ] }"#,
      #"x.json:1:23: error: push "m1" is not sent yet at this step"#
    ),
    (
      #"{ "steps": [ { "push": { "payloadFile": "missing.json" } } ] }"#,
      #"x.json:1:41: error: missing.json: no such file"#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {}, "raw": "" } } ] }"#,
      #"x.json:1:41: error: a push has one body; this one has both "payload" and "raw""#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {}, "headers": { "apns-priorty": "10" } } } ] }"#,
      #"x.json:1:54: error: unknown field "apns-priorty" in "headers"; did you mean "apns-priority"?"#
    ),
    (
      #"{ "device": { "locked": "yes" }, "steps": [] }"#,
      #"x.json:1:25: error: expected true or false for "locked", found string"#
    ),
    (
      #"{ "app": { "state": "foregroud" }, "steps": [] }"#,
      #"x.json:1:21: error: unknown value "foregroud" for "state"; did you mean "foreground"?"#
    ),
    (
      #"{ "app": { "serviceExtension": { "kind": "madia" } }, "steps": [] }"#,
      #"x.json:1:42: error: unknown value "madia" for "kind"; did you mean "media"?"#
    ),
    (
      #"{ "steps": [ { "push": { "payload": {} } }, { "expect": { "notifications": {} } } ] }"#,
      #"x.json:1:59: error: unknown field "notifications" in "expect"; did you mean "notification"?"#
    ),
    (
      #"{ "steps": [ { "push": {"payload": {}}, "wait": "1s" } ] }"#,
      #"x.json:1:41: error: a step does one thing; this one has both "push" and "wait""#
    ),
    (
      #"{ "steps": [ { "note": "nothing" } ] }"#,
      #"x.json:1:14: error: a step needs one of push, wait, set, tap, dismiss, clear, expect, startActivity, dismissActivity, removeApp, installApp"#
    ),
    (
      #"{ "steps": [ ], }"#,
      #"x.json:1:15: error: trailing comma before '}' (not allowed in JSON)"#
    ),
    (
      #"{ "name": "x" }"#,
      #"x.json:1:1: error: missing field "steps" in the top level"#
    ),
    (
      #"{ "app": "chat.app.json", "steps": [] }"#,
      #"x.json:1:10: error: chat.app.json: no such file"#
    ),
  ])
  func invalidScenarioGivesThePosition(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }

  /// An `expect` check is read in one pass that makes no nodes when it fits; each kind of
  /// misfit must still be found, with its position, by the detailed check.
  @Test(arguments: [
    (#"{ "badge": "5" }"#, #"x.json:1:80: error: expected an integer for "badge", found string"#),
    (#"{ "badge": 1.5 }"#, #"x.json:1:80: error: expected an integer for "badge", found 1.5"#),
    (#"{ "badge": null }"#, #"x.json:1:80: error: expected an integer for "badge", found null"#),
    (
      #"{ "notification": { "m1": { "relevanceScore": "high" } } }"#,
      #"x.json:1:115: error: expected a number for "relevanceScore", found string"#
    ),
    (
      #"{ "notification": { "m1": { "presentation": { "banner": 1 } } } }"#,
      #"x.json:1:125: error: expected true or false for "banner", found number"#
    ),
    (
      #"{ "push": { "m1": { "status": "delivred" } } }"#,
      #"x.json:1:99: error: unknown value "delivred" for "status"; did you mean "delivered"?"#
    ),
    (
      #"{ "push": { "m1": { "stauts": "delivered" } } }"#,
      #"x.json:1:89: error: unknown field "stauts" in "m1"; did you mean "status"?"#
    ),
    (
      #"{ "push": { "m9": { "status": "delivered" } } }"#,
      #"x.json:1:81: error: unknown push id "m9"; did you mean "m1"?"#
    ),
    (
      #"{ "dynamicIsland": 3 }"#,
      #"x.json:1:88: error: expected a string for "dynamicIsland", found number"#
    ),
    (
      #"{ "summary": "m1" }"#, #"x.json:1:82: error: expected an array for "summary", found string"#
    ),
    (#"{ "summary": [ "m2" ] }"#, #"x.json:1:84: error: unknown push id "m2"; did you mean "m1"?"#),
    (
      #"{ "center": [ { "thread": "t", "notifications": [ "m1", 7 ] } ] }"#,
      #"x.json:1:125: error: expected a string for element 1 of "notifications", found number"#
    ),
    (
      #"{ "activities": { "a": 3 } }"#,
      #"x.json:1:92: error: expected an object for "a", found number"#
    ),
    (#"{ "activities": { "a": {}, "a": {} } }"#, #"x.json:1:96: error: duplicate field "a""#),
    (
      #"{ "events": [ { "kind": "deliverd" } ] }"#,
      #"x.json:1:93: error: unknown value "deliverd" for "kind"; did you mean "delivered"?"#
    ),
    (
      #"{ "events": [ { "kind": "delivered", "time": "yesterday" } ] }"#,
      #"x.json:1:114: error: "yesterday" is not an ISO 8601 time such as "2026-07-03T12:00:00Z""#
    ),
    (
      #"{ "app": { "state": "foreground", "state": "background" } }"#,
      #"x.json:1:103: error: duplicate field "state""#
    ),
    (
      #"{ "badges": 1 }"#,
      #"x.json:1:71: error: unknown field "badges" in "expect"; did you mean "badge"?"#
    ),
  ])
  func everyMisfitInACheckIsFoundWithItsPosition(check: String, expected: String) {
    let text =
      #"{ "steps": [ { "push": { "id": "m1", "payload": {} } }, { "expect": "# + check + " } ] }"
    #expect(decodingError(text) == expected)
  }

  /// A push's body is its payload as written, without the blanks between tokens: strings,
  /// numbers and key order unchanged (APNs counts these bytes). A payload with an escape is
  /// written from what it reads as.
  @Test func aPushBodyIsItsPayloadWithoutBlanksBetweenTokens() throws {
    let scenario = try decodeScenario(
      """
      { "steps": [
        { "push": { "payload": {
            "aps" : { "alert" : { "title" : "Ana  y  Luis", "body" : "¿Cómo estás? Как дела" },
                      "badge" : 1.50 },
            "list" : [ -0 , true , null , [ ] , { } ] } } },
        { "push": { "payload": { "aps": { "alert": "say \\"hi\\"\\n" } } } } ] }
      """)
    let bodies = scenario.steps.compactMap { step -> String? in
      guard case .push(let push) = step.action else { return nil }
      return String(decoding: push.body, as: UTF8.self)
    }
    #expect(
      bodies == [
        #"{"aps":{"alert":{"title":"Ana  y  Luis","body":"¿Cómo estás? Как дела"},"badge":1.50},"#
          + #""list":[-0,true,null,[],{}]}"#,
        #"{"aps":{"alert":"say \"hi\"\n"}}"#,
      ])
  }

  @Test func checksThatFitDecodeUnchanged() throws {
    let scenario = try decodeScenario(
      """
      { "steps": [ { "push": { "id": "m1", "payload": { "aps": { "alert": "a" } } } },
        { "expect": { "badge": 0, "summary": [ "m1" ], "dynamicIsland": null,
                      "push": { "m1": { "status": "delivered", "httpStatus": 200, "reason": null } },
                      "notification": { "m1": { "body": "a", "sound": null, "relevanceScore": 0.5,
                        "presentation": { "banner": true }, "userInfo": { "any": [ 1, "x" ] } } },
                      "center": [ { "thread": "", "notifications": [ "m1" ], "summary": null } ],
                      "events": [ { "kind": "delivered", "push": "m1", "extra": 1,
                                    "time": "2026-01-01T09:00:00Z" } ],
                      "routes": [ { "route": null, "params": { "id": 1 }, "custom": true } ],
                      "app": { "state": "foreground", "backgroundWakes": 0 } } } ] }
      """)
    guard case .expect(let expectation) = scenario.steps.last?.action else {
      Issue.record("the last step is not a check")
      return
    }
    #expect(
      expectation.checks.members.map(\.key) == [
        "badge", "summary", "dynamicIsland", "push", "notification", "center", "events", "routes",
        "app",
      ])
  }

  @Test func appFileErrorsPointIntoTheAppFile() {
    let error = decodingError(
      #"{ "app": "a.app.json", "steps": [] }"#,
      files: [
        "a.app.json": "{\n  \"bundleId\": \"com.example.chat\",\n  \"sate\": \"foreground\"\n}\n"
      ])
    #expect(
      error
        == #"a.app.json:3:3: error: unknown field "sate" in the app file; did you mean "state"?"#)
  }

  @Test func appFileIsSharedByReferenceAndPathsResolveFromIt() throws {
    let scenario = try decodeScenario(
      #"{ "app": "apps/chat.app.json", "steps": [] }"#,
      files: [
        "apps/chat.app.json": #"{ "bundleId": "com.example.chat", "strings": "../Strings" }"#,
        "Strings/en.lproj/Localizable.strings": #""A" = "B";"#,
      ])
    #expect(scenario.app.object["bundleId"]?.stringValue == "com.example.chat")
    let strings = try #require(scenario.app.object["strings"]?.stringValue)
    #expect(strings.hasSuffix("/Strings"))
    #expect(scenario.app.source.path == "apps/chat.app.json")
  }

  @Test func stringsDefaultsToTheNearestStringsFolder() throws {
    let scenario = try decodeScenario(
      #"{ "steps": [] }"#, files: ["Strings/en.lproj/Localizable.strings": #""A" = "B";"#])
    #expect(scenario.app.object["strings"]?.stringValue?.hasSuffix("/Strings") == true)
  }

  @Test func payloadFileReadsJSONAndAPNSFiles() throws {
    let apns = """
      {
        "Simulator Target Bundle": "com.example.chat",
        "aps": { "alert": "Hi" }
      }
      """
    let scenario = try decodeScenario(
      #"{ "steps": [ { "push": { "payloadFile": "p.json" } }, { "push": { "payloadFile": "p.apns" } } ] }"#,
      files: ["p.json": #"{"aps":{"alert":"Hi"}}"#, "p.apns": apns])
    guard case .push(let json) = scenario.steps[0].action,
      case .push(let fromAPNS) = scenario.steps[1].action
    else {
      Issue.record("not pushes")
      return
    }
    #expect(String(decoding: json.body, as: UTF8.self) == #"{"aps":{"alert":"Hi"}}"#)
    #expect(json.origin == .file("p.json"))
    let body = String(decoding: fromAPNS.body, as: UTF8.self)
    #expect(body == "{\n  \"aps\": { \"alert\": \"Hi\" }\n}")
  }

  @Test func apnsFileIsAOnePushScenario() throws {
    let text = #"{ "aps": { "alert": "Hi" }, "Simulator Target Bundle": "com.example.news" }"#
    let folder = FileManager.default.temporaryDirectory
    let scenario = try ScenarioLoader().decode(
      bytes: Array(text.utf8), path: "news.apns", url: folder.appendingPathComponent("news.apns"))
    #expect(scenario.name == "news")
    #expect(scenario.app.object["bundleId"]?.stringValue == "com.example.news")
    guard case .push(let push) = scenario.steps.first?.action else {
      Issue.record("no push")
      return
    }
    #expect(push.id == "push-1")
    #expect(String(decoding: push.body, as: UTF8.self) == #"{ "aps": { "alert": "Hi" } }"#)
  }

  @Test func setStepsMergeObjectsAndReplaceArrays() throws {
    let base: JSONObject = try #require(
      JSONDocument(
        parsing: #"{"settings":{"grouping":"off","showPreviews":"never"},"sounds":["a"]}"#
      )
      .root.objectValue)
    let change: JSONObject = try #require(
      JSONDocument(
        parsing: #"{"settings":{"grouping":"byApp"},"sounds":["b","c"],"state":"foreground"}"#
      )
      .root.objectValue)
    let source = SourceFile(path: "x.json", url: URL(fileURLWithPath: "/x.json"), bytes: [])
    let merged = ConfigurationDocument(object: base, source: source).merging(change).object
    #expect(
      JSONValue(.object(merged)).jsonText
        == #"{"settings":{"grouping":"byApp","showPreviews":"never"},"sounds":["b","c"],"state":"foreground"}"#
    )
  }
}

@Suite struct ScenarioTimeTests {
  @Test(arguments: [
    ("250ms", Duration.milliseconds(250)), ("30s", .seconds(30)), ("5m", .seconds(300)),
    ("2h", .seconds(7200)), ("1d", .seconds(86_400)), ("1.2s", .milliseconds(1200)),
    ("1h30m", .seconds(5400)),
  ])
  func parsesDurations(text: String, duration: Duration) {
    #expect(ScenarioTime.duration(text) == duration)
  }

  @Test(arguments: ["", "5", "s", "5 m", "-1s", "5w", "1.2.3s"])
  func rejectsNonDurations(text: String) {
    #expect(ScenarioTime.duration(text) == nil)
  }

  @Test func durationsLongerThanOneHundredYearsAreTooLongNotMalformed() {
    #expect(ScenarioTime.readDuration("36500d") == .duration(.seconds(36_500 * 86_400)))
    #expect(ScenarioTime.readDuration("999999999d") == .tooLong)
    #expect(ScenarioTime.readDuration("36500d1ms") == .tooLong)
    #expect(ScenarioTime.readDuration(String(repeating: "11574d", count: 5000)) == .tooLong)
    #expect(ScenarioTime.readDuration("999999999d5w") == .invalid)
    #expect(ScenarioTime.duration("999999999d") == nil)
  }

  @Test func parsesInstants() {
    #expect(ScenarioTime.instant("2026-07-03T12:00:00Z")?.timeIntervalSince1970 == 1_783_080_000)
    #expect(
      ScenarioTime.instant("2026-07-03T14:00:00+02:00")?.timeIntervalSince1970 == 1_783_080_000)
    #expect(
      ScenarioTime.instant("2026-01-01T09:00:00.5Z")?.timeIntervalSince1970 == 1_767_258_000.5)
    #expect(ScenarioTime.instant("2026-02-30T09:00:00Z") == nil)
    #expect(ScenarioTime.instant("2026-01-01 09:00") == nil)
    #expect(
      ScenarioTime.format(Date(timeIntervalSince1970: 1_767_258_000)) == "2026-01-01T09:00:00Z")
  }

  /// A UTC offset beyond ±18:00, or with minutes of 60 or more, is no offset (ISO 8601, and
  /// Foundation's `Date.ISO8601FormatStyle`): refused, not turned into a moved clock.
  @Test func impossibleUTCOffsetsAreRefused() {
    for text in [
      "2026-01-01T09:00:00+99:99", "2026-01-01T09:00:00+18:01", "2026-01-01T09:00:00-19:00",
      "2026-01-01T09:00:00+05:60", "2026-01-01T09:00+0099",
    ] {
      #expect(ScenarioTime.instant(text) == nil, "\(text)")
    }
    for (text, utc) in [
      ("2026-01-01T09:00:00+18:00", "2025-12-31T15:00:00Z"),
      ("2026-01-01T09:00:00-18:00", "2026-01-02T03:00:00Z"),
      ("2026-01-01T09:00:00+05:59", "2026-01-01T03:01:00Z"),
    ] {
      let instant = ScenarioTime.instant(text)
      #expect(instant != nil, "\(text)")
      #expect(instant == ScenarioTime.instant(utc), "\(text)")
    }
    let error = decodingError(
      #"{ "device": { "now": "2026-01-01T09:00:00+99:99" }, "steps": [] }"#)
    #expect(
      error
        == #"x.json:1:22: error: "2026-01-01T09:00:00+99:99" has an impossible UTC offset, +99:99: "#
        + "an offset is at most ±18:00, with minutes below 60")
    let inCheck = decodingError(
      #"{ "steps": [ { "expect": { "events": [ { "time": "2026-01-01T09:00:00-00:60" } ] } } ] }"#)
    #expect(inCheck?.hasPrefix("x.json:1:50: error: ") == true, "\(inCheck ?? "")")
    #expect(inCheck?.contains("impossible UTC offset, -00:60") == true, "\(inCheck ?? "")")
  }

  /// Instants after the year 9999 (a clock moved past it, a far stale date) are written with
  /// their year, as Foundation's ISO 8601 style writes them, not as seconds since 1970.
  @Test func instantsAfterTheYear9999KeepTheirYear() {
    let cases: [(Double, String)] = [
      (253_402_300_799, "9999-12-31T23:59:59Z"),
      (253_402_300_800, "10000-01-01T00:00:00Z"),
      (253_402_300_800.25, "10000-01-01T00:00:00.250Z"),
      (1e12, "33658-09-27T01:46:40Z"),
      (1e15, "31690708-07-05T01:46:40Z"),
      (-62_167_219_201, "-0001-12-31T23:59:59Z"),
    ]
    for (seconds, text) in cases {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ScenarioTime.format(date) == text, "\(seconds)")
      #expect(VirtualTimeFormat.text(date) == text, "\(seconds)")
    }
  }

  @Test func parsesDailyTimes() {
    #expect(ScenarioTime.dailyTime("08:30") == 510)
    #expect(ScenarioTime.dailyTime("24:00") == nil)
    #expect(ScenarioTime.dailyTime("8:30") == nil)
  }
}

@Suite struct ExpectationDecodingTests {
  @Test func eventTimesAreComparedAsInstants() throws {
    let scenario = try decodeScenario(
      """
      { "steps": [ { "push": { "id": "p", "payload": {} } },
        { "expect": { "events": [ { "kind": "received", "time": "2026-01-01T10:00:01.2+01:00" } ] } } ] }
      """)
    guard case .expect(let expectation) = scenario.steps[1].action else {
      Issue.record("not an expect step")
      return
    }
    #expect(expectation.checks["events"]?[0]?["time"] == "2026-01-01T09:00:01.200Z")
  }

  @Test func setCannotMoveTheClock() {
    #expect(
      decodingError(#"{ "steps": [ { "set": { "device": { "now": "2026-01-02T00:00:00Z" } } } ] }"#)
        == #"x.json:1:37: error: "now" sets the clock at the first step; later, the clock moves with "wait" steps"#
    )
  }
}

@Suite struct VirtualTimeLimitTests {
  @Test func aTooLongWaitNamesTheLimit() {
    #expect(
      decodingError(#"{ "steps": [ { "wait": "999999999d" } ] }"#)
        == #"x.json:1:24: error: "999999999d" is longer than the longest duration a scenario may use, 36500d (100 years)"#
    )
  }

  @Test func waitsAddingUpPastTheLimitAreRefusedWhereTheyCross() {
    let waits = Array(repeating: #"{ "wait": "11574d" }"#, count: 4).joined(separator: ", ")
    #expect(
      decodingError(#"{ "steps": [ \#(waits) ] }"#)
        == #"x.json:1:90: error: the scenario's waits add up to more than 36500d (100 years), the longest virtual time a scenario may span"#
    )
  }

  @Test func aLongPlayedScenarioReportsWithoutTrapping() async throws {
    let scenario = try decodeScenario(
      #"{ "steps": [ { "push": { "payload": { "aps": { "alert": "a" } } } }, { "wait": "36500d" }, { "push": { "payload": { "aps": { "alert": "b" } } } } ] }"#
    )
    let result = await ScenarioRunner().run(scenario)
    #expect(TextReporter().report([result]).contains("+876000:00:00"))
    #expect(!JSONReporter().report([result]).isEmpty)
  }
}

@Suite struct ServiceExtensionBudgetLimitTests {
  @Test func aBudgetLongerThanThirtySecondsIsRefused() {
    let error = decodingError(
      #"{ "app": { "serviceExtension": { "budget": "1d" } }, "steps": [] }"#)
    #expect(
      error?.contains("a budget of 1d is longer than the 30s iOS gives a service extension") == true
    )
    #expect(
      decodingError(#"{ "app": { "serviceExtension": { "budget": "30s" } }, "steps": [] }"#) == nil)
  }
}

@Suite struct AppInstallationStepTests {
  static func run(_ text: String) async throws -> ScenarioResult {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("x.json")
    let scenario = try ScenarioLoader().decode(bytes: Array(text.utf8), path: "x.json", url: url)
    return await ScenarioRunner().run(scenario)
  }

  @Test func removingTheAppMakesAPNsAnswer410WithTheRemovalTimeAsTimestamp() async throws {
    let result = try await Self.run(
      #"""
      { "device": { "now": "2026-07-03T12:00:00Z" },
        "steps": [
          { "push": { "id": "m1", "payload": { "aps": { "alert": "Hi" } } } },
          { "wait": "1.5s" },
          { "removeApp": {} },
          { "push": { "id": "late", "payload": { "aps": { "alert": "Late" } } } },
          { "expect": { "center": [],
              "push": { "m1": { "status": "removed" },
                        "late": { "httpStatus": 410, "reason": "Unregistered",
                                  "timestamp": 1783080001500 } } } },
          { "expect": { "push": { "late": { "timestamp": 1783080001000 } } } },
          { "removeApp": {} },
          { "installApp": {} },
          { "installApp": {} },
          { "push": { "id": "again", "payload": { "aps": { "alert": "Again" } } } },
          { "expect": { "push": { "again": { "httpStatus": 200, "timestamp": null } } } } ] }
      """#)
    #expect(
      result.failures.map(\.message) == [
        "push.late.timestamp: expected 1783080001000, found 1783080001500",
        "cannot removeApp: the app is not installed",
        "cannot installApp: the app is installed: remove it first",
      ])
  }

  @Test func theStepsTakeAnEmptyObject() {
    #expect(
      decodingError(#"{ "steps": [ { "removeApp": { "when": "now" } } ] }"#)?.contains(
        "unknown field \"when\"") == true)
  }
}

@Suite struct DismissActivityStepTests {
  @Test func removingAnActivityThatIsNotOnTheLockScreenIsAFailureOfTheStep() async throws {
    let text = #"{ "steps": [ { "dismissActivity": "nope" } ] }"#
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("x.json")
    let scenario = try ScenarioLoader().decode(bytes: Array(text.utf8), path: "x.json", url: url)
    let result = await ScenarioRunner().run(scenario)
    #expect(
      result.failures.map(\.message) == [
        "cannot dismissActivity: no Live Activity nope is on the Lock Screen"
      ])
  }
}

/// The app's `requests` table (and `media`, its older name): one table of answers.
@Suite struct RequestsTableDecodingTests {
  @Test func decodesBodiesMethodsStatusesAndHeaders() throws {
    let scenario = try decodeScenario(
      """
      { "app": {
          "media": { "https://cdn.example.com/a.jpg": { "file": "a.jpg", "latency": "1s" } },
          "requests": {
            "https://api.example.com/m/1": { "json": { "text": "Hola", "n": [1, 2] } },
            "POST https://api.example.com/m/1/read": {
              "text": "ok", "status": 202, "headers": { "X-Unread": "2" } } } },
        "steps": [] }
      """, files: ["a.jpg": "jpeg"])
    let manifest = try scenario.app.appConfiguration().media
    let api = try #require(URL(string: "https://api.example.com/m/1"))
    let json = try #require(manifest.entry(method: "GET", url: api))
    #expect(json.inlineBody == Data(#"{"text":"Hola","n":[1,2]}"#.utf8))
    #expect(json.contentType == "application/json")
    let read = try #require(URL(string: "https://api.example.com/m/1/read"))
    let post = try #require(manifest.entry(method: "POST", url: read))
    #expect(post.status == 202)
    #expect(post.inlineBody == Data("ok".utf8))
    #expect(post.contentType == "text/plain; charset=utf-8")
    #expect(post.headers == [AppRequest.Header(name: "X-Unread", value: "2")])
    #expect(manifest.entry(method: "GET", url: read) == nil)
    let image = try #require(URL(string: "https://cdn.example.com/a.jpg"))
    #expect(manifest.entry(for: image)?.latency == .seconds(1))
    #expect(manifest.entry(for: image)?.file?.lastPathComponent == "a.jpg")
  }

  @Test(arguments: [
    (
      #"{ "app": { "requests": { "u": { "json": {}, "text": "" } } }, "steps": [] }"#,
      "x.json:1:31: error: an entry has one body: write one of file, json and text, not both"
    ),
    (
      #"{ "app": { "requests": { "u": { "status": 999 } } }, "steps": [] }"#,
      "x.json:1:43: error: an HTTP status is from 100 to 599, not 999"
    ),
    (
      #"{ "app": { "requests": { "GET u": { "txt": "" } } }, "steps": [] }"#,
      #"x.json:1:37: error: unknown field "txt" in "GET u"; did you mean "text"?"#
    ),
    (
      #"{ "app": { "media": { "u": {} }, "requests": { "u": {} } }, "steps": [] }"#,
      "x.json:1:53: error: u is answered twice (in media and in requests): keep one entry"
    ),
    (
      #"{ "app": { "requests": { "u": { "headers": { "X": 1 } } } }, "steps": [] }"#,
      #"x.json:1:51: error: expected a string for "X", found number"#
    ),
  ])
  func badEntriesGiveThePosition(text: String, expected: String) {
    #expect(decodingError(text) == expected)
  }
}
