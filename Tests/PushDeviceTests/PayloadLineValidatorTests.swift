import Foundation
import PushDevice
import PushPayload
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `validate --jsonl` as a library: lines in, results out in order, batch by batch.
@Suite struct PayloadLineValidatorTests {
  /// A file holding `text`, opened for reading (a pipe's writer could be killed by SIGPIPE
  /// when a test stops reading early).
  static func file(holding text: String) -> Int32 {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-lines-\(UUID().uuidString).jsonl")
    _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
    let descriptor = open(url.path, O_RDONLY)
    unlink(url.path)  // gone once closed
    return descriptor
  }

  static func lines(_ count: Int) -> String {
    (1...count).map { #"{"aps":{"alert":"message \#($0)"}}"# }.joined(separator: "\n")
  }

  @Test func manyBatchesComeBackInInputOrder() async throws {
    let descriptor = Self.file(holding: Self.lines(1000) + "\n")
    defer { close(descriptor) }
    let validator = PayloadLineValidator<Int>(batchLines: 7, workers: 3) { $0.number }
    var numbers: [Int] = []
    var batches = 0
    for try await batch in validator.results(readingFrom: descriptor) {
      #expect(batch.count <= 7)
      numbers += batch
      batches += 1
    }
    #expect(numbers == Array(1...1000))
    #expect(batches == 143)
  }

  @Test func blankLinesCountAndCarriageReturnsAreNotPayload() async throws {
    let text = "{\"aps\":{\"alert\":\"a\"}}\r\n\n[1]\n{\"aps\":{\"badge\":1}}"
    let descriptor = Self.file(holding: text)
    defer { close(descriptor) }
    let validator = PayloadLineValidator<(Int, Int, Bool)> {
      ($0.number, $0.validation.verdict.bytes, $0.validation.verdict.accepted)
    }
    var results: [(Int, Int, Bool)] = []
    for try await batch in validator.results(readingFrom: descriptor) { results += batch }
    #expect(results.map(\.0) == [1, 3, 4])
    #expect(results[0].1 == 21)  // without the \r
    #expect(results.map(\.2) == [true, false, true])
  }

  /// Lines that run across the 64 KiB reads (CRLF endings, blank lines, lengths that drift
  /// against the chunk size) come back whole, each with its own size.
  @Test func linesAcrossReadsComeBackWhole() async throws {
    var text = ""
    var expected: [(Int, Int)] = []
    var number = 0
    for index in 0..<6000 {
      number += 1
      if index % 97 == 0 {
        text += "\r\n"
        continue
      }
      let line = #"{"aps":{"alert":""# + String(repeating: "y", count: index % 251) + #""}}"#
      text += line + (index % 3 == 0 ? "\r\n" : "\n")
      expected.append((number, line.utf8.count))
    }
    let descriptor = Self.file(holding: text)
    defer { close(descriptor) }
    let validator = PayloadLineValidator<(Int, Int)> { ($0.number, $0.validation.verdict.bytes) }
    var results: [(Int, Int)] = []
    for try await batch in validator.results(readingFrom: descriptor) { results += batch }
    #expect(results.map(\.0) == expected.map(\.0))
    #expect(results.map(\.1) == expected.map(\.1))
  }

  @Test func aHugeLineIsJudgedByItsSize() async throws {
    let huge = #"{"aps":{"alert":""# + String(repeating: "x", count: 1_200_000) + #""}}"#
    let descriptor = Self.file(holding: huge + "\n")
    defer { close(descriptor) }
    let validator = PayloadLineValidator<Int> { $0.validation.verdict.httpStatus }
    var statuses: [Int] = []
    for try await batch in validator.results(readingFrom: descriptor) { statuses += batch }
    #expect(statuses == [413])
  }

  @Test func aConsumerThatStopsEarlyEndsTheReading() async throws {
    let descriptor = Self.file(holding: Self.lines(5000))
    defer { close(descriptor) }
    let validator = PayloadLineValidator<Int>(batchLines: 10) { $0.number }
    var seen = 0
    for try await batch in validator.results(readingFrom: descriptor) {
      seen += batch.count
      if seen >= 20 { break }
    }
    #expect(seen == 20)
  }
}
