import Testing

@testable import PushHTTP

/// The chunked framing reader, which reads untrusted bytes.
@Suite struct ChunkedBodyReaderTests {
  @Test func chunkedFramingIsReadInAnyPieces() throws {
    let framed = Array("5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\nextra".utf8)
    for size in [1, 3, framed.count] {
      var reader = ChunkedBodyReader()
      var body: [UInt8] = []
      var used = 0
      for start in stride(from: 0, to: framed.count, by: size) where !reader.isDone {
        used += try reader.read(framed[start..<min(start + size, framed.count)], into: &body)
      }
      #expect(reader.isDone)
      #expect(String(decoding: body, as: UTF8.self) == "hello world")
      #expect(used == framed.count - 5)
    }
    var reader = ChunkedBodyReader()
    var body: [UInt8] = []
    #expect(throws: ChunkedBodyReader.ChunkError.self) {
      _ = try reader.read(Array("zz\r\n".utf8)[...], into: &body)
    }
  }

  /// A chunk size is hexadecimal digits only, within `Int`: a sign, a prefix or an overflowing
  /// size from the server is malformed framing, never a trap.
  @Test(arguments: ["-1", "+a", "-0", "0x10", "fffffffffffffffff", "8000000000000000", "1 2g", ""])
  func aChunkSizeThatIsNoHexadecimalIntIsMalformed(_ size: String) {
    var reader = ChunkedBodyReader()
    var body: [UInt8] = []
    #expect(throws: ChunkedBodyReader.ChunkError.self) {
      _ = try reader.read(Array("\(size)\r\nhello\r\n0\r\n\r\n".utf8)[...], into: &body)
    }
    #expect(body.isEmpty)
  }

  @Test func theLargestChunkSizeAndLeadingZerosAreRead() throws {
    #expect(try ChunkedBodyReader.chunkSize(Array("7fffffffffffffff".utf8)[...]) == Int.max)
    #expect(try ChunkedBodyReader.chunkSize(Array(" 0000000000000000000A\t".utf8)[...]) == 10)
    var reader = ChunkedBodyReader()
    var body: [UInt8] = []
    _ = try reader.read(Array("7fffffffffffffff\r\nhello".utf8)[...], into: &body)
    #expect(body == Array("hello".utf8))
    #expect(!reader.isDone)
  }
}
