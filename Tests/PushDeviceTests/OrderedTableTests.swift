import Testing

@testable import PushDevice

/// The device's records and notifications keep arrival order and read back by id after any
/// mix of stores, replacements, changes and removals.
@Suite struct OrderedTableTests {
  @Test func keepsFirstArrivalOrderAndReplacesInPlace() {
    var table = OrderedTable<Int>()
    table["b"] = 1
    table["a"] = 2
    #expect(table.updateValue(3, forKey: "b") == 1)
    #expect(table.updateValue(4, forKey: "c") == nil)
    #expect(table.ids == ["b", "a", "c"])
    #expect(table.ordered == [3, 2, 4])
    table["a"]? += 10
    table.update("c") { $0 *= 2 }
    table.update("missing") { $0 = 99 }
    #expect(table["a"] == 12)
    #expect(table["c"] == 8)
    #expect(table["missing"] == nil)
  }

  @Test func removingReindexesTheLaterValues() {
    var table = OrderedTable<String>()
    for id in ["p1", "p2", "p3", "p4"] { table[id] = id.uppercased() }
    table["p2"] = nil
    #expect(table.ids == ["p1", "p3", "p4"])
    #expect(table["p2"] == nil)
    #expect(table["p3"] == "P3")
    #expect(table["p4"] == "P4")
    table["p2"] = "again"
    #expect(table.ids == ["p1", "p3", "p4", "p2"])
    #expect(table["p2"] == "again")
  }

  /// The id last stored is found without its table; a removal before it moves it, and it is
  /// still found where it went.
  @Test func theLatestIdFollowsRemovals() {
    var table = OrderedTable<String>()
    for id in ["p1", "p2", "p3"] { table[id] = id }
    table.update("p3") { $0 += "!" }
    #expect(table["p3"] == "p3!")
    table["p1"] = nil
    #expect(table["p3"] == "p3!")
    table.update("p3") { $0 += "?" }
    #expect(table.ordered == ["p2", "p3!?"])
    table["p3"] = nil
    #expect(table["p3"] == nil)
    #expect(table.ids == ["p2"])
    table.update("p3") { $0 = "never" }
    #expect(table.ordered == ["p2"])
  }
}
