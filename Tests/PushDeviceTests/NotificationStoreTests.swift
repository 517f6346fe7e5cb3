import Foundation
import PushSimTestSupport
import Testing

@testable import PushDevice

/// The center's store against a plain list of its entries in arrival order, over long runs of
/// inserts, replacements and removals (its array is compacted many times on the way).
@Suite struct NotificationStoreTests {
  typealias Generator = SeededGenerator

  static func entry(push: String, identifier: String, thread: String, sequence: Int)
    -> DeliveredNotification
  {
    let content = NotificationContent(title: push, threadIdentifier: thread)
    return DeliveredNotification(
      push: push,
      request: NotificationRequest(
        identifier: identifier, content: content, date: Date(timeIntervalSince1970: 0)),
      presentation: .listOnly, date: Date(timeIntervalSince1970: Double(sequence)),
      sequence: sequence)
  }

  /// What the store should list: `model` newest first, grouped by thread as Rules.md §4 says.
  static func expectedGroups(_ model: [DeliveredNotification]) -> [(String, [String])] {
    var order: [String] = []
    var members: [String: [String]] = [:]
    for entry in model.reversed() {
      let thread = entry.content.threadIdentifier
      if members[thread] == nil { order.append(thread) }
      members[thread, default: []].append(entry.push)
    }
    return order.map { ($0, members[$0] ?? []) }
  }

  @Test(arguments: [1, 2, 3])
  func agreesWithAPlainListThroughCompactions(seed: UInt64) {
    var random = Generator(seed: seed)
    var store = NotificationStore()
    var model: [DeliveredNotification] = []
    for sequence in 0..<4_000 {
      switch random.below(10) {
      case 0..<5:
        // Identifiers repeat now and then (a collapse id replaces its notification).
        let entry = Self.entry(
          push: "p\(sequence)", identifier: "id\(random.below(300))",
          thread: "t\(random.below(7))", sequence: sequence)
        let replaced = store.insert(entry)
        let index = model.firstIndex { $0.request.identifier == entry.request.identifier }
        #expect(replaced == index.map { model[$0] })
        if let index { model.remove(at: index) }
        model.append(entry)
      case 5..<8:
        guard !model.isEmpty else { continue }
        let victim = model[random.below(model.count)]
        #expect(store.remove(push: victim.push) == victim)
        model.removeAll { $0.push == victim.push }
      default:
        guard !model.isEmpty else { continue }
        let victim = model[random.below(model.count)]
        #expect(store.remove(identifier: victim.request.identifier) == victim)
        model.removeAll { $0.push == victim.push }
      }
      #expect(store.count == model.count)
    }
    #expect(store.newestFirst() == model.reversed())
    for entry in model {
      #expect(store.entry(push: entry.push) == entry)
      #expect(store.entry(identifier: entry.request.identifier) == entry)
    }
    #expect(store.entry(push: "p-none") == nil)
    let groups = store.groups(.automatic).map { ($0.thread, $0.entries.map(\.push)) }
    let expected = Self.expectedGroups(model)
    #expect(groups.map(\.0) == expected.map(\.0))
    #expect(groups.map(\.1) == expected.map(\.1))
    for thread in Set(model.map(\.content.threadIdentifier)) {
      #expect(
        store.count(thread: thread) == model.filter { $0.content.threadIdentifier == thread }.count)
    }
    #expect(store.removeAll() == model.reversed())
    #expect(store.count == 0)
    #expect(store.newestFirst().isEmpty)
  }
}
