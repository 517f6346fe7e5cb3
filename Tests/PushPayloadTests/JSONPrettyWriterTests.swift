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

  @Test func aNestedValueClosesAtItsLevel() throws {
    let value = try JSONDocument(parsing: #"{"k":[1]}"#).root
    var writer = JSONWriter()
    writer.prettyValue(value, level: 2)
    #expect(writer.text == "{\n      \"k\": [\n        1\n      ]\n    }")
    var scalar = JSONWriter()
    scalar.prettyValue(JSONValue(.string("x")), level: 3)
    #expect(scalar.text == "\"x\"")
  }
}
