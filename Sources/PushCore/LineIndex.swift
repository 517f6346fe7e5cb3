/// Turns byte offsets in UTF-8 text into 1-based line and column positions: the one line index
/// of the package (JSON payloads, scenario files, strings tables).
///
/// Lines end at LF, CR or CRLF, as CoreFoundation and editors count them; columns count Unicode
/// scalars, so a position points at the character an editor shows, also after non-ASCII text.
/// Each lookup costs the same whatever the layout: a file written on one line (as `json.dump`
/// writes it) is as fast to point into as the same file pretty-printed.
///
/// - Complexity: building is O(n); ``position(of:)`` is O(log lines); the index takes about a
///   quarter of the text's size.
public struct LineIndex: Sendable {
  /// The length of the text (the index keeps none of it).
  private let count: Int
  /// Byte offset of the first byte of each line.
  private let lineStarts: [Int]
  /// The number of Unicode scalars that start before byte `i * blockSize`, for each block: a
  /// column is a difference of two such counts, so finding it never scans a long line.
  private let scalarsBeforeBlock: [Int]
  /// Bit `i` of word `w` is set when byte `blockSize * w + i` continues a UTF-8 sequence: the
  /// scalars before an offset inside a block are counted from it, not from the text, so an
  /// index outlives its text (a played scenario's steps point into a file it no longer holds).
  private let continuation: [UInt64]

  /// Bytes per block of the scalar index (one word of ``continuation``).
  public static let blockSize = 64

  /// Indexes `text` (UTF-8).
  ///
  /// Eight bytes are looked at a time: their continuation bytes are found with a few word
  /// operations, and only a word holding a line break is read byte by byte.
  public init(_ text: [UInt8]) {
    let count = text.count
    self.count = count
    var starts = [0]
    var blocks: [Int] = []
    var bits: [UInt64] = []
    blocks.reserveCapacity(count / Self.blockSize + 1)
    bits.reserveCapacity(count / Self.blockSize + 1)
    let scalars = text.withUnsafeBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      /// Records the line that starts after the byte at `offset`, when that byte ends one.
      func noteLineEnd(at offset: Int) {
        let byte = base[offset]
        if byte == 0x0A || (byte == 0x0D && (offset + 1 == count || base[offset + 1] != 0x0A)) {
          starts.append(offset + 1)
        }
      }
      var scalars = 0
      var blockStart = 0
      while blockStart < count {
        blocks.append(scalars)
        let blockEnd = min(blockStart + Self.blockSize, count)
        var word: UInt64 = 0
        var offset = blockStart
        while offset + 8 <= blockEnd {
          let eight = UInt64(
            littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
          word |= Self.continuationFlags(eight) << UInt64(offset - blockStart)
          if Self.mayHoldLineBreak(eight) {
            for inWord in offset..<(offset + 8) { noteLineEnd(at: inWord) }
          }
          offset += 8
        }
        while offset < blockEnd {
          if base[offset] & 0xC0 == 0x80 { word |= 1 << UInt64(offset - blockStart) }
          noteLineEnd(at: offset)
          offset += 1
        }
        // Every byte that is not a UTF-8 continuation byte starts a scalar.
        scalars += blockEnd - blockStart - word.nonzeroBitCount
        bits.append(word)
        blockStart = blockEnd
      }
      return scalars
    }
    if count % Self.blockSize == 0 { blocks.append(scalars) }
    lineStarts = starts
    scalarsBeforeBlock = blocks
    continuation = bits
  }

  /// Bit `i` set when byte `i` of `eight` (little-endian) is a UTF-8 continuation byte
  /// (`10xxxxxx`).
  @inline(__always)
  private static func continuationFlags(_ eight: UInt64) -> UInt64 {
    // Bit 7 of each byte, where bit 7 is set and bit 6 clear; then the eight flags gathered
    // into the top byte by one multiplication (no two partial products overlap below it).
    let high = eight & ~(eight << 1) & 0x8080_8080_8080_8080
    return ((high >> 7) &* 0x0102_0408_1020_4080) >> 56
  }

  /// Whether some byte of `eight` may be LF or CR (never false when one is).
  @inline(__always)
  private static func mayHoldLineBreak(_ eight: UInt64) -> Bool {
    func hasZeroByte(_ word: UInt64) -> Bool {
      (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }
    return hasZeroByte(eight ^ 0x0A0A_0A0A_0A0A_0A0A) || hasZeroByte(eight ^ 0x0D0D_0D0D_0D0D_0D0D)
  }

  /// The 1-based line and column of the byte at `offset` (clamped into the text; the end gives
  /// the position just after the last byte).
  public func position(of offset: Int) -> SourcePosition {
    let offset = max(0, min(offset, count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourcePosition(
      line: low + 1, column: scalars(before: offset) - scalars(before: lineStarts[low]) + 1)
  }

  /// The number of Unicode scalars that start before byte `offset` (0...count).
  private func scalars(before offset: Int) -> Int {
    let block = offset / Self.blockSize
    let within = offset % Self.blockSize
    guard within > 0 else { return scalarsBeforeBlock[block] }
    let mask: UInt64 = (1 << UInt64(within)) - 1
    return scalarsBeforeBlock[block] + within - (continuation[block] & mask).nonzeroBitCount
  }
}
