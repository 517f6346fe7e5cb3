/// A line and column in a source text, both 1-based.
///
/// Columns count Unicode scalars from the start of the line (a Cyrillic letter is one column,
/// not two bytes), which is what editors show. Lines end at LF, CR or CRLF
/// (``LineIndex``).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`, as compilers print it.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
