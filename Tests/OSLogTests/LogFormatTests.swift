import Foundation
import OSLog
import Testing

@testable import os

/// `os_log`'s `printf` formats against arguments of the wrong type or too few of them: each
/// conversion is checked against its argument before anything is formatted, and a mismatch is
/// written into the line, never handed to `String(format:)` (Rules.md §9.11). `%@` with an
/// `Int` once ended the whole process.
@Suite struct LogFormatTests {
  let log = OSLog(subsystem: "com.example.chat", category: "service")

  /// A format, its arguments and the line written.
  struct Case: Sendable, CustomTestStringConvertible {
    var format: String
    var arguments: @Sendable () -> [any CVarArg]
    var line: String
    var testDescription: String { "\(format) → \(line)" }

    init(
      format: String, arguments: @autoclosure @escaping @Sendable () -> [any CVarArg], line: String
    ) {
      self.format = format
      self.arguments = arguments
      self.line = line
    }

    /// The line `os_log` writes for the case.
    var written: String { LogFormat.render(format, arguments()) }
  }

  @Test func aLineWithTheWrongArgumentsIsWrittenAndTheProcessGoesOn() {
    let lines = captured {
      os_log("%@", log: log, type: .error, 42)
      os_log("id %s", log: log, 42)
      os_log("%@ and %@", log: log, "one")
    }
    #expect(
      lines.map(\.console) == [
        "<decode: mismatch for [%@] got [Int]>", "id <decode: mismatch for [%s] got [Int]>",
        "one and <decode: missing data>",
      ])
  }

  @Test(arguments: [
    Case(format: "%@", arguments: [42], line: "<decode: mismatch for [%@] got [Int]>"),
    Case(format: "id %s!", arguments: [42], line: "id <decode: mismatch for [%s] got [Int]>!"),
    Case(
      format: "%{public}@ (%d bytes)", arguments: [7, "a.jpg"],
      line:
        "<decode: mismatch for [%{public}@] got [Int]> (<decode: mismatch for [%d] got [String]> bytes)"
    ),
    Case(format: "%.1f%%", arguments: [3], line: "<decode: mismatch for [%.1f] got [Int]>%"),
    Case(format: "%x", arguments: [2.5], line: "<decode: mismatch for [%x] got [Double]>"),
    Case(format: "%p", arguments: ["x"], line: "<decode: mismatch for [%p] got [String]>"),
    Case(format: "%Lf", arguments: [1.5], line: "<decode: mismatch for [%Lf] got [Double]>"),
    Case(format: "%*d", arguments: ["wide", 4], line: "<decode: mismatch for [%*d] got [String]>"),
    Case(format: "%n", arguments: [1], line: "<decode: unsupported format [%n]>"),
  ])
  func aMismatchIsWrittenNotFormatted(_ mismatch: Case) {
    #expect(mismatch.written == mismatch.line)
  }

  @Test(arguments: [
    Case(format: "%@ and %@", arguments: ["one"], line: "one and <decode: missing data>"),
    Case(format: "%d", arguments: [], line: "<decode: missing data>"),
    Case(format: "%2$@", arguments: ["one"], line: "<decode: missing data>"),
  ])
  func aMissingArgumentIsWrittenAsMissing(_ missing: Case) {
    #expect(missing.written == missing.line)
  }

  @Test(arguments: [
    Case(
      format: "%d|%5ld|%-4u|%x|%c", arguments: [-3, 42, 7, 255, 65], line: "-3|   42|7   |ff|A"),
    Case(format: "%.2f %g", arguments: [3.14159, Float(0.5)], line: "3.14 0.5"),
    Case(format: "%@ %@", arguments: ["text", NSString(string: "object")], line: "text object"),
    Case(
      format: "%s|%6s|%-6s|%.2s", arguments: ["ab", "ab", "ab", "abc"], line: "ab|    ab|ab    |ab"),
    Case(format: "%2$@ %1$@", arguments: ["world", "hello"], line: "hello world"),
    Case(format: "%*d|%-*d", arguments: [4, 7, 3, 8], line: "   7|8  "),
    Case(format: "100%% %{public}s", arguments: ["sure"], line: "100% sure"),
    Case(format: "%k stays", arguments: [], line: "%k stays"),
  ])
  func matchingArgumentsAreFormatted(_ matching: Case) {
    #expect(matching.written == matching.line)
  }

  /// Random formats of every conversion, flag, width and length, with random arguments of
  /// every kind: each line is written, none ends the process.
  @Test func anyFormatWithAnyArgumentsIsWritten() {
    let pieces = [
      "%", "%%", "@", "s", "S", "d", "i", "u", "x", "c", "C", "f", "g", "e", "a", "p", "n", "k",
      "l", "ll", "h", "hh", "L", "q", "z", "*", ".", "1$", "2$", "9$", "{public}", "-", "0", "12",
      " text ",
    ]
    var state: UInt64 = 45
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    "c string".withCString { pointer in
      let values: [any CVarArg] = [
        42, -7, Int8(-1), UInt64.max, 2.5, Float(1), "text", NSString(string: "object"), pointer,
        UnsafePointer<Double>(OpaquePointer(pointer)), OpaquePointer(pointer), true,
      ]
      for _ in 0..<3_000 {
        let format = (0..<random(8)).map { _ in pieces[random(pieces.count)] }.joined()
        let args = (0..<random(4)).map { _ in values[random(values.count)] }
        let line = LogFormat.render("%" + format, args)
        #expect(line.count < 100_000, "\(format)")
      }
    }
  }

  @Test func aCStringPointerIsReadForPercentS() {
    let lines = captured {
      "from C".withCString { pointer in
        os_log("%s and %.4s", log: log, type: .info, pointer, pointer)
      }
    }
    #expect(lines.map(\.console) == ["from C and from"])
  }
}
