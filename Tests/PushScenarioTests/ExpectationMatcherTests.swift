import PushPayload
import Testing

@testable import PushScenario

private func json(_ text: String) throws -> JSONValue {
  try JSONDocument(parsing: text).root
}

private func failures(_ expected: String, _ actual: String) throws -> [Failure] {
  let expectedObject = try #require(try json(expected).objectValue)
  return ExpectationMatcher.failures(expected: expectedObject, actual: try json(actual), step: 4)
}

@Suite struct ExpectationMatcherTests {
  @Test func objectsMatchPartially() throws {
    #expect(
      try failures(
        #"{"notification":{"m1":{"title":"Hola"}}}"#,
        #"{"notification":{"m1":{"title":"Hola","body":"x"},"m2":{}},"badge":3}"#
      ).isEmpty)
  }

  @Test func aWrongValueNamesStepPathExpectedAndActual() throws {
    let found = try failures(
      #"{"notification":{"m1":{"title":"Hola"}}}"#, #"{"notification":{"m1":{"title":"Hello"}}}"#)
    #expect(
      found == [
        Failure(
          step: 4, path: "notification.m1.title", expected: "Hola", actual: "Hello",
          message: #"notification.m1.title: expected "Hola", found "Hello""#)
      ])
  }

  @Test func integersAboveTwoToTheFiftyThirdCompareExactly() throws {
    #expect(try failures(#"{"badge":9007199254740992}"#, #"{"badge":9007199254740993}"#).count == 1)
    #expect(try failures(#"{"badge":9007199254740993}"#, #"{"badge":9007199254740993}"#).isEmpty)
    #expect(
      try failures(
        #"{"n":123456789012345678901234567890}"#, #"{"n":123456789012345678901234567891}"#
      )
      .count == 1)
    #expect(try failures(#"{"n":2}"#, #"{"n":2.0}"#).isEmpty)
    #expect(try failures(#"{"n":0.1}"#, #"{"n":0.1000000000001}"#).isEmpty)
  }

  @Test func aLargeBadgeIsCheckedExactlyInAPlayedScenario() async throws {
    let scenario = try decodeScenario(
      #"{ "steps": [ { "push": { "payload": { "aps": { "alert": "a", "badge": 9007199254740993 } } } }, { "expect": { "badge": 9007199254740992 } } ] }"#
    )
    let result = await ScenarioRunner().run(scenario)
    #expect(result.failures.map(\.path) == ["badge"])
  }

  @Test func aMissingFieldIsAFailure() throws {
    let found = try failures(#"{"push":{"m9":{"status":"delivered"}}}"#, #"{"push":{}}"#)
    #expect(found.map(\.path) == ["push.m9"])
    #expect(found.first?.actual == JSONValue(.null))
  }

  @Test func arraysMatchExactlyInLengthAndOrder() throws {
    let actual =
      #"{"center":[{"thread":"a","notifications":["m2","m1"]},{"thread":"b"}],"summary":["n1","n2"]}"#
    #expect(try failures(#"{"center":[{"thread":"a"},{"thread":"b"}]}"#, actual).isEmpty)
    #expect(try failures(#"{"center":[{"thread":"a"}]}"#, actual).map(\.path) == ["center"])
    #expect(
      try failures(#"{"summary":["n2","n1"]}"#, actual).map(\.path) == ["summary[0]", "summary[1]"])
    #expect(
      try failures(#"{"center":[{"notifications":["m1","m2"]},{}]}"#, actual).map(\.path)
        == ["center[0].notifications[0]", "center[0].notifications[1]"])
  }

  @Test func eventsMatchAsAnOrderedSubsequence() throws {
    let actual = #"""
      {"events":[{"kind":"received","push":"p1"},{"kind":"media.failed","push":"p1","status":404},
                 {"kind":"delivered","push":"p1"},{"kind":"received","push":"p2"}]}
      """#
    #expect(
      try failures(
        #"{"events":[{"kind":"media.failed","status":404},{"kind":"received","push":"p2"}]}"#,
        actual
      ).isEmpty)
    let outOfOrder = try failures(
      #"{"events":[{"kind":"delivered"},{"kind":"media.failed"},{"kind":"received","push":"p2"}]}"#,
      actual)
    #expect(outOfOrder.map(\.path) == ["events[1]"])
    #expect(
      outOfOrder.first?.actual == (try json(#"[{"kind":"media.failed","push":"p1","status":404}]"#))
    )
  }

  @Test func numbersCompareWithinATolerance() throws {
    #expect(try failures(#"{"x":{"score":0.3}}"#, #"{"x":{"score":0.30000000000000004}}"#).isEmpty)
    #expect(try failures(#"{"x":{"score":0.3}}"#, #"{"x":{"score":0.3001}}"#).count == 1)
    #expect(try failures(#"{"badge":5}"#, #"{"badge":5.0}"#).isEmpty)
    #expect(try failures(#"{"badge":5}"#, #"{"badge":"5"}"#).count == 1)
  }

  @Test func nullMatchesOnlyNullOrAbsence() throws {
    #expect(try failures(#"{"badge":null}"#, #"{}"#).isEmpty)
    #expect(try failures(#"{"badge":null}"#, #"{"badge":0}"#).count == 1)
  }
}
