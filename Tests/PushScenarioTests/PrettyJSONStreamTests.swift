import PushPayload
import Testing

@testable import PushScenario

/// A report written field by field is byte for byte the tree written by `prettyValue`, at any
/// depth (a field's line start, key and colon pass through the writer's own buffer of 128
/// bytes, so deep indentation crosses it).
@Suite struct PrettyJSONStreamTests {
  @Test(arguments: [0, 1, 2, 30, 31, 126, 127, 128, 200])
  func fieldsAtAnyDepthEqualTheTree(level: Int) throws {
    var stream = PrettyJSONStream(level: level)
    stream.openObject()
    stream.field("time", string: "2026-01-01T09:00:00Z")
    stream.field("badge", integer: 3)
    stream.field("list", bool: true)
    stream.field("nested")
    stream.openObject()
    stream.field("a-much-longer-key-than-the-others", optional: nil)
    stream.close()
    stream.field("ids")
    stream.openArray()
    stream.element(integer: 1)
    stream.element(integer: 2)
    stream.close()
    stream.close()
    var written: [UInt8] = []
    _ = stream.handOn { piece in
      written.append(contentsOf: piece)
      return true
    }
    let tree = try JSONDocument(
      parsing: #"""
        {"time":"2026-01-01T09:00:00Z","badge":3,"list":true,
         "nested":{"a-much-longer-key-than-the-others":null},"ids":[1,2]}
        """#
    ).root
    var expected = JSONWriter()
    expected.prettyValue(tree, level: level)
    #expect(String(decoding: written, as: UTF8.self) == expected.text)
  }
}
