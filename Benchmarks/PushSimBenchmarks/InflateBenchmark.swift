import Foundation
import PushHTTP

#if canImport(Glibc)
  import Glibc
#endif

/// `PushSimBenchmarks inflate [small MiB] [large MiB] [rounds]` (issue 36): image-like bytes of
/// `small` and `large` MiB (defaults 4 and 16), deflated as ONE block and as many blocks (one
/// every 16,384 symbols, as zlib closes them), each fed to `ContentDecoder.Stream` in 64 KiB
/// pieces with `advance()` after each, as a download feeds it. Prints each one's time (median
/// of `rounds`, default 3, the sides interleaved; wall and the thread's CPU time), the
/// one-block / many-block ratio at each size (target ~1: a block never decoded twice) and the
/// large / small ratio of each layout (target at most 1.2 times the size ratio: linear).
/// Before issue 36 the unfinished block was decoded again on every piece: 10 MiB in one
/// block took 25 s.
enum InflateBenchmark {
  static func run(_ arguments: [String]) throws {
    let small = arguments.first.flatMap(Int.init) ?? 4
    let large = arguments.dropFirst().first.flatMap(Int.init) ?? 16
    let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 3
    var times: [String: (wall: Double, cpu: Double)] = [:]
    for size in [small, large] {
      let plain = imageLikeBytes(count: size << 20)
      let oneBlock = FixedHuffmanEncoder.deflate(plain, symbolsPerBlock: nil)
      let manyBlocks = FixedHuffmanEncoder.deflate(plain, symbolsPerBlock: 16_384)
      for (name, encoded) in [("one", oneBlock), ("many", manyBlocks)] {
        guard try feed(encoded) == plain else {
          throw BenchmarkError("the \(name)-block stream of \(size) MiB does not decode back")
        }
      }
      var walls: [String: [Double]] = [:]
      var cpus: [String: [Double]] = [:]
      for round in 0..<rounds {
        let order =
          round % 2 == 0
          ? [("one", oneBlock), ("many", manyBlocks)]
          : [
            ("many", manyBlocks), ("one", oneBlock),
          ]
        for (name, encoded) in order {
          let cpuStart = threadCPUSeconds()
          let wallStart = ContinuousClock.now
          _ = try feed(encoded)
          let wall = wallStart.duration(to: .now)
          cpus[name, default: []].append(threadCPUSeconds() - cpuStart)
          walls[name, default: []].append(
            Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
        }
      }
      for name in ["one", "many"] {
        let wall = StringsBenchmark.median(walls[name] ?? [])
        let cpu = StringsBenchmark.median(cpus[name] ?? [])
        times["\(name) \(size)"] = (wall, cpu)
        let encoded = name == "one" ? oneBlock : manyBlocks
        print(
          "inflate: \(size) MiB in \(name == "one" ? "one block" : "many blocks") "
            + "(\(encoded.count / 1024) KiB encoded): "
            + "\(ScenarioBenchmark.format(wall * 1000)) ms wall, "
            + "\(ScenarioBenchmark.format(cpu * 1000)) ms CPU (median of \(rounds))")
      }
    }
    for size in [small, large] {
      let one = times["one \(size)"]?.cpu ?? 0
      let many = times["many \(size)"]?.cpu ?? 0
      let ratio = many > 0 ? one / many : 0
      print(
        "  \(size) MiB one block / many blocks: \(ScenarioBenchmark.format(ratio, digits: 2)) CPU "
          + "(target ~1, at most 1.5) \(ratio <= 1.5 ? "ok" : "MISSED")")
    }
    let bound = 1.2 * Double(large) / Double(small)
    for name in ["one", "many"] {
      let ratio =
        (times["\(name) \(large)"]?.cpu ?? 0) / max(times["\(name) \(small)"]?.cpu ?? 0, 1e-9)
      print(
        "  \(name == "one" ? "one block" : "many blocks") \(large) / \(small) MiB: "
          + "\(ScenarioBenchmark.format(ratio, digits: 2)) CPU (target <= "
          + "\(ScenarioBenchmark.format(bound, digits: 1)), linear) \(ratio <= bound ? "ok" : "MISSED")"
      )
    }
  }

  /// Feeds `encoded` (raw DEFLATE) in 64 KiB pieces, as a download does; the decoded bytes.
  static func feed(_ encoded: [UInt8]) throws -> [UInt8] {
    var stream = ContentDecoder.Stream(encoding: .deflate, cap: Int.max)
    var start = 0
    while start < encoded.count {
      let end = min(start + 64 * 1024, encoded.count)
      stream.append(encoded[start..<end])
      start = end
      switch stream.advance() {
      case .complete(let output): return output
      case .reachedCap: throw BenchmarkError("the stream reached the cap")
      case .corrupt(let reason): throw BenchmarkError("the stream is corrupt: \(reason)")
      case .needsMoreInput, .paused: continue
      }
    }
    throw BenchmarkError("the stream did not end")
  }

  /// The calling thread's CPU time.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Bytes that compress about as a photograph's do (2 to 3 times): runs of noise and copies
  /// of earlier stretches, from a fixed seed.
  static func imageLikeBytes(count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: seed >> 33)
    }
    while bytes.count < count {
      let noise = 1 + next() % 48
      for _ in 0..<noise where bytes.count < count {
        bytes.append(UInt8(truncatingIfNeeded: next()))
      }
      guard bytes.count > 8 else { continue }
      let distance = 1 + next() % min(bytes.count, 8_000)
      let length = 3 + next() % 120
      for _ in 0..<length where bytes.count < count { bytes.append(bytes[bytes.count - distance]) }
    }
    return bytes
  }
}

/// A small DEFLATE encoder (RFC 1951 §3.2.6, fixed Huffman codes) with greedy LZ77 matching,
/// for streams zlib does not write: everything in one block, or a block every N symbols.
enum FixedHuffmanEncoder {
  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]

  /// Bits written least-significant first.
  struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    mutating func write(_ value: Int, bits: Int) {
      buffer |= UInt64(value) << UInt64(count)
      count += bits
      while count >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: buffer))
        buffer >>= 8
        count -= 8
      }
    }

    /// A Huffman code, whose bits are packed most-significant first.
    mutating func writeCode(_ code: Int, bits: Int) {
      var reversed = 0
      for bit in 0..<bits { reversed |= (code >> bit & 1) << (bits - 1 - bit) }
      write(reversed, bits: bits)
    }

    mutating func finish() -> [UInt8] {
      if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
      return bytes
    }
  }

  static func literal(_ symbol: Int, _ writer: inout BitWriter) {
    switch symbol {
    case 0..<144: writer.writeCode(0x30 + symbol, bits: 8)
    case 144..<256: writer.writeCode(0x190 + symbol - 144, bits: 9)
    case 256..<280: writer.writeCode(symbol - 256, bits: 7)
    default: writer.writeCode(0xC0 + symbol - 280, bits: 8)
    }
  }

  /// `plain` as raw DEFLATE: one fixed-code block, or a new one every `symbolsPerBlock`.
  static func deflate(_ plain: [UInt8], symbolsPerBlock: Int?) -> [UInt8] {
    var writer = BitWriter()
    var table = [Int](repeating: -1, count: 1 << 16)
    var position = 0
    var symbols = 0
    writer.write(symbolsPerBlock == nil ? 1 : 0, bits: 1)
    writer.write(1, bits: 2)
    while position < plain.count {
      if let perBlock = symbolsPerBlock, symbols == perBlock {
        literal(256, &writer)
        writer.write(0, bits: 1)
        writer.write(1, bits: 2)
        symbols = 0
      }
      symbols += 1
      var length = 0
      var distance = 0
      if position + 3 <= plain.count {
        let hash =
          (Int(plain[position]) << 8 ^ Int(plain[position + 1]) << 4 ^ Int(plain[position + 2]))
          & 0xFFFF
        let candidate = table[hash]
        table[hash] = position
        if candidate >= 0, position - candidate <= 32_768 {
          while length < 258, position + length < plain.count,
            plain[candidate + length] == plain[position + length]
          {
            length += 1
          }
          distance = position - candidate
        }
      }
      guard length >= 3 else {
        literal(Int(plain[position]), &writer)
        position += 1
        continue
      }
      let lengthIndex = (lengthBase.lastIndex { $0 <= length }) ?? 0
      literal(257 + lengthIndex, &writer)
      let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
      ][lengthIndex]
      writer.write(length - lengthBase[lengthIndex], bits: lengthExtra)
      let distanceIndex = (distanceBase.lastIndex { $0 <= distance }) ?? 0
      writer.writeCode(distanceIndex, bits: 5)
      writer.write(distance - distanceBase[distanceIndex], bits: max(0, distanceIndex / 2 - 1))
      position += length
    }
    literal(256, &writer)
    if symbolsPerBlock != nil {  // an empty final block
      writer.write(1, bits: 1)
      writer.write(1, bits: 2)
      literal(256, &writer)
    }
    return writer.finish()
  }
}
