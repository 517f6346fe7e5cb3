import Foundation
import PushDevice
import PushPayload
import Testing

@Suite struct RouteTests {
  @Test func jsonIsTheExpectRoutesShape() {
    let route = Route(name: "chat", params: ["messageType": "text", "chatId": "chat_4521"])
    #expect(
      route.json == ["route": "chat", "params": ["chatId": "chat_4521", "messageType": "text"]])
    #expect(
      route.jsonText == #"{"route":"chat","params":{"chatId":"chat_4521","messageType":"text"}}"#)
    #expect(route.description == route.jsonText)
  }

  @Test func routeWithoutParamsHasAnEmptyObject() {
    #expect(Route(name: "home").jsonText == #"{"route":"home","params":{}}"#)
  }

  @Test func arraysOfRoutesRenderForReports() {
    let routes = [
      Route(name: "chat", params: ["chatId": "c1", "count": 2, "ratio": 0.25, "muted": false]),
      Route(name: "home"),
    ]
    #expect(
      routes.jsonText
        == #"[{"route":"chat","params":{"chatId":"c1","count":2,"muted":false,"ratio":0.25}},{"route":"home","params":{}}]"#
    )
    #expect(routes.json.arrayValue?.count == 2)
    #expect([Route]().jsonText == "[]")
  }

  @Test func stringsAreEscaped() {
    let route = Route(name: "q\"uote", params: ["text": "line\nbreak\\ \u{01} ¡Hola!"])
    #expect(
      route.jsonText == #"{"route":"q\"uote","params":{"text":"line\nbreak\\ \u0001 ¡Hola!"}}"#)
  }

  @Test func urlAndUUIDRenderAsStrings() throws {
    let route = Route(
      name: "open",
      params: [
        "link": .url(try #require(URL(string: "https://example.com/a?b=1"))),
        "id": .uuid(try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))),
      ])
    #expect(
      route.jsonText
        == #"{"route":"open","params":{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","link":"https://example.com/a?b=1"}}"#
    )
  }

  @Test func equalityIsByNameAndTypedParams() {
    #expect(Route(name: "a", params: ["n": 1]) == Route(name: "a", params: ["n": .int(1)]))
    #expect(Route(name: "a", params: ["n": 1]) != Route(name: "a", params: ["n": .number(1)]))
    #expect(Route(name: "a", params: ["n": "1"]) != Route(name: "a", params: ["n": 1]))
    #expect(Route(name: "a") != Route(name: "b"))
  }
}
