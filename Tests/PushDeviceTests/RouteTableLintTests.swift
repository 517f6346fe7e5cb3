import PushDevice
import PushPayload
import Testing

@Suite struct RouteTableLintTests {
  @Test func theScenarioFormatExampleIsClean() {
    #expect(
      RouteTable([RoutingFixtures.chatRoute, RouteConfiguration(name: "home")]).lint().isEmpty)
  }

  @Test func entriesAfterACatchAllAreUnreachable() {
    let table = RouteTable([
      RouteConfiguration(name: "home", params: [.init("tab", key: "tab", default: "feed")]),
      RoutingFixtures.chatRoute,
      RouteConfiguration(name: "other"),
    ])
    let diagnostics = table.lint()
    #expect(diagnostics.map(\.code) == [.routeUnreachable, .routeUnreachable])
    #expect(diagnostics.map(\.path) == ["app.routes[1]", "app.routes[2]"])
    #expect(diagnostics.allSatisfy { $0.source == .lint && $0.severity == .warning })
    #expect(
      diagnostics.first?.message
        == "route `chat` is never tried: `home` before it matches every response")
  }

  @Test func anEntryWithARequiredParameterIsNoCatchAll() {
    let table = RouteTable([
      RouteConfiguration(name: "any", params: [.init("id", key: "id", required: true)]),
      RouteConfiguration(name: "home"),
    ])
    #expect(table.lint().isEmpty)
  }

  @Test func defaultsThatCannotApply() throws {
    let table = RouteTable([
      RouteConfiguration(
        name: "chat",
        params: [
          .init("chatId", key: "chat-id", required: true, default: "inbox"),
          .init("count", key: "count", type: .int, default: "3"),
          .init("count", key: "n", type: .int, default: 3),
        ])
    ])
    let diagnostics = table.lint()
    try #require(diagnostics.count == 3)
    #expect(
      diagnostics.map(\.code) == [
        .routeDefaultIgnored, .routeDefaultType, .routeParamDuplicate,
      ])
    #expect(
      diagnostics.map(\.path) == [
        "app.routes[0].params.chatId.default", "app.routes[0].params.count.default",
        "app.routes[0].params.count",
      ])
    #expect(diagnostics[1].message == #"`count` is int but its default "3" is string"#)
    #expect(diagnostics[2].severity == .error)
  }
}
