import Testing

@testable import PushPayload

/// The indented layout of `pushsim run --format json` and `render --format json`.
@Suite struct JSONPrettyWriterTests {
  @Test func nestedValuesAreIndentedTwoSpacesPerLevel() throws {
    let value = try JSONDocument(
      parsing: #"""
        {"a":[],"b":{},"c":[1,{"d":"t\u0001\"\\\n/é"},[true,null]],"e":-1.50e3,"":{"x":[[]]}}
        """#
    ).root
    var writer = JSONWriter()
    writer.prettyValue(value)
    #expect(
      writer.text == """
        {
          "a": [],
          "b": {},
          "c": [
            1,
            {
              "d": "t\\u0001\\"\\\\\\n/é"
            },
            [
              true,
              null
            ]
          ],
          "e": -1.50e3,
          "": {
            "x": [
              []
            ]
          }
        }
        """)
  }

  /// A line break with its indentation is one append up to 64 spaces, and any deeper
  /// indentation is written whole.
  @Test(arguments: [0, 1, 2, 63, 64, 65, 128, 131])
  func indentationOfAnyDepthIsWrittenWhole(spaces: Int) {
    var writer = JSONWriter()
    writer.raw("x")
    writer.newline(indentation: spaces)
    writer.raw("y")
    #expect(writer.text == "x\n" + String(repeating: " ", count: spaces) + "y")
  }

  @Test func aNestedValueClosesAtItsLevel() throws {
    let value = try JSONDocument(parsing: #"{"k":[1]}"#).root
    var writer = JSONWriter()
    writer.prettyValue(value, level: 2)
    #expect(writer.text == "{\n      \"k\": [\n        1\n      ]\n    }")
    var scalar = JSONWriter()
    scalar.prettyValue(JSONValue(.string("x")), level: 3)
    #expect(scalar.text == "\"x\"")
  }

  @Test func deepNestingIsIndentedPastAnyRunOfBlanks() {
    // 70 levels: indentation up to 140 spaces, longer than the writer copies at once.
    var value = JSONValue(.number(JSONNumber(7)))
    for _ in 0..<70 { value = JSONValue(.array([value])) }
    var writer = JSONWriter()
    writer.prettyValue(value)
    var expected = ""
    for level in 0..<70 { expected += "[\n" + String(repeating: " ", count: 2 * (level + 1)) }
    expected += "7"
    for level in (0..<70).reversed() {
      expected += "\n" + String(repeating: " ", count: 2 * level) + "]"
    }
    #expect(writer.text == expected)
    var negative = JSONWriter()
    negative.newline(indentation: -3)
    #expect(negative.bytes == [UInt8(ascii: "\n")])
  }
}
