/// Turns byte offsets in UTF-8 text into 1-based line and column numbers.
///
/// Lines end at LF, CR or CRLF, as CoreFoundation counts them (Localization.md §1.8); columns count
/// Unicode scalars. Built once per file, then each lookup is a binary search.
public struct LineIndex: Sendable {
  private let text: [UInt8]
  private let lineStarts: [Int]

  /// Indexes `text` (UTF-8).
  ///
  /// - Complexity: O(n).
  public init(_ text: [UInt8]) {
    self.text = text
    var starts = [0]
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      if byte == 0x0A {
        starts.append(index + 1)
      } else if byte == 0x0D {
        if index + 1 < count, text[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    lineStarts = starts
  }

  /// The line and column of a byte offset.
  ///
  /// - Complexity: O(log lines + column).
  public func position(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let start = lineStarts[low]
    var column = 1
    var index = start
    let end = min(offset, text.count)
    while index < end {
      if text[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return (low + 1, column)
  }
}
