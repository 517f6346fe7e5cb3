extension ContentDecoder {
  /// A body decoded as it arrives: ``advance(budget:)`` resumes where the last call stopped,
  /// inside a DEFLATE block if need be, so decoding a body piece by piece costs what decoding
  /// it once does, whatever its block layout.
  ///
  /// - Complexity: O(*n* + *m*) over all calls for *n* encoded and *m* decoded bytes; a call
  ///   re-reads at most the one step (a symbol, a pair, a header field) cut by the end of the
  ///   bytes so far.
  package struct Stream {
    package let encoding: Encoding
    package let cap: Int
    /// Encoded bytes not yet consumed, and some consumed before them.
    private var input: [UInt8] = []
    /// Consumed bytes dropped from the front of `input`.
    private var dropped = 0
    /// Where the reader stands in `input` after the last complete step.
    private var mark = BitReader.Mark(position: 0, buffer: 0, count: 0)
    private var stage = Stage.header
    private var gzipField = GzipField.fixed
    private var gzipFlags: UInt8 = 0
    private var isZlib = false
    private var inflater: Inflater
    private var crc = CRC32()
    private var adler = Adler32()
    /// Decoded bytes the checksum has seen.
    private var checksummed = 0
    /// How the stream ended, once it has: later calls answer the same.
    private var ending: Outcome?

    private enum Stage {
      case header
      case blocks
      case trailer
      case done
    }

    package init(encoding: Encoding, cap: Int) {
      self.encoding = encoding
      self.cap = cap
      self.inflater = Inflater(cap: cap)
    }

    /// How many encoded bytes arrived so far.
    package var encodedCount: Int { dropped + input.count }

    /// How many bytes were decoded so far.
    package var decodedCount: Int { inflater.output.count }

    /// Where the decoder stands, for tests: the stage, or the DEFLATE phase inside the blocks.
    var phase: String {
      switch stage {
      case .header: return "header"
      case .trailer: return "trailer"
      case .done: return "done"
      case .blocks:
        switch inflater.phase {
        case .blockHeader: return "block header"
        case .storedLength: return "stored length"
        case .stored: return "stored"
        case .tableCounts: return "table counts"
        case .codeLengthCode: return "code-length code"
        case .codeLengths: return "code lengths"
        case .symbols: return inflater.cutInsidePair ? "symbols, inside a pair" : "symbols"
        case .finished: return "finished"
        }
      }
    }

    /// Adds bytes that arrived.
    package mutating func append(_ bytes: ArraySlice<UInt8>) { input.append(contentsOf: bytes) }

    /// Decodes as far as the bytes so far allow.
    package mutating func advance() -> Outcome { advance(budget: .max) }

    /// Decodes as far as the bytes so far allow, or until about `budget` bytes were decoded
    /// (each DEFLATE block header counting 1 KiB), then answers ``Outcome/paused``: a caller
    /// that must stop promptly looks at its stop signal between calls.
    package mutating func advance(budget: Int) -> Outcome {
      if let ending { return ending }
      let outcome = step(budget: budget)
      switch outcome {
      case .complete, .reachedCap, .corrupt: ending = outcome
      case .needsMoreInput, .paused:
        updateChecksum()
        dropConsumedInput()
      }
      return outcome
    }

    private mutating func step(budget: Int) -> Outcome {
      var reader = BitReader(input: input, at: mark)
      defer { mark = reader.committed }
      do {
        if stage == .header {
          try readHeader(&reader)
          stage = .blocks
          reader.commit()
        }
        if stage == .blocks {
          try inflater.inflate(&reader, budget: budget)
          reader.alignToByte()
          stage = .trailer
          reader.commit()
        }
        if stage == .trailer {
          updateChecksum()
          try checkTrailer(&reader)
          stage = .done
          reader.commit()
        }
        return .complete(inflater.output)
      } catch {
        switch error {
        case .reachedCap: return .reachedCap(inflater.output)
        case .corrupt(let reason): return .corrupt(reason)
        case .endOfInput: return .needsMoreInput
        case .paused: return .paused
        }
      }
    }

    /// Folds the bytes decoded since the last call into the trailer's checksum.
    private mutating func updateChecksum() {
      let output = inflater.output
      guard checksummed < output.count else { return }
      switch encoding {
      case .gzip: crc.update(output[checksummed...])
      case .deflate: if isZlib { adler.update(output[checksummed...]) }
      }
      checksummed = output.count
    }

    /// Drops consumed bytes once they are at least half the buffer (and 64 KiB), so a long
    /// body is not kept twice and dropping costs O(1) a byte.
    private mutating func dropConsumedInput() {
      let used = mark.position
      guard used >= 1 << 16, used * 2 >= input.count else { return }
      input.removeFirst(used)
      dropped += used
      mark.position = 0
    }

    private mutating func readHeader(_ reader: inout BitReader) throws(DecodeError) {
      switch encoding {
      case .gzip:
        try ContentDecoder.readGzipHeader(&reader, field: &gzipField, flags: &gzipFlags)
      case .deflate:
        let input = reader.input
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

    private func checkTrailer(_ reader: inout BitReader) throws(DecodeError) {
      switch encoding {
      case .gzip:
        let crc = try reader.littleEndian32()
        let size = try reader.littleEndian32()
        guard crc == self.crc.value else {
          throw .corrupt("its CRC-32 does not match the decoded bytes")
        }
        guard size == UInt32(truncatingIfNeeded: inflater.output.count) else {
          throw .corrupt("its length field does not match the decoded bytes")
        }
      case .deflate:
        guard isZlib else { return }
        guard try reader.bigEndian32() == adler.value else {
          throw .corrupt("its Adler-32 does not match the decoded bytes")
        }
      }
    }
  }
}
