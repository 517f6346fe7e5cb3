import PushCore
import Testing

/// `validate --jsonl` finds its lines with ``ByteSearch``: it must agree with a plain scan
/// everywhere, including slices that do not start at zero and runs longer than a vector.
@Suite struct ByteSearchTests {
  @Test func agreesWithAPlainScanOnEverySlice() {
    var bytes: [UInt8] = []
    for index in 0..<300 { bytes.append(index % 37 == 0 ? 0x0A : UInt8(0x41 + index % 26)) }
    bytes += [UInt8](repeating: 0x42, count: 70)
    for start in stride(from: 0, through: bytes.count, by: 7) {
      for end in stride(from: start, through: bytes.count, by: 11) {
        let slice = bytes[start..<end]
        #expect(ByteSearch.firstIndex(of: 0x0A, in: slice) == slice.firstIndex(of: 0x0A))
      }
    }
  }

  @Test func searchesABufferFromAnOffset() {
    let bytes: [UInt8] = Array("ab\ncd\n".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: 0) == 2)
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: 3) == 5)
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: 6) == nil)
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: -1) == nil)
    }
    #expect(ByteSearch.firstIndex(of: 0x0A, in: [][...]) == nil)
  }
}
