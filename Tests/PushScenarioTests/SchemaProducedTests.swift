import Foundation
import PushDevice
import PushPayload
import Testing

@testable import PushScenario

/// Every field `expect` accepts is one the runner writes: a check on a field nothing produces
/// could never pass (as `apnsId` once could not).
@Suite struct SchemaProducedTests {
  /// The field names of an object shape.
  static func fields(_ shape: Shape) -> [String] {
    switch shape {
    case .object(let fields), .openObject(let fields): fields.map(\.0)
    default: []
    }
  }

  /// The state an `expect` naming every section reads after one push with everything filled in.
  static func state() throws -> JSONObject {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    device.receive(
      [
        "aps": [
          "alert": ["title": "T", "subtitle": "S", "body": "B"], "thread-id": "t",
          "category": "c", "sound": "default", "badge": 1,
        ]
      ], headers: PushHeaders(pushType: "alert", collapseID: "c1"), id: "m1")
    // A check builds only the fields it names: name them all.
    func naming(_ shape: Shape) -> JSONValue {
      JSONValue(.object(JSONObject(fields(shape).map { JSONMember(key: $0, value: nil) })))
    }
    var checks = JSONObject()
    for key in fields(Schemas.expect) {
      let named =
        key == "notification"
        ? naming(Schemas.notification) : key == "push" ? naming(Schemas.push) : [:]
      checks.append(JSONMember(key: key, value: ["m1": named]))
    }
    return try #require(device.scenarioState(for: checks).objectValue)
  }

  @Test func everyPushFieldIsProduced() throws {
    let push = try #require(try Self.state()["push"]?["m1"]?.objectValue)
    #expect(Self.fields(Schemas.push).contains("apnsId"))
    #expect(Set(Self.fields(Schemas.push)).subtracting(push.keys).sorted() == [])
  }

  @Test func everyNotificationFieldIsProduced() throws {
    let notification = try #require(try Self.state()["notification"]?["m1"]?.objectValue)
    #expect(Self.fields(Schemas.notification).count > 15)
    #expect(
      Set(Self.fields(Schemas.notification)).subtracting(notification.keys).sorted() == [])
  }

  /// Every section is in the state; a negative one (`noEvents`) through the list it reads.
  @Test func everySectionIsProduced() throws {
    let state = try Self.state()
    #expect(Self.fields(Schemas.expect).count > 8)
    let read = Self.fields(Schemas.expect).map { ExpectationMatcher.negatedKey($0) ?? $0 }
    #expect(Set(read).subtracting(state.keys).sorted() == [])
    #expect(Self.fields(Schemas.expect).contains("noDiagnostics"))
  }
}
