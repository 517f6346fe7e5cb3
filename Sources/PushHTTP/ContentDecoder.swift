/// Decodes a `Content-Encoding: gzip` (RFC 1952) or `deflate` (RFC 1950, or raw RFC 1951) body
/// into at most `cap` bytes, for ``HTTPExchange``.
///
/// iOS's URLSession decodes these encodings for the extension, so the size limit of Rules.md §7
/// counts decoded bytes. The fetcher asks for `identity`, but a server may compress anyway; a body
/// that decodes to more than the limit (a gzip bomb) stops at the cap, never expanding further.
/// Decoding a prefix of the body tells whether the stream is corrupt, over the cap, or simply
/// waiting for more bytes, so the fetcher can judge a body while it arrives.
package enum ContentDecoder {
  /// A `Content-Encoding` the fetcher decodes.
  package enum Encoding: Sendable, Equatable {
    /// `gzip` or `x-gzip`.
    case gzip
    /// `deflate`: a zlib stream, or raw DEFLATE as some servers send it.
    case deflate

    /// The encoding named by a `Content-Encoding` value; `nil` for one not decoded here.
    package init?(header: String) {
      switch header.lowercased() {
      case "gzip", "x-gzip": self = .gzip
      case "deflate": self = .deflate
      default: return nil
      }
    }
  }

  /// What decoding a (possibly partial) body gave.
  package enum Outcome: Equatable {
    /// The stream ended properly; the decoded bytes.
    case complete([UInt8])
    /// The decoded bytes reached the cap; decoding stopped there.
    case reachedCap([UInt8])
    /// The bytes end before the stream does.
    case needsMoreInput
    /// Decoding stopped after the work ``Stream/advance(budget:)`` allowed, with bytes left to
    /// decode: the caller may look at its stop signal and deadline, then advance again.
    case paused
    /// The stream is corrupt, with the reason in plain words.
    case corrupt(String)
  }

  /// Decodes `encoded` as `encoding`, producing at most `cap` bytes.
  ///
  /// - Complexity: O(*n* + *m*) for *n* encoded and *m* decoded bytes.
  package static func decode(_ encoded: [UInt8], as encoding: Encoding, cap: Int) -> Outcome {
    var stream = Stream(encoding: encoding, cap: cap)
    stream.append(encoded[...])
    return stream.advance()
  }

  /// Skips a gzip member header (RFC 1952 §2.3), checking what can be checked, one field at a
  /// time: a field cut by the end of the bytes so far is read again when more arrive, the
  /// fields before it are not (a name of megabytes costs what reading it once does).
  static func readGzipHeader(
    _ reader: inout BitReader, field: inout GzipField, flags: inout UInt8
  ) throws(DecodeError) {
    while true {
      switch field {
      case .fixed:
        let id1 = try reader.byte()
        let id2 = try reader.byte()
        guard id1 == 0x1F, id2 == 0x8B else { throw .corrupt("it does not start as gzip does") }
        guard try reader.byte() == 8 else {
          throw .corrupt("its compression method is not deflate")
        }
        let read = try reader.byte()
        guard read & 0xE0 == 0 else { throw .corrupt("its header has reserved flags set") }
        for _ in 0..<6 { _ = try reader.byte() }  // MTIME, XFL, OS
        flags = read
        field = flags & 0x04 != 0 ? .extraLength : .name
      case .extraLength:  // FEXTRA
        let length = Int(try reader.byte()) | Int(try reader.byte()) << 8
        field = .extra(remaining: length)
      case .extra(let remaining):
        let taken = min(remaining, reader.bytesLeft)
        reader.skipBytes(taken)
        guard taken == remaining else {
          field = .extra(remaining: remaining - taken)
          reader.commit()
          throw .endOfInput
        }
        field = .name
      case .name:  // FNAME
        if flags & 0x08 != 0 { try reader.skipPastZero() }
        field = .comment
      case .comment:  // FCOMMENT
        if flags & 0x10 != 0 { try reader.skipPastZero() }
        field = .headerCRC
      case .headerCRC:  // FHCRC
        if flags & 0x02 != 0 { for _ in 0..<2 { _ = try reader.byte() } }
        field = .done
      case .done:
        return
      }
      reader.commit()
    }
  }

  /// The gzip header field the reader is at.
  enum GzipField {
    case fixed
    case extraLength
    case extra(remaining: Int)
    case name
    case comment
    case headerCRC
    case done
  }

  /// Why decoding stopped early.
  enum DecodeError: Error {
    case endOfInput
    case reachedCap
    /// The budget of one ``Stream/advance(budget:)`` is spent; the reader stands at a commit.
    case paused
    case corrupt(String)
  }

  /// Reads bits least-significant first, as DEFLATE packs them. ``commit()`` marks where a
  /// complete step of decoding ended; a step cut short by the end of the bytes so far is rolled
  /// back to it and read again, whole, when more arrive: at most one symbol's or one header
  /// field's bits are read twice.
  struct BitReader {
    let input: [UInt8]
    var position = 0
    var buffer: UInt32 = 0
    var count: UInt32 = 0
    /// Where the last complete step ended.
    private(set) var committed = Mark(position: 0, buffer: 0, count: 0)

    /// A place in the input, to roll back to.
    struct Mark {
      var position: Int
      var buffer: UInt32
      var count: UInt32
    }

    init(input: [UInt8], at mark: Mark) {
      self.input = input
      (position, buffer, count) = (mark.position, mark.buffer, mark.count)
      committed = mark
    }

    /// Marks the end of a complete step.
    mutating func commit() { committed = Mark(position: position, buffer: buffer, count: count) }

    /// Whole bytes not read yet (after ``alignToByte()``).
    var bytesLeft: Int { input.count - position }

    /// The next `need` bits (at most 16) as a number.
    mutating func bits(_ need: UInt32) throws(DecodeError) -> Int {
      var value = buffer
      while count < need {
        guard position < input.count else { throw .endOfInput }
        value |= UInt32(input[position]) << count
        position += 1
        count += 8
      }
      buffer = value >> need
      count -= need
      return Int(value & ((1 << need) - 1))
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
      buffer = 0
      count = 0
    }

    mutating func byte() throws(DecodeError) -> UInt8 {
      alignToByte()
      guard position < input.count else { throw .endOfInput }
      defer { position += 1 }
      return input[position]
    }

    /// Skips `count` whole bytes, at most ``bytesLeft``.
    mutating func skipBytes(_ count: Int) {
      alignToByte()
      position += min(max(0, count), bytesLeft)
    }

    /// Skips bytes up to and past a zero byte, committing as it goes.
    mutating func skipPastZero() throws(DecodeError) {
      alignToByte()
      while position < input.count {
        let byte = input[position]
        position += 1
        if byte == 0 { return }
      }
      commit()
      throw .endOfInput
    }

    mutating func littleEndian32() throws(DecodeError) -> UInt32 {
      var value: UInt32 = 0
      for shift in stride(from: UInt32(0), to: 32, by: 8) { value |= UInt32(try byte()) << shift }
      return value
    }

    mutating func bigEndian32() throws(DecodeError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
      return value
    }
  }
}

/// CRC-32 (ISO 3309), as the gzip trailer carries it, updated as bytes are decoded.
struct CRC32 {
  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private var crc: UInt32 = 0xFFFF_FFFF

  /// The checksum of the bytes so far.
  var value: UInt32 { ~crc }

  mutating func update(_ bytes: ArraySlice<UInt8>) {
    var crc = self.crc
    for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    self.crc = crc
  }
}

/// Adler-32 (RFC 1950), as the zlib trailer carries it, updated as bytes are decoded.
struct Adler32 {
  private var a: UInt32 = 1
  private var b: UInt32 = 0

  /// The checksum of the bytes so far.
  var value: UInt32 { b << 16 | a }

  mutating func update(_ bytes: ArraySlice<UInt8>) {
    var (a, b) = (self.a, self.b)
    // 5,552 bytes is the most that cannot overflow 32 bits before the modulo (RFC 1950's NMAX).
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = min(start + 5552, bytes.endIndex)
      for byte in bytes[start..<end] {
        a &+= UInt32(byte)
        b &+= a
      }
      a %= 65521
      b %= 65521
      start = end
    }
    (self.a, self.b) = (a, b)
  }
}
