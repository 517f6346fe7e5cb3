import Testing

@testable import PushCore

/// A new key is stored; a key already there keeps its value, which is returned.
@Suite struct InsertIfAbsentTests {
  @Test func storesNewKeysAndKeepsExistingOnes() {
    var table: [String: Int] = ["p1": 10]
    #expect(table.insertIfAbsent(20, forKey: "p2") == nil)
    #expect(table.insertIfAbsent(30, forKey: "p1") == 10)
    #expect(table.insertIfAbsent(40, forKey: "p2") == 20)
    #expect(table == ["p1": 10, "p2": 20])
  }
}
