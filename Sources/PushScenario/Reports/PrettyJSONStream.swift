import Foundation
import PushDevice
import PushPayload

/// Indented JSON written a member or an element at a time, byte for byte what the payload
/// layer's `JSONWriter.prettyValue(_:level:)` writes for the whole value, so a long report is
/// handed on in pieces (``handOn(to:)``) instead of being a tree and a text in memory at once.
///
/// Open containers with ``openObject()`` / ``openArray()``, start each member with
/// ``key(_:)`` and each element with ``element()``, write values with ``value(_:)`` or open
/// nested containers, and ``close()`` each container.
struct PrettyJSONStream {
  /// The text written and not yet taken.
  private var writer = JSONWriter()
  /// Members or elements written so far in each open container, innermost last, with the
  /// bracket that closes it.
  private var open: [(count: Int, closing: UInt8)] = []
  /// The level of the outermost container (its closing bracket is indented this many times).
  private let level: Int
  /// The last instant written by ``field(_:time:)`` and its quoted text: the events of a step
  /// share their instant.
  private var lastTime: (time: Date, quoted: [UInt8])?

  /// How many bytes ``isFull`` waits for before a piece is worth handing on.
  let pieceSize: Int

  /// A stream whose outermost value is nested `level` deep, handing on pieces of about
  /// `pieceSize` bytes (a mebibyte: few writes, little memory).
  init(level: Int, pieceSize: Int = 1 << 20) {
    self.level = level
    self.pieceSize = pieceSize
  }

  /// Whether enough text is buffered to hand on (``handOn(to:)``).
  private var isFull: Bool { writer.count >= pieceSize }

  /// Hands the bytes written since the last call to `write`, removing them from the buffer;
  /// returns what `write` returns.
  mutating func handOn(to write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    let written = writer.bytes.withUnsafeBufferPointer { write($0) }
    writer.bytes.removeAll(keepingCapacity: true)
    return written
  }

  /// ``handOn(to:)`` once ``isFull``; true (nothing handed on) before.
  mutating func handOnIfFull(to write: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    !isFull || handOn(to: write)
  }

  /// Opens an object (as the value of the current member or element, or the outermost).
  mutating func openObject() {
    writer.raw(byte: UInt8(ascii: "{"))
    open.append((0, UInt8(ascii: "}")))
  }

  /// Opens an array.
  mutating func openArray() {
    writer.raw(byte: UInt8(ascii: "["))
    open.append((0, UInt8(ascii: "]")))
  }

  /// Closes the innermost container: `{}` or `[]` when empty, else its bracket on its own line.
  mutating func close() {
    guard let innermost = open.popLast() else { return }
    if innermost.count > 0 { writer.newline(indentation: 2 * (level + open.count)) }
    writer.raw(byte: innermost.closing)
  }

  /// Starts the next member of the innermost object: `"key": `.
  mutating func key(_ key: String) {
    element()
    writer.string(key)
    writer.raw(": ")
  }

  /// Starts the next element of the innermost array (or member of the innermost object).
  mutating func element() {
    guard let comma = countElement() else { return }
    element(comma: comma)
  }

  /// Counts one more element of the innermost container; returns whether a comma goes before
  /// it (`nil` when no container is open).
  private mutating func countElement() -> Bool? {
    guard let last = open.indices.last else { return nil }
    defer { open[last].count += 1 }
    return open[last].count > 0
  }

  /// The comma (unless `comma` is false), line break and indentation before an element.
  private mutating func element(comma: Bool) {
    if comma { writer.raw(byte: UInt8(ascii: ",")) }
    writer.newline(indentation: 2 * (level + open.count))
  }

  /// Writes a whole value at the current position.
  mutating func value(_ value: JSONValue) {
    writer.prettyValue(value, level: level + open.count)
  }

  /// `"key": value` in the innermost object.
  mutating func member(_ key: String, _ value: JSONValue) {
    self.key(key)
    self.value(value)
  }

  // Typed members and values, written straight into the buffer (no `JSONValue` is built):
  // byte for byte what ``value(_:)`` writes for the same value.

  /// Starts the next member of the innermost object whose key is fixed ASCII text needing no
  /// escape (`"time": `).
  mutating func field(_ key: StaticString) {
    guard let comma = countElement() else { return }
    // The comma, line break, indentation, key and colon in one copy into the writer's buffer.
    writer.memberStart(comma: comma, indentation: 2 * (level + open.count), key: key)
  }

  /// `"key": "text"`.
  mutating func field(_ key: StaticString, string text: String) {
    field(key)
    writer.string(text)
  }

  /// `"key": "text"`, or `"key": null` when there is no text.
  mutating func field(_ key: StaticString, optional text: String?) {
    field(key)
    writer.string(text)
  }

  /// `"key": 12`.
  mutating func field(_ key: StaticString, integer: Int) {
    field(key)
    writer.integer(integer)
  }

  /// `"key": 0.5`: a number already written as JSON text.
  mutating func field(_ key: StaticString, number text: String) {
    field(key)
    var text = text
    text.withUTF8 { writer.raw($0) }
  }

  /// `"key": true`.
  mutating func field(_ key: StaticString, bool: Bool) {
    field(key)
    writer.bool(bool)
  }

  /// `"key": "2026-01-01T09:00:00Z"`: a virtual instant as the event log writes it.
  mutating func field(_ key: StaticString, time: Date) {
    field(key)
    if let lastTime, lastTime.time == time {
      writer.raw(lastTime.quoted)
      return
    }
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    VirtualTimeFormat.write(time, to: &quoted)
    quoted.append(UInt8(ascii: "\""))
    writer.raw(quoted)
    lastTime = (time, quoted)
  }

  /// `"key": value`, a whole value indented at this depth.
  mutating func field(_ key: StaticString, value: JSONValue) {
    field(key)
    self.value(value)
  }

  /// `"key": payload`: a notification's whole payload, written from the push body it keeps.
  mutating func field(_ key: StaticString, payloadOf content: NotificationContent) {
    field(key)
    content.writePayload(into: &writer, level: level + open.count)
  }

  /// A string value at the current position.
  mutating func string(_ text: String) {
    writer.string(text)
  }

  /// An integer element of the innermost array.
  mutating func element(integer: Int) {
    element()
    writer.integer(integer)
  }

  /// Text already escaped and quoted (a string written once and reused).
  mutating func raw(_ bytes: [UInt8]) {
    writer.raw(bytes)
  }
}
