import Foundation
import Testing

@testable import PushHTTP

/// The inflater resumes inside a DEFLATE block (issue 36): a body of ONE block, cut anywhere by
/// the reads, decodes as the whole does, and no step before the cut is decoded again.
@Suite struct ContentDecoderResumeTests {
  /// 90 numbered lines (5,687 bytes) as Python's `zlib.compressobj(9, DEFLATED, 31)` writes them:
  /// one dynamic block (BFINAL 1, BTYPE 2), its code-length tables, literals and
  /// length/distance pairs.
  static let oneDynamicBlock = ContentDecoderTests.bytes(
    "H4sIAAAAAAACA63YTYqTQRSF4bmr+Dag1P2/dxeCK0jbEYMdlP4ZuHvjGTjpgZWqOwykCg55eAk1xhjH57eX718u"
      + "1+P5/PJ2Pb8cp+Px/O3p9Ho+Hp5+fv1xnF6Ph9+3T+PTh9vX6b/fv14eP/46XZ7/HZTASZ4/+e6KUFwhC1e8u4uI"
      + "cJlOLydNnLD7t1MajvrGeGbGHdGxnq1wWU6v53KcqIVfXuTvURob6yUAj6hjvQ5YJJ5erwp6JPev1wQ00o31RqBH"
      + "1rHeDBjJp9dbgR7F/eudAY1yY7076FF1rI8BjDxfvFDQ44XmRQAa70QvCfS4pXppwMjz1csEPV6oXjGg8U71ykGP"
      + "W6pXBYw8Xz2BPF6IXoCZ7DSPCPCkpXmkoCjzzaMEPFloHjOYyU7z2ABPWprHBYoy3zwRwJOF5omDmew0TwfkSUvz"
      + "VIFR55unCXq60DwjQNOd5pmBnrY0zwoYdb55zqCnC81zBzTdaV4M0NOW5oUAo843LwL0dCF6SYBmO9VLAz1rqV4m"
      + "MNp89YpBzxaqVw5otlO9KtCzluoJLNp89ALwbKF5NMDMdppHCnjW0jxKUPT55jEDni80jw3MfKd5XIDnLc0TAUXX"
      + "O/7pAJ4vNE8HnPlO81RBz1uapwGMPt88I9DzheaZAVrsNM8K9KKlec7AGPPNcwe9WGheDECLneaFgF60NC8CGGM+"
      + "ekmgFwvVSwW02KleJuhFS/WKgTHnq1cOerlQvSpAy53qCeRlS/QCFPOOF70BeLnyoqdgljvNowS87HnRI1DMO170"
      + "DPByoXlcN2Z/AOr/hsg3FgAA")

  /// Feeds `encoded` cut at `split`, and then the rest; the phase the decoder stood in at the
  /// cut, and how it ended.
  static func decode(
    _ encoded: [UInt8], as encoding: ContentDecoder.Encoding, splitAt split: Int
  ) -> (phase: String, first: ContentDecoder.Outcome, outcome: ContentDecoder.Outcome) {
    var stream = ContentDecoder.Stream(encoding: encoding, cap: 1 << 20)
    stream.append(encoded[..<split])
    let first = stream.advance()
    let phase = stream.phase
    stream.append(encoded[split...])
    return (phase, first, stream.advance())
  }

  @Test func aOneBlockStreamCutAnywhereDecodesAsTheWholeDoes() throws {
    let encoded = Self.oneDynamicBlock
    let whole = ContentDecoder.decode(encoded, as: .gzip, cap: 1 << 20)
    guard case .complete(let plain) = whole else {
      Issue.record("the one-block stream does not decode: \(whole)")
      return
    }
    #expect(plain.count == 5687)
    #expect(plain.starts(with: Array("0000 PushSim resumes a deflate block at byte 0.\n".utf8)))
    #expect(encoded[10] & 7 == 5, "not one final dynamic block")
    var phases: Set<String> = []
    for split in 0..<encoded.count {
      let (phase, first, outcome) = Self.decode(encoded, as: .gzip, splitAt: split)
      #expect(first == .needsMoreInput, "cut at \(split)")
      #expect(outcome == whole, "cut at \(split) (\(phase))")
      phases.insert(phase)
    }
    // Every awkward place was cut: in the gzip header, at the block header, in the table
    // counts, in the code-length code, in the code lengths, between symbols, inside a
    // length/distance pair, in the trailer.
    #expect(
      phases == [
        "header", "block header", "table counts", "code-length code", "code lengths", "symbols",
        "symbols, inside a pair", "trailer",
      ])
  }

  @Test func aOneBlockStreamFedByteByByteOrPausedAfterEveryByteDecodesAsTheWholeDoes() {
    let whole = ContentDecoder.decode(Self.oneDynamicBlock, as: .gzip, cap: 1 << 20)
    for budget in [Int.max, 1, 100] {
      var stream = ContentDecoder.Stream(encoding: .gzip, cap: 1 << 20)
      var outcome = ContentDecoder.Outcome.needsMoreInput
      var pauses = 0
      for byte in Self.oneDynamicBlock {
        stream.append([byte])
        outcome = stream.advance(budget: budget)
        while outcome == .paused {
          pauses += 1
          outcome = stream.advance(budget: budget)
        }
      }
      #expect(outcome == whole)
      if budget == Int.max { #expect(pauses == 0) }
      if budget == 1 { #expect(pauses > 0) }
    }
  }

  @Test func aStoredBlockCutInItsLengthOrItsBytesDecodesAsTheWholeDoes() {
    let encoded = ContentDecoderTests.stored
    let whole = ContentDecoder.decode(encoded, as: .gzip, cap: 1 << 20)
    #expect(whole == .complete(ContentDecoderTests.plain))
    var phases: Set<String> = []
    for split in 0..<encoded.count {
      let (phase, first, outcome) = Self.decode(encoded, as: .gzip, splitAt: split)
      #expect(first == .needsMoreInput)
      #expect(outcome == whole, "cut at \(split) (\(phase))")
      phases.insert(phase)
    }
    #expect(phases.isSuperset(of: ["stored length", "stored"]))
  }

  /// A gzip header with every optional field (FEXTRA, FNAME, FCOMMENT, FHCRC), cut anywhere.
  @Test func aGzipHeaderWithEveryFieldCutAnywhereDecodesAsTheWholeDoes() {
    let deflate = Array(ContentDecoderTests.gzip.dropFirst(10))
    let header: [UInt8] =
      [0x1F, 0x8B, 8, 0x04 | 0x08 | 0x10 | 0x02, 0, 0, 0, 0, 0, 3, 5, 0, 1, 2, 3, 4, 5]
      + Array("photo.jpg".utf8) + [0] + Array("a comment".utf8) + [0] + [0xAB, 0xCD]
    let encoded = header + deflate
    let whole = ContentDecoder.decode(encoded, as: .gzip, cap: 1 << 20)
    #expect(whole == .complete(ContentDecoderTests.plain))
    for split in 0..<encoded.count {
      let (phase, first, outcome) = Self.decode(encoded, as: .gzip, splitAt: split)
      #expect(first == .needsMoreInput)
      #expect(outcome == whole, "cut at \(split) (\(phase))")
    }
  }

  @Test func zlibAndRawDeflateCutAnywhereDecodeAsTheWholeDoes() {
    for encoded in [ContentDecoderTests.zlib, ContentDecoderTests.rawDeflate] {
      let whole = ContentDecoder.decode(encoded, as: .deflate, cap: 1 << 20)
      #expect(whole == .complete(ContentDecoderTests.plain))
      for split in 2..<encoded.count {
        #expect(Self.decode(encoded, as: .deflate, splitAt: split).outcome == whole)
      }
    }
  }

  /// A budget pauses decoding inside one block, after about that many decoded bytes, and
  /// resuming gives the same bytes.
  @Test func aBudgetPausesInsideOneBlockAndResumes() {
    let size = 4 << 20
    let encoded = Self.zerosInOneBlock(count: size)
    var stream = ContentDecoder.Stream(encoding: .deflate, cap: Int.max)
    stream.append(encoded[...])
    #expect(stream.advance(budget: 1 << 20) == .paused)
    // The block header took its cost of the budget.
    let slice = (1 << 20) - Inflater.headerCost
    #expect(stream.decodedCount >= slice && stream.decodedCount < slice + 258)
    #expect(stream.phase == "symbols")
    var outcome = ContentDecoder.Outcome.paused
    var calls = 1
    while outcome == .paused {
      outcome = stream.advance(budget: 1 << 20)
      calls += 1
    }
    #expect(outcome == .complete([UInt8](repeating: 0, count: size)))
    #expect(calls == 5)
  }

  /// Raw DEFLATE: one fixed-code block of `count` zero bytes (a literal 0, then pairs of length
  /// 258 at distance 1, 13 bits each: 2,000 times smaller than it decodes).
  static func zerosInOneBlock(count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var bits: UInt64 = 0
    func write(_ value: UInt64, _ count: UInt64) {
      buffer |= value << bits
      bits += count
      while bits >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: buffer))
        buffer >>= 8
        bits -= 8
      }
    }
    write(0b011, 3)  // BFINAL 1, BTYPE 01 (fixed codes)
    write(0b0000_1100, 8)  // literal 0: code 00110000, packed most-significant bit first
    var left = count - 1
    while left > 0 {
      let length = min(258, left)
      if length >= 3 {
        // Length 258 is symbol 285 (code 11000101); shorter ones are written as literals.
        if length == 258 {
          write(0b1010_0011, 8)
          write(0, 5)  // distance symbol 0: distance 1
          left -= 258
          continue
        }
      }
      write(0b0000_1100, 8)
      left -= 1
    }
    write(0, 7)  // end of block: code 0000000
    if bits > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    return bytes
  }
}
