import Testing

@testable import PushPayload

/// The writer keeps its last bytes in a small buffer of its own before they join its array:
/// whatever the mix of pieces, what it holds is every byte appended, in order.
@Suite struct JSONWriterBufferTests {
  /// Pieces of every size around the buffer's (128 bytes), single bytes at its edge, strings
  /// with escapes, integers and indentation, against the same bytes appended to an array.
  @Test func everyPieceArrivesInOrderWhateverItsSize() {
    var writer = JSONWriter()
    var expected: [UInt8] = []
    var generator = SystemRandomNumberGenerator()
    for round in 0..<2_000 {
      switch round % 7 {
      case 0:
        let piece = (0..<Int.random(in: 0...300, using: &generator)).map {
          UInt8(truncatingIfNeeded: $0 &+ round)
        }
        writer.raw(piece)
        expected += piece
      case 1:
        writer.raw(byte: UInt8(truncatingIfNeeded: round))
        expected.append(UInt8(truncatingIfNeeded: round))
      case 2:
        let text = String(repeating: "é\"\n", count: Int.random(in: 0...60, using: &generator))
        writer.string(text)
        var alone = JSONWriter()
        alone.string(text)
        expected += alone.bytes
        #expect(alone.text == JSONWriter.quoted(text))
      case 3:
        writer.integer(round * 7919 - 5000)
        expected += Array(String(round * 7919 - 5000).utf8)
      case 4:
        let spaces = Int.random(in: 0...200, using: &generator)
        writer.newline(indentation: spaces)
        expected += [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: spaces)
      case 5:
        // A member's start in one copy, or piece by piece when it is too long for the buffer.
        let comma = round % 2 == 0
        let spaces = Int.random(in: 0...200, using: &generator)
        let keys: [StaticString] = ["k", "interruptionLevel", Self.longKey]
        let key = keys[round % keys.count]
        writer.memberStart(comma: comma, indentation: spaces, key: key)
        expected += (comma ? [UInt8(ascii: ",")] : []) + [UInt8(ascii: "\n")]
        expected += Array(repeating: UInt8(ascii: " "), count: spaces)
        expected += Array("\"\(key)\": ".utf8)
      default:
        writer.raw(",\"key\": ")
        expected += Array(",\"key\": ".utf8)
      }
      #expect(writer.count == expected.count)
    }
    #expect(writer.bytes == expected)
  }

  /// A key longer than the writer's buffer.
  static let longKey: StaticString = """
    aKeyLongerThanTheWritersOwnBufferOfOneHundredAndTwentyEightBytesSoThatItsMemberStartIsWrittenPieceByPieceInstead
    """

  @Test func readingTruncatingAndReplacingSeeEveryByte() {
    var writer = JSONWriter()
    writer.raw("[1,")
    #expect(writer.text == "[1,")
    writer.raw(Array(repeating: UInt8(ascii: "2"), count: 200))
    writer.raw(",3")
    #expect(writer.count == 205)
    #expect(writer.text.hasSuffix("22,3"))
    writer.truncate(to: 2)
    #expect(writer.text == "[1")
    writer.raw(byte: UInt8(ascii: "]"))
    #expect(writer.bytes == Array("[1]".utf8))
    writer.bytes.removeAll(keepingCapacity: true)
    writer.raw("{}")
    #expect(writer.text == "{}")
    writer.bytes = Array("null".utf8)
    #expect(writer.count == 4)
    writer.raw(byte: UInt8(ascii: "!"))
    #expect(writer.text == "null!")
  }
}
