/// Turns byte offsets in UTF-8 text into 1-based line and column positions: the one line index
/// of the package (JSON payloads, scenario files, strings tables).
///
/// Lines end at LF, CR or CRLF, as CoreFoundation and editors count them; columns count Unicode
/// scalars, so a position points at the character an editor shows, also after non-ASCII text.
/// Each lookup costs the same whatever the layout: a file written on one line (as `json.dump`
/// writes it) is as fast to point into as the same file pretty-printed.
///
/// - Complexity: building is O(n); ``position(of:)`` is O(log lines) plus at most
///   ``blockSize`` bytes counted.
public struct LineIndex: Sendable {
  private let text: [UInt8]
  /// Byte offset of the first byte of each line.
  private let lineStarts: [Int]
  /// The number of Unicode scalars that start before byte `i * blockSize`, for each block: a
  /// column is a difference of two such counts, so finding it never scans a long line.
  private let scalarsBeforeBlock: [Int]

  /// Bytes per block of the scalar index (the most a lookup counts one by one).
  public static let blockSize = 64

  /// Indexes `text` (UTF-8).
  public init(_ text: [UInt8]) {
    self.text = text
    var starts = [0]
    var blocks: [Int] = []
    blocks.reserveCapacity(text.count / Self.blockSize + 1)
    var scalars = 0
    let count = text.count
    for offset in 0..<count {
      if offset % Self.blockSize == 0 { blocks.append(scalars) }
      let byte = text[offset]
      // Every byte that is not a UTF-8 continuation byte starts a scalar.
      if byte & 0xC0 != 0x80 { scalars += 1 }
      if byte == 0x0A {
        starts.append(offset + 1)
      } else if byte == 0x0D, offset + 1 == count || text[offset + 1] != 0x0A {
        starts.append(offset + 1)
      }
    }
    if count % Self.blockSize == 0 { blocks.append(scalars) }
    lineStarts = starts
    scalarsBeforeBlock = blocks
  }

  /// The 1-based line and column of the byte at `offset` (clamped into the text; the end gives
  /// the position just after the last byte).
  public func position(of offset: Int) -> SourcePosition {
    let offset = max(0, min(offset, text.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourcePosition(
      line: low + 1, column: scalars(before: offset) - scalars(before: lineStarts[low]) + 1)
  }

  /// ``position(of:)`` as a tuple.
  public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    let position = position(of: offset)
    return (position.line, position.column)
  }

  /// The number of Unicode scalars that start before byte `offset` (0...text.count).
  private func scalars(before offset: Int) -> Int {
    let block = offset / Self.blockSize
    var count = scalarsBeforeBlock[block]
    var index = block * Self.blockSize
    while index < offset {
      if text[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }
}
