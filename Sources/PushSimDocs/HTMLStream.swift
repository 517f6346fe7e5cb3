/// Markup written node by node and handed on in chunks of about 64 KiB, so a long page is
/// never one string or one tree: a page writes each step's nodes as it makes them, and the
/// site hands each chunk to the page's file.
///
/// Everything written goes through ``HTMLNode``'s rendering, so it is escaped as a node is.
package struct HTMLStream {
  /// Markup not handed on yet.
  private var buffer = ""
  /// Takes a chunk; `false` when it cannot (the rest of the page is then dropped).
  private let output: (String) -> Bool
  /// Whether `output` refused a chunk.
  private var failed = false

  /// The chunk size handed on (UTF-8 bytes; a chunk ends after the node that reaches it).
  package static let chunkSize = 64 * 1024

  /// A stream handing its chunks to `output`.
  package init(output: @escaping (String) -> Bool) {
    self.output = output
  }

  /// The markup `write` writes to a stream, as one string.
  package static func text(_ write: (inout HTMLStream) -> Void) -> String {
    var text = ""
    var stream = HTMLStream { chunk in
      text += chunk
      return true
    }
    write(&stream)
    stream.finish()
    return text
  }

  /// Writes a node.
  package mutating func write(_ node: HTMLNode) {
    node.write(into: &buffer)
    handOnIfFull()
  }

  /// Writes escaped text.
  package mutating func write(_ text: String) {
    write(.text(text))
  }

  /// Writes an element's start tag: its children follow, then ``close(_:)``.
  package mutating func open(_ element: HTMLNode) {
    element.writeStartTag(into: &buffer)
  }

  /// Writes an element's end tag.
  package mutating func close(_ element: HTMLNode) {
    element.writeEndTag(into: &buffer)
    handOnIfFull()
  }

  /// Hands on what is left (the caller's `output` knows whether every chunk was taken).
  package mutating func finish() {
    handOn()
  }

  private mutating func handOnIfFull() {
    if buffer.utf8.count >= Self.chunkSize { handOn() }
  }

  private mutating func handOn() {
    guard !buffer.isEmpty else { return }
    if !failed, !output(buffer) { failed = true }
    buffer = ""
    buffer.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
  }
}
