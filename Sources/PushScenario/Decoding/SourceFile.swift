public import Foundation
import PushCore
import PushPayload

/// A file a scenario was read from: its path as the user wrote it, its bytes, and where its
/// lines start, so any byte offset becomes a `line:column` position.
///
/// Columns count Unicode scalars from the start of the line (1-based), so a position points at
/// the character an editor shows, also after non-ASCII text.
///
/// Decoding keeps byte offsets and resolves them only when a message or a report needs a
/// position, and each resolution costs the same whatever the file's layout: a scenario written
/// on one line (as `json.dump` writes it) decodes as fast as the same scenario pretty-printed.
///
/// - Complexity: building is O(n) in the file size; `position(ofByte:)` is O(log lines)
///   plus at most ``LineIndex/blockSize`` bytes counted.
public struct SourceFile: Sendable {
  /// The path as given on the command line or resolved from a reference (for messages).
  public let path: String
  /// The absolute URL, for resolving relative references.
  public let url: URL
  /// The file's bytes.
  public let bytes: [UInt8]
  /// Where lines start, for positions (``LineIndex``).
  private let lines: LineIndex
  /// The folder trees (fully resolved) the files this file refers to (`payloadFile`, media
  /// `file`) must lie in; empty means the default, see ``allowedTrees``.
  public var trees: [String] = []

  /// Creates a source file from bytes already read.
  public init(path: String, url: URL, bytes: [UInt8]) {
    self.path = path
    self.url = url
    self.bytes = bytes
    self.lines = LineIndex(bytes)
  }

  /// The folder holding the file: relative paths inside it are resolved from here.
  public var folder: URL { url.deletingLastPathComponent() }

  /// Where files this file refers to may be: ``trees`` when set, else this file's folder and,
  /// when this file is inside it, the current folder (ScenarioFormat.md, file references).
  public var allowedTrees: [String] {
    trees.isEmpty ? Self.trees(for: url, root: nil) : trees
  }

  /// The trees for a scenario or app file at `url` given on the command line as part of
  /// `root` (a folder argument, or `nil` for a file argument): `root` (else the file's
  /// folder), and the current folder when the file is inside it.
  static func trees(for url: URL, root: URL?) -> [String] {
    let base = (root ?? url.deletingLastPathComponent()).path
    var trees = [FileCheck.realPath(base) ?? base]
    let current = FileManager.default.currentDirectoryPath
    if let file = FileCheck.realPath(url.path), let resolved = FileCheck.realPath(current),
      FileCheck.isInside(file, folder: resolved), !trees.contains(resolved)
    {
      trees.append(resolved)
    }
    return trees
  }

  /// The 1-based line and column of a byte offset (clamped into the file).
  public func position(ofByte offset: Int) -> (line: Int, column: Int) {
    lines.lineAndColumn(of: offset)
  }

  /// The location of a byte offset in this file.
  public func location(ofByte offset: Int) -> SourceLocation {
    let (line, column) = position(ofByte: offset)
    return SourceLocation(file: path, line: line, column: column)
  }

  /// A byte offset in this file, resolved to a ``SourceLocation`` only when asked.
  package func anchor(atByte offset: Int) -> SourceAnchor {
    SourceAnchor(source: self, byte: offset)
  }
}

/// A byte offset in a scenario file that becomes a `file:line:column` position only when a
/// message or a report asks for it, so decoding a file never pays for positions it does not
/// print.
package struct SourceAnchor: Sendable {
  /// The file.
  public let source: SourceFile
  /// The byte offset in the file.
  public let byte: Int

  /// The position, resolved now (O(log lines); see ``SourceFile``).
  public var location: SourceLocation { source.location(ofByte: byte) }
}

/// A position in a scenario file, printed as `file:line:column`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file path as the user knows it.
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}
