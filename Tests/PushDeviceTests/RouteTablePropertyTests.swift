import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Testing

/// Random payloads against random tables, from a fixed seed (deterministic): every decision
/// keeps the table's promises, and nothing traps.
@Suite struct RouteTablePropertyTests {
  typealias Generator = SeededGenerator

  static let keys = ["chat-id", "message-type", "aps.thread-id", "aps.badge", "link", "id", "n"]
  static let categories = ["message", "product", ""]
  static let actions = [
    NotificationResponse.defaultActionIdentifier, NotificationResponse.dismissActionIdentifier,
    "reply",
  ]

  static func value(_ rng: inout Generator) -> JSONValue {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return JSONValue(.null)
    case 1: return JSONValue(.bool(Bool.random(using: &rng)))
    case 2: return JSONValue(.number(JSONNumber(Int.random(in: -5...5, using: &rng))))
    case 3: return JSONValue(.number(JSONNumber(Double.random(in: -2...2, using: &rng))))
    case 4: return JSONValue(.string("https://example.com/\(Int.random(in: 0...9, using: &rng))"))
    case 5: return "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
    case 6: return ["x"]
    case 7: return ["k": 1]
    default: return JSONValue(.string("s\(Int.random(in: 0...3, using: &rng))"))
    }
  }

  static func payload(_ rng: inout Generator) -> JSONValue {
    var aps = JSONObject()
    let category = categories.randomElement(using: &rng) ?? ""
    if !category.isEmpty {
      aps.append(JSONMember(key: "category", value: .init(.string(category))))
    }
    if Bool.random(using: &rng) { aps.append(JSONMember(key: "thread-id", value: value(&rng))) }
    if Bool.random(using: &rng) { aps.append(JSONMember(key: "badge", value: value(&rng))) }
    var root = JSONObject([JSONMember(key: "aps", value: JSONValue(.object(aps)))])
    for key in keys where !key.hasPrefix("aps.") && Bool.random(using: &rng) {
      root.append(JSONMember(key: key, value: value(&rng)))
    }
    return JSONValue(.object(root))
  }

  static func table(_ rng: inout Generator) -> RouteTable {
    RouteTable(
      (0..<Int.random(in: 0...4, using: &rng)).map { index in
        var when = RouteConfiguration.Condition()
        if Bool.random(using: &rng) { when.category = categories.randomElement(using: &rng) }
        if Bool.random(using: &rng) {
          when.action = ["default", "dismiss", "reply"].randomElement(using: &rng).map {
            RouteConfiguration.ActionCondition($0)
          }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
          when.has = [keys.randomElement(using: &rng) ?? "n"]
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
          when.equals[keys.randomElement(using: &rng) ?? "n"] = value(&rng)
        }
        let params = (0..<Int.random(in: 0...3, using: &rng)).map { offset in
          RouteConfiguration.Parameter(
            "p\(offset)", key: keys.randomElement(using: &rng) ?? "n",
            type: RouteConfiguration.ParameterType.allCases.randomElement(using: &rng) ?? .string,
            required: Bool.random(using: &rng),
            default: Bool.random(using: &rng) ? "fallback" : nil)
        }
        return RouteConfiguration(name: "r\(index)", when: when, params: params)
      })
  }

  @Test func decisionsKeepTheTablesPromises() {
    var rng = Generator(seed: 20_261_130)
    var matched = 0
    var unmatched = 0
    for _ in 0..<3000 {
      let table = Self.table(&rng)
      let payload = Self.payload(&rng)
      let action = Self.actions.randomElement(using: &rng) ?? "reply"
      let request = RoutingFixtures.request(payload)
      let response = NotificationResponse(request: request, actionIdentifier: action)
      let decision = table.route(for: response)
      switch decision {
      case .matched(let route):
        matched += 1
        // The route is the first entry that matches on its own.
        let first = table.routes.first { $0.route(for: response).route != nil }
        #expect(first?.name == route.name)
        guard let entry = first else { continue }
        for parameter in entry.params {
          let value = route.params[parameter.name]
          if parameter.required {
            #expect(value?.type == parameter.type, "required \(parameter.key) reads as its type")
          } else if value == nil {
            #expect(parameter.default == nil)
          }
        }
        #expect(Set(route.params.keys).isSubset(of: Set(entry.params.map(\.name))))
      case .unmatched(let mismatch):
        unmatched += 1
        #expect(table.routes.allSatisfy { $0.route(for: response).route == nil })
        if table.routes.isEmpty {
          #expect(mismatch.failure == .noRoutes)
        } else {
          #expect(table.routes.contains { $0.name == mismatch.route })
        }
        #expect(!mismatch.reason.isEmpty)
      }
    }
    // The generator reaches both outcomes often enough for the checks to mean something.
    #expect(matched > 300)
    #expect(unmatched > 300)
  }
}
