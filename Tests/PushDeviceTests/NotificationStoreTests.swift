import Foundation
import PushSimTestSupport
import Testing

@testable import PushDevice

/// The center's store against a plain list of its entries in arrival order, over long runs of
/// inserts, replacements and removals (its array is compacted many times on the way).
@Suite struct NotificationStoreTests {
  typealias Generator = SeededGenerator

  static func entry(
    push: String, identifier: String, thread: String, sequence: Int, argument: String = ""
  ) -> DeliveredNotification {
    var content = NotificationContent(title: push, threadIdentifier: thread)
    content.summaryArgument = argument
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
        // A few senders, and none now and then (`summary-arg` absent).
        let sender = random.below(5)
        let entry = Self.entry(
          push: "p\(sequence)", identifier: "id\(random.below(300))",
          thread: "t\(random.below(7))", sequence: sequence,
          argument: sender == 0 ? "" : "s\(sender)")
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
      if sequence % 5 == 0 { Self.expectTopAgrees(store, model) }
    }
    Self.expectTopAgrees(store, model)
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

  /// What the top of the center reads (first groups, group count, summary arguments) against
  /// the groups listed in full, for every grouping setting.
  static func expectTopAgrees(_ store: NotificationStore, _ model: [DeliveredNotification]) {
    for grouping in [AppNotificationSettings.Grouping.automatic, .byApp, .off] {
      let groups = store.groups(grouping)
      #expect(store.groupCount(grouping) == groups.count)
      for limit in [1, 4, groups.count + 1] {
        let top = store.firstGroups(grouping, limit: limit)
        #expect(top.map(\.thread) == groups.prefix(limit).map(\.thread))
        #expect(top.map(\.leading.push) == groups.prefix(limit).compactMap(\.entries.first?.push))
        #expect(top.map(\.count) == groups.prefix(limit).map(\.entries.count))
      }
      guard grouping != .off else { continue }
      for group in groups {
        var seen = Set<String>()
        let expected = group.entries.map(\.content.summaryArgument).filter {
          !$0.isEmpty && seen.insert($0).inserted
        }
        #expect(store.summaryArguments(ofGroup: group.thread, grouping) == expected)
      }
    }
    #expect(store.groups(.automatic).count == Set(model.map(\.content.threadIdentifier)).count)
  }
}

/// ``SlotSet`` against a `Set<Int>`: members listed from the largest down, over inserts and
/// removals spread across many words.
@Suite struct SlotSetTests {
  @Test(arguments: [1, 2, 3])
  func listsMembersLargestFirst(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var set = SlotSet()
    var model = Set<Int>()
    for round in 0..<6_000 {
      // Mostly small slots, some far out (empty words and summary words between).
      let slot = random.below(10) == 0 ? random.below(300_000) : random.below(5_000)
      if random.below(3) == 0 {
        set.remove(slot)
        model.remove(slot)
      } else {
        set.insert(slot)
        model.insert(slot)
      }
      guard round % 500 == 0 else { continue }
      var listed: [Int] = []
      set.forEachDescending { slot in
        listed.append(slot)
        return true
      }
      #expect(listed == model.sorted(by: >))
      var firstThree: [Int] = []
      set.forEachDescending { slot in
        firstThree.append(slot)
        return firstThree.count < 3
      }
      #expect(firstThree == Array(model.sorted(by: >).prefix(3)))
    }
    // A slot that cannot be a member is not removed from anything.
    set.remove(-1)
    var listed: [Int] = []
    set.forEachDescending { slot in
      listed.append(slot)
      return true
    }
    #expect(listed == model.sorted(by: >))
  }
}
