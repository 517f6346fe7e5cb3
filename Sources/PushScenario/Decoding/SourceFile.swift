public import Foundation
public import PushCore
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
  /// The path, URL, bytes and line index, shared by every copy: a decoded value or step that
  /// remembers its file costs one reference, not one per field.
  private let storage: Storage
  /// The folder trees (fully resolved) the files this file refers to (`payloadFile`, media
  /// `file`) must lie in; empty means the default, see ``allowedTrees``.
  public var trees: [String] = []

  /// What every copy of a source file shares.
  private final class Storage: Sendable {
    let path: String
    let url: URL
    let bytes: [UInt8]
    let lines: LineIndex

    init(path: String, url: URL, bytes: [UInt8], lines: LineIndex) {
      self.path = path
      self.url = url
      self.bytes = bytes
      self.lines = lines
    }
  }

  /// Creates a source file from bytes already read.
  public init(path: String, url: URL, bytes: [UInt8]) {
    self.storage = Storage(path: path, url: url, bytes: bytes, lines: LineIndex(bytes))
  }

  private init(storage: Storage, trees: [String]) {
    self.storage = storage
    self.trees = trees
  }

  /// This file with the same positions but without its bytes (``bytes`` is empty), for what
  /// outlives decoding and only points into the file (a step's ``Step/location``): a played
  /// scenario does not keep its file's text, only its line index (about a quarter of the
  /// file's size, and the same one this file uses).
  func positionsOnly() -> SourceFile {
    SourceFile(
      storage: Storage(path: path, url: url, bytes: [], lines: storage.lines), trees: trees)
  }

  /// The path as given on the command line or resolved from a reference (for messages).
  public var path: String { storage.path }
  /// The absolute URL, for resolving relative references.
  public var url: URL { storage.url }
  /// The file's bytes.
  public var bytes: [UInt8] { storage.bytes }

  /// This file without its bytes and line index, for what outlives decoding and never prints
  /// a position (a played scenario's settings, merged by `set` steps, whose errors are
  /// reported by message): a long scenario's text is released once its steps have played.
  /// Positions in the copy are all `1:1`.
  func withoutText() -> SourceFile {
    var copy = SourceFile(path: path, url: url, bytes: [])
    copy.trees = trees
    return copy
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
  public func position(ofByte offset: Int) -> SourcePosition {
    storage.lines.position(of: offset)
  }

  /// The location of a byte offset in this file.
  public func location(ofByte offset: Int) -> SourceLocation {
    SourceLocation(file: path, position: position(ofByte: offset))
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

/// A position in a scenario file, printed as `file:line:column`: the file and PushCore's one
/// ``SourcePosition``.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file path as the user knows it.
  public var file: String
  /// The line and column in the file.
  public var position: SourcePosition
  /// 1-based line.
  public var line: Int { position.line }
  /// 1-based column, in Unicode scalars.
  public var column: Int { position.column }

  /// Creates a location.
  public init(file: String, position: SourcePosition) {
    self.file = file
    self.position = position
  }

  /// Creates a location from a line and a column.
  public init(file: String, line: Int, column: Int) {
    self.init(file: file, position: SourcePosition(line: line, column: column))
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}
