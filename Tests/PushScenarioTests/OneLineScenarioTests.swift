import Foundation
import Testing

@testable import PushScenario

/// A scenario written on one line (as `json.dump` writes it) decodes to the same steps, with
/// the same positions, as a pretty-printed one: positions are byte offsets resolved only when a
/// message or a report needs them.
@Suite struct OneLineScenarioTests {
  /// A one-line scenario of `pushes` pushes (non-ASCII text in every body, so columns and bytes
  /// differ), each followed by an `expect`, and the 1-based column where each step starts.
  static func oneLine(pushes: Int, lastStep: String? = nil) -> (text: String, columns: [Int]) {
    var text = #"{"name": "one line", "steps": ["#
    var columns: [Int] = []
    var steps: [String] = []
    for index in 0..<pushes {
      steps.append(
        #"{"push": {"id": "p\#(index)", "payload": {"aps": {"alert": "¿Cómo estás? №\#(index) 🙂"}}}}"#
      )
      steps.append(#"{"expect": {"push": {"p\#(index)": {"status": "delivered"}}}}"#)
    }
    if let lastStep { steps.append(lastStep) }
    for (index, step) in steps.enumerated() {
      if index > 0 { text += ", " }
      columns.append(text.unicodeScalars.count + 1)
      text += step
    }
    text += "]}"
    return (text, columns)
  }

  @Test func everyStepOfAOneLineScenarioHasItsColumn() throws {
    let (text, columns) = Self.oneLine(pushes: 3000)
    #expect(!text.contains("\n"))
    let scenario = try decodeScenario(text)
    #expect(scenario.steps.count == 6000)
    #expect(scenario.pushIDs.count == 3000)
    let locations = scenario.steps.map(\.location)
    #expect(locations.allSatisfy { $0.line == 1 && $0.file == "x.json" })
    #expect(locations.map(\.column) == columns)
    guard case .push(let last) = scenario.steps[5998].action else {
      Issue.record("step 5999 is not a push")
      return
    }
    #expect(last.id == "p2999")
    #expect(
      String(decoding: last.body, as: UTF8.self)
        == #"{"aps":{"alert":"¿Cómo estás? №2999 🙂"}}"#)
  }

  @Test func anErrorAtTheEndOfALongLineNamesItsColumnAndTheFirstUse() throws {
    let duplicate = #"{"push": {"id": "p7", "payload": {}}}"#
    let (text, columns) = Self.oneLine(pushes: 2000, lastStep: duplicate)
    let message = try #require(decodingError(text))
    // The duplicate's id value is 16 scalars into its step; the first "p7" push (step 15)
    // is its push object, 9 scalars into the step.
    #expect(
      message
        == "x.json:1:\(columns[4000] + 16): error: duplicate push id \"p7\"; first used at x.json:1:\(columns[14] + 9)"
    )
  }

  @Test func positionsMatchAScanFromTheLineStart() {
    var text = ""
    for index in 0..<400 {
      text += index % 7 == 0 ? "\n" : "é😀a\(index)ß"
    }
    let bytes = Array(text.utf8)
    let source = SourceFile(path: "x", url: URL(fileURLWithPath: "/x"), bytes: bytes)
    var line = 1
    var column = 1
    for offset in 0...bytes.count {
      let position = source.position(ofByte: offset)
      #expect(position.line == line && position.column == column, "byte \(offset)")
      guard offset < bytes.count else { break }
      if bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[offset] & 0xC0 != 0x80 {
        column += 1
      }
    }
  }
}
