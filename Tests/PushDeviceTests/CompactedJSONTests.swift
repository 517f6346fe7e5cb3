import PushPayload
import Testing

@testable import PushDevice

/// The payload trees a device keeps (and the checks a scenario keeps) are compacted: the same
/// JSON, member for member, in storage of exactly its size.
@Suite struct CompactedJSONTests {
  static let text =
    #"{"aps":{"alert":{"title":"Hi","body":"Yo"},"badge":1},"a":[1,{"b":null}],"a":2}"#

  @Test func compactingKeepsMembersOrderDuplicatesAndPositions() throws {
    let parsed = try JSONDocument(parsing: Array(Self.text.utf8)).root
    let compacted = parsed.compacted()
    #expect(compacted.jsonText == Self.text)
    let before = try #require(parsed.objectValue)
    let after = try #require(compacted.objectValue)
    #expect(after.hasDuplicateKeys && before.hasDuplicateKeys)
    #expect(after.members.map(\.keyRange) == before.members.map(\.keyRange))
    #expect(compacted.byteRange == parsed.byteRange)
    #expect(
      compacted["aps"]?["alert"]?["body"]?.byteRange == parsed["aps"]?["alert"]?["body"]?.byteRange)
    #expect(compacted["a"]?.numberValue?.integer == 2)
  }

  @Test func compactedMemberListsHoldNoSpareRoom() throws {
    let parsed = try JSONDocument(parsing: Array(Self.text.utf8)).root
    // The reader reserves room for several members per object.
    #expect(try #require(parsed["aps"]?["alert"]?.objectValue).members.capacity > 2)
    let compacted = parsed.compacted()
    for object in [compacted, compacted["aps"], compacted["aps"]?["alert"]] {
      let members = try #require(object?.objectValue).members
      #expect(members.capacity == members.count)
    }
  }

  @Test func aNotificationKeepsItsPayloadCompacted() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    device.receive(json: Self.text, id: "m1")
    let payload = try #require(device.notification("m1")?.content.payload)
    #expect(payload.jsonText == Self.text)
    let aps = try #require(payload["aps"]?.objectValue)
    #expect(aps.members.capacity == aps.members.count)
  }

  @Test func aCompactReadGivesTheSameTreeInStorageOfItsSize() throws {
    let bytes = Array(Self.text.utf8)
    let document = try JSONDocument(parsing: bytes, compact: true)
    #expect(document.root.jsonText == Self.text)
    #expect(document.duplicateKeys == (try JSONDocument(parsing: bytes)).duplicateKeys)
    for object in [document.root, document.root["aps"], document.root["aps"]?["alert"]] {
      let members = try #require(object?.objectValue).members
      #expect(members.capacity == members.count)
    }
  }
}
