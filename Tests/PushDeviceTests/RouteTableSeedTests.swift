import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

/// Every seed payload in `Fixtures/seed/`: the scenario-format `chat` route and the ported
/// seed delegate (``SeedNavigationRouter``) take the same route, or both take none.
@Suite struct RouteTableSeedTests {
  static let folder = Repository.folder().appendingPathComponent("Fixtures/seed")

  static let seeds: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  @Test func theSeedFolderIsThere() {
    #expect(Self.seeds.contains("es-chat-message.json"))
    #expect(Self.seeds.count >= 5)
  }

  @Test(arguments: seeds)
  func theTableAgreesWithThePortedDelegate(name: String) throws {
    let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let payload = try JSONDocument(parsing: bytes).root
    let response = RoutingFixtures.tap(payload)
    let table = RouteTable([RoutingFixtures.chatRoute])
    let ported = SeedNavigationRouter().route(for: response)
    let declared = table.route(for: response)
    #expect(declared.route == ported.route)
    if name == "es-chat-message.json" {
      #expect(
        declared.route
          == Route(name: "chat", params: ["chatId": "chat_4521", "messageType": "text"]))
    }
    if declared.route == nil {
      #expect(declared.mismatch?.route == "chat", "the reason names the closest route")
    }
  }
}
