import Foundation
import PushCore
import PushPayload

/// The `validate` benchmark (issue 2): a deterministic JSONL corpus of realistic payloads, and
/// the baseline that only parses each line with `JSONSerialization`.
///
///     PushSimBenchmarks validate generate COUNT FILE   writes the corpus
///     PushSimBenchmarks validate baseline FILE         parses every line, prints the count
///     PushSimBenchmarks validate single FILE           what `validate --jsonl --format json`
///                                                      does per line, on one thread (for
///                                                      callgrind, which cannot run `pushsim`)
///     PushSimBenchmarks validate floor FILE            reads the file in 64 KiB chunks as
///                                                      `pushsim` does and touches every byte
///                                                      once: the physical floor
///
/// `Benchmarks/run.sh validate` times the baseline against `pushsim validate --jsonl --format
/// json` on the same corpus and prints the ratio.
enum ValidateBenchmark {
  static func main(_ arguments: [String]) throws {
    switch arguments.first {
    case "generate":
      guard arguments.count == 3, let count = Int(arguments[1]) else { throw usage }
      try generate(count: count, to: arguments[2])
    case "baseline":
      guard arguments.count == 2 else { throw usage }
      try baseline(arguments[1])
    case "single":
      guard arguments.count == 2 else { throw usage }
      try single(arguments[1])
    case "floor":
      guard arguments.count == 2 else { throw usage }
      try floor(arguments[1])
    default:
      throw usage
    }
  }

  struct Usage: Error, CustomStringConvertible {
    var description: String {
      "usage: PushSimBenchmarks validate generate COUNT FILE | baseline FILE | single FILE | floor FILE"
    }
  }
  static let usage = Usage()

  // MARK: - Corpus

  /// SplitMix64: the same corpus on every machine.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  static let titles = [
    "Nuevo mensaje", "Nová zpráva", "Нова порука", "Nuevo producto", "Nový produkt",
    "Нови производ", "Recordatorio", "Připomínka", "Подсетник",
  ]
  static let bodies = [
    "¡Hola! ¿Cómo estás?", "Ahoj! Jak se máš?", "Здраво! Како си?", "Mira la nueva colección",
    "Podívejte se na novou kolekci", "Погледајте нову колекцију",
    "Recordatorio: reunión en 15 minutos", "Připomínka: schůzka za 15 minut",
    "Подсетник: састанак за 15 минута",
  ]
  static let names = ["Ana", "Anna", "Ана", "Luis", "Jan", "Марко", "Lucía", "Petr"]

  static func quoted(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  static func payload(_ generator: inout Generator) -> String {
    let chat = "chat_\(generator.below(100_000))"
    let user = "user_\(generator.below(1_000_000))"
    let title = quoted(generator.pick(titles))
    let body = quoted(generator.pick(bodies) + " #\(generator.below(10_000))")
    switch generator.below(10) {
    case 0, 1, 2:
      return
        #"{"aps":{"alert":{"title":\#(title),"body":\#(body)},"badge":\#(generator.below(100)),"sound":"default","category":"message","thread-id":"\#(chat)","mutable-content":1},"sender-id":"\#(user)","chat-id":"\#(chat)","message-type":"text","image-url":"https://cdn.example.com/img/\#(generator.below(1_000_000)).jpg"}"#
    case 3:
      return #"{"aps":{"alert":\#(body),"badge":\#(generator.below(10)),"sound":"default"}}"#
    case 4:
      return
        #"{"aps":{"alert":{"title-loc-key":"NEW_MESSAGE_TITLE","title-loc-args":[\#(quoted(generator.pick(names)))],"loc-key":"NEW_MESSAGE_BODY","loc-args":[\#(body)]},"sound":"message.caf","thread-id":"\#(chat)"}}"#
    case 5:
      return
        #"{"aps":{"content-available":1},"sync-type":"invalidate-cache","timestamp":"2026-07-\#(10 + generator.below(20))T12:00:00Z"}"#
    case 6:
      return
        #"{"aps":{"alert":{"title":\#(title),"body":\#(body)},"category":"product","mutable-content":1,"relevance-score":0.\#(generator.below(100)),"interruption-level":"\#(generator.pick(["passive", "active", "time-sensitive"]))"},"media-url":"https://cdn.example.com/product/\#(generator.below(100_000)).jpg"}"#
    case 7:
      return
        #"{"aps":{"timestamp":\#(1_751_544_000 + generator.below(86_400)),"event":"update","content-state":{"homeScore":\#(generator.below(6)),"awayScore":\#(generator.below(6)),"minute":\#(generator.below(90))},"stale-date":\#(1_751_547_600 + generator.below(3600)),"relevance-score":\#(generator.below(100))}}"#
    case 8:
      // Common mistakes: a string badge, a Boolean flag, a custom key inside aps.
      return
        #"{"aps":{"alert":{"title":\#(title),"body":\#(body)},"badge":"\#(generator.below(9))","mutable-content":true,"chat-id":"\#(chat)"},"sender-id":"\#(user)"}"#
    default:
      return
        #"{"aps":{"alert":{"title":\#(title),"subtitle":\#(quoted(generator.pick(names))),"body":\#(body)},"thread-id":"\#(chat)","sound":"default","badge":\#(generator.below(50))},"chat-id":"\#(chat)","message-id":\#(generator.below(Int(Int32.max))),"sent-at":\#(1_751_544_000 + generator.below(1_000_000))}"#
    }
  }

  static func generate(count: Int, to path: String) throws {
    var generator = Generator(state: 0x5055_5348)
    var text = ""
    text.reserveCapacity(count * 260)
    for _ in 0..<count {
      text += payload(&generator)
      text += "\n"
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  // MARK: - Baseline

  static func baseline(_ path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var parsed = 0
    var failed = 0
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var start = 0
      let bytes = buffer.bindMemory(to: UInt8.self)
      // Lines found with `memchr`, as `single` and `validate --jsonl` find them: the two
      // differ only in what they do with each line.
      while start < bytes.count {
        let index =
          ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start) ?? bytes.count
        if index > start {
          let line = Data(bytes[start..<index])
          if (try? JSONSerialization.jsonObject(with: line)) != nil {
            parsed += 1
          } else {
            failed += 1
          }
        }
        start = index + 1
      }
    }
    FileHandle.standardError.write(Data("baseline: \(parsed) parsed, \(failed) failed\n".utf8))
  }

  /// The floor: every byte read (64 KiB `read`s, as `validate --jsonl` reads) and looked at
  /// once, lines counted and the bytes summed so the loop cannot be left out.
  static func floor(_ path: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw usage }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var lines = 0
    var sum: UInt64 = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
      }
      if count <= 0 { break }
      for index in 0..<count {
        let byte = chunk[index]
        if byte == UInt8(ascii: "\n") { lines += 1 }
        sum &+= UInt64(byte)
      }
    }
    FileHandle.standardError.write(Data("floor: \(lines) lines, byte sum \(sum)\n".utf8))
  }

  /// Each line validated and its JSON result written into one buffer, on one thread.
  static func single(_ path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var writer = JSONWriter()
    // As `validate --jsonl` validates a run of lines: one room to read them in, one set of
    // headers.
    let tapeStorage = JSONTapeStorage()
    let headers = PushHeaders()
    var lines = 0
    var written = 0
    var start = 0
    while start < bytes.count {
      // Lines found as `validate --jsonl` finds them (`LineSplitter`).
      let index = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes[start...]) ?? bytes.count
      if index > start {
        lines += 1
        let validation = PayloadValidation(
          readingInPlace: bytes[start..<index], headers: headers, tapeStorage: tapeStorage)
        validation.writeJSON(into: &writer, line: lines)
        writer.raw(byte: UInt8(ascii: "\n"))
        if writer.bytes.count > 1 << 20 {
          written += writer.bytes.count
          writer.bytes.removeAll(keepingCapacity: true)
        }
      }
      start = index + 1
    }
    written += writer.bytes.count
    FileHandle.standardError.write(Data("single: \(lines) lines, \(written) bytes of JSON\n".utf8))
  }
}
