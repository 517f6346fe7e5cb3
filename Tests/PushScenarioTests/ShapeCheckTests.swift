import Foundation
import PushPayload
import PushSimTestSupport
import Testing

@testable import PushScenario

/// The one-pass shape check (`Shape.accepts`, what decoding runs first) against the node-by-node
/// one (`Node.checkInDetail`, which finds the message): over random `expect` objects, mostly
/// fitting and each with a chance of every kind of misfit, the first accepts a value exactly
/// when the second finds nothing wrong with it.
@Suite struct ShapeCheckTests {
  @Test func theOnePassCheckAgreesWithTheDetailedOne() throws {
    var random = SeededGenerator(seed: 20_261_203)
    let context = ShapeContext(knownPushes: ["m1": 0, "m2": 40])
    var fitting = 0
    let count = 3_000
    for _ in 0..<count {
      let text = Self.value(for: Schemas.expect, depth: 0, using: &random)
      let bytes = Array(text.utf8)
      let root = try JSONDocument(parsing: bytes).root
      let node = Node(
        root: root,
        source: SourceFile(path: "x.json", url: URL(fileURLWithPath: "/x.json"), bytes: bytes))
      let accepted = Schemas.expect.accepts(root, context: context)
      var misfit: ScenarioError?
      do { try node.checkInDetail(Schemas.expect, context: context) } catch { misfit = error }
      #expect(accepted == (misfit == nil), "\(text): \(misfit?.description ?? "fits")")
      if accepted { fitting += 1 }
    }
    // Both answers come up often, so both paths are exercised.
    #expect(fitting > count / 10)
    #expect(fitting < count * 9 / 10)
  }

  /// JSON text for `shape`: a value that fits, or (one time in twelve at each value) one that
  /// does not in a way this shape can be wrong.
  static func value(for shape: Shape, depth: Int, using random: inout SeededGenerator) -> String {
    let wrong = random.below(12) == 0
    switch shape {
    case .any: return ["null", #"{"k": [1, "x"]}"#, "2.5"][random.below(3)]
    case .string: return wrong ? "1" : #""text""#
    case .bool: return wrong ? #""yes""# : "true"
    case .int: return wrong ? ["1.5", #""3""#][random.below(2)] : "3"
    case .number: return wrong ? #""high""# : "0.5"
    case .duration: return wrong ? #""soon""# : #""5s""#
    case .instant: return wrong ? #""yesterday""# : #""2026-01-01T09:00:00Z""#
    case .dailyTime: return wrong ? #""8am""# : #""08:00""#
    case .oneOf(let allowed):
      return wrong ? #""nope""# : "\"\(allowed[random.below(allowed.count)])\""
    case .pushID: return wrong ? #""m9""# : ["\"m1\"", "\"m2\""][random.below(2)]
    case .array(let element):
      if wrong { return "{}" }
      let items = (0..<random.below(3)).map { _ in
        value(for: element, depth: depth + 1, using: &random)
      }
      return "[" + items.joined(separator: ", ") + "]"
    case .object(let fields), .openObject(let fields):
      if wrong, random.below(3) == 0 { return "[]" }
      var members = (0..<random.below(depth == 0 ? 4 : 3)).map { _ in
        let (key, field) = fields[random.below(fields.count)]
        return (key, value(for: field, depth: depth + 1, using: &random))
      }
      if wrong, random.below(2) == 0 {
        members.append(("zz", "1"))  // unknown: a misfit unless the object is open
      }
      return object(members, duplicating: wrong)
    case .map(let element):
      if wrong, random.below(3) == 0 { return "3" }
      let members = ["a", "b"].prefix(random.below(3)).map { key in
        (key, value(for: element, depth: depth + 1, using: &random))
      }
      return object(members, duplicating: wrong)
    case .pushMap(let element):
      let keys = wrong ? ["m1", "m9"] : ["m1", "m2"]
      let members = keys.prefix(1 + random.below(2)).map { key in
        (key, value(for: element, depth: depth + 1, using: &random))
      }
      return object(members, duplicating: false)
    case .nullable(let inner):
      return random.below(3) == 0 ? "null" : value(for: inner, depth: depth, using: &random)
    case .either(let shapes):
      return value(for: shapes[random.below(shapes.count)], depth: depth, using: &random)
    }
  }

  /// An object of `members`, its first member written twice when `duplicating`.
  static func object(_ members: [(String, String)], duplicating: Bool) -> String {
    var members = members
    if duplicating, let first = members.first { members.append(first) }
    return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }
}
