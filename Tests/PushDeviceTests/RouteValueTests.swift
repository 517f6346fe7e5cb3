import Foundation
import PushDevice
import PushPayload
import Testing

/// A URL from a literal known to parse (no force unwrap, Architecture.md, house style 6).
private func url(_ text: String) -> URL { URL(string: text) ?? URL(fileURLWithPath: "/invalid") }
/// A UUID from a literal known to parse.
private func uuid(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }

@Suite struct RouteValueTests {
  typealias ParameterType = RouteConfiguration.ParameterType

  /// What each type reads: a value of another type does not read (ScenarioFormat.md).
  @Test(arguments: [
    // string
    (ParameterType.string, JSONValue("chat_4521"), RouteValue?.some("chat_4521")),
    (.string, "", .some("")),
    (.string, 4521, nil),
    (.string, true, nil),
    (.string, .init(.null), nil),
    (.string, JSONValue(.array(["a"])), nil),
    // int
    (.int, 42, .some(42)),
    (.int, -7, .some(-7)),
    (.int, 42.0, .some(42)),
    (.int, 4.5, nil),
    (.int, "42", nil),
    (.int, true, nil),
    // number
    (.number, 4.5, .some(4.5)),
    (.number, 3, .some(.number(3))),
    (.number, "4.5", nil),
    (.number, false, nil),
    // bool
    (.bool, true, .some(true)),
    (.bool, false, .some(false)),
    (.bool, 1, nil),
    (.bool, "true", nil),
    // url
    (.url, "https://cdn.example.com/img.jpg", .some(.url(url("https://cdn.example.com/img.jpg")))),
    (.url, "myapp://chat/4521", .some(.url(url("myapp://chat/4521")))),
    (.url, "chat_4521", nil),
    (.url, "not a url", nil),
    (.url, "", nil),
    (.url, 5, nil),
    // uuid
    (
      .uuid, "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
      .some(.uuid(uuid("6BA7B810-9DAD-11D1-80B4-00C04FD430C8")))
    ),
    (
      .uuid, "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
      .some(.uuid(uuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8")))
    ),
    (.uuid, "6ba7b8109dad11d180b400c04fd430c8", nil),
    (.uuid, "not-a-uuid", nil),
    (.uuid, 12, nil),
  ])
  func typesReadOnlyTheirOwnKind(type: ParameterType, value: JSONValue, expected: RouteValue?) {
    #expect(type.read(value) == expected)
  }

  @Test func intReadsWholeNumbersWrittenWithExponentsButNotOutOfRange() throws {
    let thousand = try #require(JSONNumber(text: "1e3"))
    #expect(ParameterType.int.read(JSONValue(.number(thousand))) == .int(1000))
    let huge = try #require(JSONNumber(text: "1e30"))
    #expect(ParameterType.int.read(JSONValue(.number(huge))) == nil)
    let infinite = try #require(JSONNumber(text: "1e400"))
    #expect(ParameterType.int.read(JSONValue(.number(infinite))) == nil)
    #expect(ParameterType.number.read(JSONValue(.number(infinite))) == nil)
  }

  @Test func accessorsReturnOnlyTheirCase() {
    let url = RouteValue.url(url("https://example.com"))
    #expect(url.urlValue?.host == "example.com")
    #expect(url.stringValue == nil)
    #expect(RouteValue.int(3).doubleValue == 3)
    #expect(RouteValue.number(2.5).intValue == nil)
    #expect(RouteValue.bool(true).boolValue == true)
    #expect(RouteValue.string("x").type == .string)
    #expect(RouteValue.uuid(UUID()).type == .uuid)
  }

  @Test func jsonFormsAreWhatExpectCompares() throws {
    let id = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
    #expect(RouteValue.uuid(id).json == "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
    let url = try #require(URL(string: "myapp://chat/4521?x=1"))
    #expect(RouteValue.url(url).json == "myapp://chat/4521?x=1")
    #expect(RouteValue.int(5).json == 5)
    #expect(RouteValue.number(0.5).json == 0.5)
    #expect(RouteValue.bool(false).json == false)
    #expect(RouteValue.string("a\"b").description == #""a\"b""#)
  }

  @Test func parameterTypesRoundTripTheirJSONSpelling() {
    for type in ParameterType.allCases {
      #expect(ParameterType(rawValue: type.description) == type)
    }
    #expect(
      ParameterType.allCases.map(\.rawValue) == ["string", "int", "number", "bool", "url", "uuid"])
  }
}
