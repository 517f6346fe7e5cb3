import PushPayload
import Testing

@testable import PushDevice

/// The payload trees a device hands out (and the checks a scenario keeps) are compact: the
/// same JSON, member for member, in storage of exactly its size.
@Suite struct CompactedJSONTests {
  static let text =
    #"{"aps":{"alert":{"title":"Hi","body":"Yo"},"badge":1},"a":[1,{"b":null}],"a":2}"#

  @Test func aNotificationKeepsItsPayloadCompacted() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    device.receive(json: Self.text, id: "m1")
    let payload = try #require(device.notification("m1")?.content.payload)
    #expect(payload.jsonText == Self.text)
    let aps = try #require(payload["aps"]?.objectValue)
    #expect(aps.members.capacity == aps.members.count)
  }

  @Test func aNotificationKeepsTheBodyAndReadsTheSameTreeFromIt() throws {
    var device = Device(app: AppConfiguration(bundleId: "com.example.chat"))
    device.receive(json: Self.text, id: "m1")
    let content = try #require(device.notification("m1")?.content)
    guard case .body(let kept) = content.payloadSource else {
      Issue.record("the notification keeps a tree, not the body")
      return
    }
    #expect(kept == Array(Self.text.utf8))
    let parsed = try JSONDocument(parsing: Array(Self.text.utf8)).root
    let payload = content.payload
    #expect(payload == parsed)
    #expect(try #require(payload.objectValue).hasDuplicateKeys)
    #expect(
      try #require(payload.objectValue).members.map(\.keyRange)
        == parsed.objectValue?.members.map(\.keyRange))
    #expect(
      payload["aps"]?["alert"]?["body"]?.byteRange == parsed["aps"]?["alert"]?["body"]?.byteRange)
    // A payload set in code (a service extension's) is kept as given.
    var changed = content
    changed.payload = ["aps": ["alert": "Hi"], "x": 1]
    guard case .tree(let tree) = changed.payloadSource else {
      Issue.record("a payload set in code is not kept as a tree")
      return
    }
    #expect(tree == ["aps": ["alert": "Hi"], "x": 1])
    #expect(changed.payload["x"]?.numberValue?.integer == 1)
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
