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
    /// The stream is corrupt, with the reason in plain words.
    case corrupt(String)
  }

  /// Decodes `encoded` as `encoding`, producing at most `cap` bytes.
  package static func decode(_ encoded: [UInt8], as encoding: Encoding, cap: Int) -> Outcome {
    var stream = Stream(encoding: encoding, cap: cap)
    stream.append(encoded[...])
    return stream.advance()
  }

  /// A body decoded as it arrives: ``advance()`` resumes after the last complete DEFLATE block,
  /// so decoding a body piece by piece costs what decoding it once does.
  package struct Stream {
    package let encoding: Encoding
    package let cap: Int
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var stage = Stage.header
    private var isZlib = false
    /// Where the reader stood after the last complete step.
    private var checkpoint = (position: 0, buffer: UInt32(0), count: UInt32(0))

    private enum Stage {
      case header
      case blocks
      case trailer
      case done
    }

    package init(encoding: Encoding, cap: Int) {
      self.encoding = encoding
      self.cap = cap
    }

    /// How many encoded bytes arrived so far.
    package var encodedCount: Int { input.count }

    /// Adds bytes that arrived.
    package mutating func append(_ bytes: ArraySlice<UInt8>) { input.append(contentsOf: bytes) }

    /// Decodes as far as the bytes so far allow.
    package mutating func advance() -> Outcome {
      var reader = BitReader(input: input)
      (reader.position, reader.buffer, reader.count) = checkpoint
      var inflater = Inflater(cap: cap)
      swap(&inflater.output, &output)
      defer { swap(&inflater.output, &output) }
      do {
        if stage == .header {
          try readHeader(&reader)
          save(reader, decoded: 0)
          stage = .blocks
        }
        while stage == .blocks {
          if try inflater.block(&reader) {
            reader.alignToByte()
            stage = .trailer
          }
          save(reader, decoded: inflater.output.count)
        }
        if stage == .trailer {
          try checkTrailer(&reader, output: inflater.output)
          save(reader, decoded: inflater.output.count)
          stage = .done
        }
        return .complete(inflater.output)
      } catch {
        switch error {
        case .reachedCap: return .reachedCap(inflater.output)
        case .corrupt(let reason): return .corrupt(reason)
        case .endOfInput:
          // The block in progress is read again, whole, when more bytes arrive.
          if inflater.output.count > outputAtCheckpoint {
            inflater.output.removeSubrange(outputAtCheckpoint...)
          }
          return .needsMoreInput
        }
      }
    }

    /// The decoded length at the checkpoint: blocks completed so far.
    private var outputAtCheckpoint = 0

    private mutating func save(_ reader: BitReader, decoded: Int) {
      checkpoint = (reader.position, reader.buffer, reader.count)
      outputAtCheckpoint = decoded
    }

    private mutating func readHeader(_ reader: inout BitReader) throws(DecodeError) {
      switch encoding {
      case .gzip:
        try ContentDecoder.readGzipHeader(&reader)
      case .deflate:
        guard input.count >= 2 else { throw .endOfInput }
        isZlib =
          input[0] & 0x0F == 8 && input[0] >> 4 <= 7
          && (Int(input[0]) << 8 | Int(input[1])) % 31 == 0
        if isZlib {
          guard input[1] & 0x20 == 0 else { throw .corrupt("it needs a preset dictionary") }
          reader.position = 2
        }
      }
    }

    private func checkTrailer(_ reader: inout BitReader, output: [UInt8]) throws(DecodeError) {
      switch encoding {
      case .gzip:
        let crc = try reader.littleEndian32()
        let size = try reader.littleEndian32()
        guard crc == CRC32.checksum(output) else {
          throw .corrupt("its CRC-32 does not match the decoded bytes")
        }
        guard size == UInt32(truncatingIfNeeded: output.count) else {
          throw .corrupt("its length field does not match the decoded bytes")
        }
      case .deflate:
        guard isZlib else { return }
        guard try reader.bigEndian32() == Adler32.checksum(output) else {
          throw .corrupt("its Adler-32 does not match the decoded bytes")
        }
      }
    }
  }

  /// Skips a gzip member header (RFC 1952 §2.3), checking what can be checked.
  private static func readGzipHeader(_ reader: inout BitReader) throws(DecodeError) {
    let id1 = try reader.byte()
    let id2 = try reader.byte()
    guard id1 == 0x1F, id2 == 0x8B else { throw .corrupt("it does not start as gzip does") }
    guard try reader.byte() == 8 else { throw .corrupt("its compression method is not deflate") }
    let flags = try reader.byte()
    guard flags & 0xE0 == 0 else { throw .corrupt("its header has reserved flags set") }
    for _ in 0..<6 { _ = try reader.byte() }  // MTIME, XFL, OS
    if flags & 0x04 != 0 {  // FEXTRA
      let length = Int(try reader.byte()) | Int(try reader.byte()) << 8
      for _ in 0..<length { _ = try reader.byte() }
    }
    if flags & 0x08 != 0 { while try reader.byte() != 0 {} }  // FNAME
    if flags & 0x10 != 0 { while try reader.byte() != 0 {} }  // FCOMMENT
    if flags & 0x02 != 0 { for _ in 0..<2 { _ = try reader.byte() } }  // FHCRC
  }

  /// Why decoding stopped early.
  enum DecodeError: Error {
    case endOfInput
    case reachedCap
    case corrupt(String)
  }

  /// Reads bits least-significant first, as DEFLATE packs them.
  struct BitReader {
    let input: [UInt8]
    var position = 0
    var buffer: UInt32 = 0
    var count: UInt32 = 0

    init(input: [UInt8]) { self.input = input }

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

/// A canonical Huffman code, decoded one bit at a time (RFC 1951 §3.2.2).
struct HuffmanCode {
  /// How many codes have each length, 0…15.
  var counts = [Int](repeating: 0, count: 16)
  /// The symbols in code order.
  var symbols: [Int]

  /// Builds the code for symbols with these code lengths (0: unused); `nil` when the lengths
  /// are over-subscribed. An incomplete code is accepted: its unused codes fail when read.
  init?(lengths: ArraySlice<Int>) {
    for length in lengths { counts[length] += 1 }
    var left = 1
    for length in 1...15 {
      left = left << 1 - counts[length]
      if left < 0 { return nil }
    }
    var offsets = [Int](repeating: 0, count: 16)
    for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
    symbols = [Int](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length != 0 {
      symbols[offsets[length]] = symbol
      offsets[length] += 1
    }
  }

  func decode(_ reader: inout ContentDecoder.BitReader) throws(ContentDecoder.DecodeError) -> Int {
    var code = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      code |= try reader.bits(1)
      let count = counts[length]
      if code - count < first { return symbols[index + code - first] }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw .corrupt("it uses a Huffman code that was never defined")
  }
}

/// DEFLATE blocks into a capped output (RFC 1951 §3.2).
struct Inflater {
  let cap: Int
  var output: [UInt8] = []

  init(cap: Int) { self.cap = cap }

  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let lengthExtra: [UInt32] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtra: [UInt32] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
  static let fixed: (HuffmanCode, HuffmanCode)? = {
    var lengths = [Int](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    guard let literals = HuffmanCode(lengths: lengths[...]),
      let distances = HuffmanCode(lengths: [Int](repeating: 5, count: 30)[...])
    else { return nil }
    return (literals, distances)
  }()

  /// Inflates one block; whether it was the final one.
  mutating func block(_ reader: inout ContentDecoder.BitReader) throws(ContentDecoder.DecodeError)
    -> Bool
  {
    let last = try reader.bits(1) == 1
    switch try reader.bits(2) {
    case 0: try stored(&reader)
    case 1:
      guard let (literals, distances) = Self.fixed else { throw .corrupt("no fixed code") }
      try codes(&reader, literals: literals, distances: distances)
    case 2: try dynamic(&reader)
    default: throw .corrupt("it has a block of the reserved type 3")
    }
    return last
  }

  private mutating func emit(_ byte: UInt8) throws(ContentDecoder.DecodeError) {
    output.append(byte)
    if output.count >= cap { throw .reachedCap }
  }

  private mutating func stored(_ reader: inout ContentDecoder.BitReader) throws(ContentDecoder
    .DecodeError)
  {
    reader.alignToByte()
    let length = Int(try reader.byte()) | Int(try reader.byte()) << 8
    let complement = Int(try reader.byte()) | Int(try reader.byte()) << 8
    guard length == ~complement & 0xFFFF else {
      throw .corrupt("a stored block's length does not match its complement")
    }
    for _ in 0..<length { try emit(try reader.byte()) }
  }

  private mutating func dynamic(_ reader: inout ContentDecoder.BitReader) throws(ContentDecoder
    .DecodeError)
  {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeLengthCount = try reader.bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .corrupt("a block declares too many codes")
    }
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount {
      codeLengths[Self.codeLengthOrder[index]] = try reader.bits(3)
    }
    guard let lengthCode = HuffmanCode(lengths: codeLengths[...]) else {
      throw .corrupt("a block's code-length code is over-subscribed")
    }
    var lengths: [Int] = []
    let total = literalCount + distanceCount
    while lengths.count < total {
      let symbol = try lengthCode.decode(&reader)
      var repeated = 0
      var count = 0
      switch symbol {
      case 0..<16:
        lengths.append(symbol)
        continue
      case 16:
        guard let previous = lengths.last else {
          throw .corrupt("a block repeats a code length before the first")
        }
        repeated = previous
        count = 3 + (try reader.bits(2))
      case 17: count = 3 + (try reader.bits(3))
      default: count = 11 + (try reader.bits(7))
      }
      guard lengths.count + count <= total else {
        throw .corrupt("a block's code lengths run past its codes")
      }
      lengths += repeatElement(repeated, count: count)
    }
    guard lengths[256] != 0 else { throw .corrupt("a block has no end-of-block code") }
    guard let literals = HuffmanCode(lengths: lengths[0..<literalCount]),
      let distances = HuffmanCode(lengths: lengths[literalCount...])
    else { throw .corrupt("a block's Huffman code is over-subscribed") }
    try codes(&reader, literals: literals, distances: distances)
  }

  private mutating func codes(
    _ reader: inout ContentDecoder.BitReader, literals: HuffmanCode, distances: HuffmanCode
  ) throws(ContentDecoder.DecodeError) {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        try emit(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < Self.lengthBase.count else {
        throw .corrupt("it uses the invalid length symbol \(symbol)")
      }
      var length =
        Self.lengthBase[lengthIndex] + (try reader.bits(Self.lengthExtra[lengthIndex]))
      let distanceIndex = try distances.decode(&reader)
      guard distanceIndex < Self.distanceBase.count else {
        throw .corrupt("it uses the invalid distance symbol \(distanceIndex)")
      }
      let distance =
        Self.distanceBase[distanceIndex] + (try reader.bits(Self.distanceExtra[distanceIndex]))
      guard distance <= output.count else {
        throw .corrupt("it refers back before its first byte")
      }
      // Copy in runs from the same start: an overlapping copy (distance < length) repeats a
      // pattern whose copies so far can be taken at once, so each run doubles.
      let from = output.count - distance
      while length > 0 {
        let run = min(length, output.count - from, cap - output.count)
        // Copied out first: appending a slice of `output` to itself would copy all of it.
        let segment = Array(output[from..<from + run])
        output.append(contentsOf: segment)
        length -= run
        if output.count >= cap { throw .reachedCap }
      }
    }
  }
}

/// CRC-32 (ISO 3309), as the gzip trailer carries it.
private enum CRC32 {
  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }
}

/// Adler-32 (RFC 1950), as the zlib trailer carries it.
private enum Adler32 {
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }
}
