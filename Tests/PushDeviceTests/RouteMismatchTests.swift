import PushDevice
import PushPayload
import Testing

@Suite struct RouteMismatchTests {
  typealias Failure = RouteMismatch.Failure

  @Test(arguments: [
    (Failure.noRoutes, "the app has no routes"),
    (
      .category(expected: "message", found: "news"), "category is `news`, the route needs `message`"
    ),
    (
      .category(expected: "message", found: ""),
      "the notification has no category, the route needs `message`"
    ),
    (
      .action(expected: .default, found: "com.apple.UNNotificationDismissActionIdentifier"),
      "the action is `dismiss`, the route needs `default`"
    ),
    (
      .action(expected: .dismiss, found: "reply"),
      "the action is `reply`, the route needs `dismiss`"
    ),
    (.missing(key: "chat-id"), "`chat-id` is missing"),
    (
      .notEqual(key: "aps.badge", expected: 5, found: "5"),
      #"`aps.badge` is "5", the route needs 5"#
    ),
    (
      .wrongType(key: "chat-id", found: 4521, expected: .string),
      "`chat-id` is a number, the route needs a string"
    ),
    (
      .wrongType(key: "n", found: 4.5, expected: .int),
      "`n` is the number 4.5, not a whole number that fits Int, the route needs an int"
    ),
    (.wrongType(key: "n", found: "4", expected: .int), "`n` is a string, the route needs an int"),
    (.wrongType(key: "f", found: 1, expected: .bool), "`f` is a number, the route needs a bool"),
    (
      .wrongType(key: "f", found: true, expected: .number),
      "`f` is a boolean, the route needs a number"
    ),
    (
      .wrongType(key: "u", found: "chat_4521", expected: .url),
      #"`u` is the string "chat_4521", not a URL with a scheme, the route needs a url"#
    ),
    (
      .wrongType(key: "i", found: "x", expected: .uuid),
      #"`i` is the string "x", not a UUID, the route needs a uuid"#
    ),
    (
      .wrongType(key: "k", found: .init(.null), expected: .string),
      "`k` is null, the route needs a string"
    ),
    (
      .wrongType(key: "k", found: [1], expected: .string),
      "`k` is an array, the route needs a string"
    ),
    (
      .wrongType(key: "k", found: ["a": 1], expected: .string),
      "`k` is an object, the route needs a string"
    ),
    (.other("free text"), "free text"),
  ])
  func failuresReadPlainly(failure: Failure, text: String) {
    #expect(failure.description == text)
  }

  @Test func reasonNamesTheClosestRoute() {
    #expect(
      RouteMismatch(route: "chat", failure: .missing(key: "chat-id")).reason
        == "closest route `chat`: `chat-id` is missing")
    #expect(RouteMismatch(route: nil, failure: .noRoutes).description == "the app has no routes")
    let literal: RouteMismatch = "why"
    #expect(literal == RouteMismatch(route: nil, failure: .other("why")))
  }

  @Test func longStringsAreShortenedInReasons() {
    let long = String(repeating: "x", count: 500)
    let text = Failure.wrongType(key: "u", found: .init(.string(long)), expected: .url).description
    #expect(text.count < 150)
    #expect(text.contains("…"))
  }
}

extension RouteMismatchTests {
  @Test func longValuesAreShortenedInEqualsReasons() {
    let big = JSONValue(.array(Array(repeating: JSONValue(.string("item")), count: 200)))
    let text = Failure.notEqual(key: "k", expected: "x", found: big).description
    #expect(text.hasPrefix(#"`k` is ["item","#))
    #expect(text.hasSuffix(#"…, the route needs "x""#))
    #expect(text.count < 120)
  }
}
