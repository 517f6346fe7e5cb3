import Foundation
import PushPayload
import PushSimTestSupport
import Testing

/// Our reader against Foundation's `JSONSerialization` on the same inputs: valid texts must read
/// to the same values, and mutated texts must be accepted or rejected alike, except where
/// Foundation departs from RFC 8259 (it accepts trailing commas and a byte order mark).
@Suite struct JSONDifferentialTests {
  typealias Generator = SeededGenerator

  static let pieces = [
    "\"aps\"", "\"alert\"", "\"é\"", "\"Здраво\"", #""\u00e9\n""#, #""\ud83d\ude00""#, "0", "-1",
    "3.25", "1e5", "-0.5E-3", "true", "false", "null", "\"\"", "12345678901234567890",
  ]

  static func randomJSON(_ generator: inout Generator, depth: Int = 0) -> String {
    let choice = depth > 4 ? generator.below(4) : generator.below(7)
    switch choice {
    case 0...3:
      return pieces[generator.below(pieces.count)]
    case 4, 5:
      let count = generator.below(5)
      let members = (0..<count).map { index in
        "\"k\(generator.below(6))\"" + (generator.below(3) == 0 ? " : " : ":")
          + randomJSON(&generator, depth: depth + 1)
      }
      return "{" + members.joined(separator: generator.below(2) == 0 ? "," : ",\n ") + "}"
    default:
      let count = generator.below(5)
      let elements = (0..<count).map { _ in randomJSON(&generator, depth: depth + 1) }
      return "[" + elements.joined(separator: ", ") + "]"
    }
  }

  /// A canonical text for Foundation values and ours, to compare them.
  static func canonical(_ value: Any?) -> String {
    switch value {
    case nil, is NSNull: return "null"
    case let dictionary as [AnyHashable: Any]:
      let members = dictionary.map { "\($0.key)=\(canonical($0.value))" }.sorted()
      return "{" + members.joined(separator: ",") + "}"
    case let dictionary as NSDictionary:
      var members: [String] = []
      for (key, value) in dictionary { members.append("\(key)=\(canonical(value))") }
      return "{" + members.sorted().joined(separator: ",") + "}"
    case let array as [Any]:
      return "[" + array.map { canonical($0) }.joined(separator: ",") + "]"
    // Booleans compare as 1 and 0: Foundation on Linux gives them as NSNumber.
    case let bool as Bool: return bool ? "n1" : "n0"
    case let number as NSNumber: return Self.number(number.doubleValue)
    case let int as Int: return Self.number(Double(int))
    case let double as Double: return Self.number(double)
    case let string as String: return "s" + string
    default:
      if let optional = value as Any?, "\(optional)" == "nil" { return "null" }
      return "?\(String(describing: value))"
    }
  }

  /// Numbers to 12 significant digits: Foundation's own number reading is not correctly
  /// rounded in the last digits (ours uses Swift's `Double(_:)`), and it drops the sign of -0.
  static func number(_ value: Double) -> String {
    "n" + String(format: "%.12g", value == 0 ? 0 : value)
  }

  static func foundation(_ bytes: [UInt8]) -> Any?? {
    (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
      .map { Optional($0) }
  }

  @Test func validTextsReadToTheSameValues() throws {
    var generator = Generator(seed: 2026)
    for _ in 0..<2_000 {
      let text = Self.randomJSON(&generator)
      let bytes = Array(text.utf8)
      let theirs = try #require(Self.foundation(bytes), "Foundation rejected \(text)")
      let ours = try JSONDocument(parsing: bytes)
      #expect(Self.canonical(ours.root.foundationValue) == Self.canonical(theirs), "\(text)")
    }
  }

  @Test func mutatedTextsAreAcceptedOrRejectedAlike() {
    var generator = Generator(seed: 8259)
    let inserts: [UInt8] = Array(",:[]{}\"\\ \n0-.eE+tfnu".utf8) + [0x01, 0x7F, 0xC3, 0xA9, 0xFF]
    var compared = 0
    for _ in 0..<20_000 {
      var bytes = Array(Self.randomJSON(&generator).utf8)
      for _ in 0...generator.below(2) {
        let position = generator.below(bytes.count + 1)
        switch generator.below(4) {
        case 0 where position < bytes.count: bytes.remove(at: position)
        case 1: bytes.insert(inserts[generator.below(inserts.count)], at: position)
        case 2 where position < bytes.count:
          bytes[position] = inserts[generator.below(inserts.count)]
        default: bytes = Array(bytes.prefix(position))
        }
      }
      let theirs = Self.foundation(bytes)
      let ours: JSONDocument?
      var ourError: JSONSyntaxError?
      do {
        ours = try JSONDocument(parsing: bytes)
      } catch {
        ours = nil
        ourError = error
      }
      if let ourError, theirs != nil, ourError.message.hasPrefix("trailing comma") { continue }
      compared += 1
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(
        (ours != nil) == (theirs != nil),
        "differ on \(text.debugDescription): \(ourError.map { "\($0)" } ?? "accepted")")
      if let ours, let theirs {
        #expect(Self.canonical(ours.root.foundationValue) == Self.canonical(theirs), "\(text)")
      }
    }
    #expect(compared > 15_000)
  }
}
