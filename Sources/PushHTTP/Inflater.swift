/// DEFLATE blocks into a capped output (RFC 1951 §3.2), resumable anywhere in a block.
///
/// The state of the block in progress (its header, a partly read code-length table, its
/// Huffman codes, the bytes left of a stored block) is kept between calls, and the reader is
/// committed after every complete step: a literal, a length/distance pair with its extra bits,
/// a code length, a header field. When the bytes so far end inside a step, that step is read
/// again, whole, once more bytes arrive; nothing before it is. Decoding a body piece by piece
/// therefore costs what decoding it whole does, whatever its block layout (issue 36: a body of
/// one block was decoded again from the block's start on every read).
struct Inflater {
  let cap: Int
  var output: [UInt8] = []
  /// Where decoding stands.
  private(set) var phase = Phase.blockHeader
  /// Whether the last call ran out of bytes inside a length/distance pair (for tests).
  private(set) var cutInsidePair = false

  init(cap: Int) { self.cap = cap }

  /// Where decoding stands, between complete steps.
  enum Phase {
    /// Before a block's three header bits.
    case blockHeader
    /// A stored block: before its LEN and NLEN.
    case storedLength(last: Bool)
    /// A stored block: `remaining` bytes still to copy.
    case stored(remaining: Int, last: Bool)
    /// A dynamic block: before HLIT, HDIST and HCLEN.
    case tableCounts(last: Bool)
    /// A dynamic block: reading the code-length code's lengths, in `codeLengthOrder`.
    case codeLengthCode(TableCounts, lengths: [Int])
    /// A dynamic block: reading the literal/length and distance code lengths.
    case codeLengths(TableCounts, code: HuffmanCode, lengths: [Int])
    /// A block's symbols.
    case symbols(literals: HuffmanCode, distances: HuffmanCode, last: Bool)
    /// After the final block.
    case finished
  }

  /// A dynamic block's counts of codes (RFC 1951 §3.2.7).
  struct TableCounts {
    var last: Bool
    var literals: Int
    var distances: Int
    var codeLengths: Int
  }

  /// What a block header costs of the budget, in decoded bytes: a stream of empty blocks pauses
  /// too.
  static let headerCost = 1024

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

  /// Inflates blocks until the final one ends. Throws `endOfInput` when the bytes run out and
  /// `paused` once about `budget` bytes were decoded (each block header counting
  /// ``headerCost``), the reader rolled back to its last commit in either case: calling again
  /// resumes there.
  mutating func inflate(
    _ reader: inout ContentDecoder.BitReader, budget: Int
  ) throws(ContentDecoder.DecodeError) {
    var pauseAt = budget >= Int.max - output.count ? Int.max : output.count + max(1, budget)
    while true {
      switch phase {
      case .finished:
        return
      case .blockHeader:
        guard output.count < pauseAt else { throw .paused }
        pauseAt = pauseAt == Int.max ? pauseAt : pauseAt - Self.headerCost
        let last = try reader.bits(1) == 1
        switch try reader.bits(2) {
        case 0: phase = .storedLength(last: last)
        case 1:
          guard let (literals, distances) = Self.fixed else { throw .corrupt("no fixed code") }
          phase = .symbols(literals: literals, distances: distances, last: last)
        case 2: phase = .tableCounts(last: last)
        default: throw .corrupt("it has a block of the reserved type 3")
        }
      case .storedLength(let last):
        let length = Int(try reader.byte()) | Int(try reader.byte()) << 8
        let complement = Int(try reader.byte()) | Int(try reader.byte()) << 8
        guard length == ~complement & 0xFFFF else {
          throw .corrupt("a stored block's length does not match its complement")
        }
        phase =
          length == 0 ? (last ? .finished : .blockHeader) : .stored(remaining: length, last: last)
      case .stored(let remaining, let last):
        try copyStored(&reader, remaining: remaining, last: last, pauseAt: pauseAt)
      case .tableCounts(let last):
        let literals = try reader.bits(5) + 257
        let distances = try reader.bits(5) + 1
        let codeLengths = try reader.bits(4) + 4
        guard literals <= 286, distances <= 30 else {
          throw .corrupt("a block declares too many codes")
        }
        let counts = TableCounts(
          last: last, literals: literals, distances: distances, codeLengths: codeLengths)
        phase = .codeLengthCode(counts, lengths: [])
      case .codeLengthCode(let counts, var lengths):
        phase = .finished  // lets go of `lengths`, so appending does not copy it
        do {
          while lengths.count < counts.codeLengths {
            lengths.append(try reader.bits(3))
            reader.commit()
          }
        } catch {
          phase = .codeLengthCode(counts, lengths: lengths)
          throw error
        }
        var ordered = [Int](repeating: 0, count: 19)
        for (index, length) in lengths.enumerated() {
          ordered[Self.codeLengthOrder[index]] = length
        }
        guard let code = HuffmanCode(lengths: ordered[...]) else {
          throw .corrupt("a block's code-length code is over-subscribed")
        }
        phase = .codeLengths(counts, code: code, lengths: [])
      case .codeLengths(let counts, let code, var lengths):
        phase = .finished  // lets go of `lengths`, so appending does not copy it
        do {
          try readCodeLengths(
            &reader, into: &lengths, code: code, total: counts.literals + counts.distances)
        } catch {
          phase = .codeLengths(counts, code: code, lengths: lengths)
          throw error
        }
        guard lengths.count > 256, lengths[256] != 0 else {
          throw .corrupt("a block has no end-of-block code")
        }
        guard let literals = HuffmanCode(lengths: lengths[0..<counts.literals]),
          let distances = HuffmanCode(lengths: lengths[counts.literals...])
        else { throw .corrupt("a block's Huffman code is over-subscribed") }
        phase = .symbols(literals: literals, distances: distances, last: counts.last)
      case .symbols(let literals, let distances, let last):
        try symbols(&reader, literals: literals, distances: distances, pauseAt: pauseAt)
        phase = last ? .finished : .blockHeader
      }
      reader.commit()
    }
  }

  /// Copies what has arrived of a stored block, up to the cap and the budget.
  private mutating func copyStored(
    _ reader: inout ContentDecoder.BitReader, remaining: Int, last: Bool, pauseAt: Int
  ) throws(ContentDecoder.DecodeError) {
    reader.alignToByte()  // the LEN field left the reader on a byte boundary
    let count = max(0, min(remaining, reader.bytesLeft, cap - output.count, pauseAt - output.count))
    output.append(contentsOf: reader.input[reader.position..<reader.position + count])
    reader.skipBytes(count)
    if output.count >= cap { throw .reachedCap }
    guard count == remaining else {
      phase = .stored(remaining: remaining - count, last: last)
      reader.commit()
      throw reader.bytesLeft == 0 ? .endOfInput : .paused
    }
    phase = last ? .finished : .blockHeader
  }

  /// Reads code lengths until `total`, committing after each one (with its repeat count).
  private func readCodeLengths(
    _ reader: inout ContentDecoder.BitReader, into lengths: inout [Int], code: HuffmanCode,
    total: Int
  ) throws(ContentDecoder.DecodeError) {
    while lengths.count < total {
      let symbol = try code.decode(&reader)
      var repeated = 0
      var count = 0
      switch symbol {
      case 0..<16:
        lengths.append(symbol)
        reader.commit()
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
      reader.commit()
    }
  }

  /// Decodes a block's symbols until its end, committing after each literal and each
  /// length/distance pair; throws `paused` at `pauseAt` decoded bytes.
  private mutating func symbols(
    _ reader: inout ContentDecoder.BitReader, literals: HuffmanCode, distances: HuffmanCode,
    pauseAt: Int
  ) throws(ContentDecoder.DecodeError) {
    var inPair = false
    do throws(ContentDecoder.DecodeError) {
      while true {
        inPair = false
        let symbol = try literals.decode(&reader)
        if symbol < 256 {
          reader.commit()
          output.append(UInt8(symbol))
        } else if symbol == 256 {
          return
        } else {
          inPair = true
          try pair(&reader, symbol: symbol, distances: distances)
        }
        if output.count >= cap { throw .reachedCap }
        if output.count >= pauseAt { throw .paused }
      }
    } catch {
      if case .endOfInput = error { cutInsidePair = inPair }
      throw error
    }
  }

  /// Reads the rest of a length/distance pair whose length symbol was `symbol`, commits, and
  /// copies (up to the cap).
  private mutating func pair(
    _ reader: inout ContentDecoder.BitReader, symbol: Int, distances: HuffmanCode
  ) throws(ContentDecoder.DecodeError) {
    let lengthIndex = symbol - 257
    guard lengthIndex < Self.lengthBase.count else {
      throw .corrupt("it uses the invalid length symbol \(symbol)")
    }
    let length = Self.lengthBase[lengthIndex] + (try reader.bits(Self.lengthExtra[lengthIndex]))
    let distanceIndex = try distances.decode(&reader)
    guard distanceIndex < Self.distanceBase.count else {
      throw .corrupt("it uses the invalid distance symbol \(distanceIndex)")
    }
    let distance =
      Self.distanceBase[distanceIndex] + (try reader.bits(Self.distanceExtra[distanceIndex]))
    guard distance <= output.count else {
      throw .corrupt("it refers back before its first byte")
    }
    reader.commit()
    // Byte by byte from the same start: an overlapping copy (distance < length) repeats the
    // bytes it has just written, as RFC 1951 §3.2.3 asks.
    var from = output.count - distance
    for _ in 0..<max(0, min(length, cap - output.count)) {
      output.append(output[from])
      from += 1
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
    for length in lengths {
      guard (0...15).contains(length) else { return nil }
      counts[length] += 1
    }
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
