// This file imports ActivityKit, not Combine: as with Apple's Foundation, which frameworks bring,
// `ObservableObject` and `@Published` are found (a Live Activity service in a real app is
// written this way).
import ActivityKit
import Testing

@Suite struct FoundationObservableObjectTests {
  final class LiveActivityService: ObservableObject {
    @Published var isActivityActive = false
    @Published var pushToken: Data?
  }

  @Test func anObservableObjectInAFileWithoutCombinePublishesItsChanges() {
    let service = LiveActivityService()
    var changes = 0
    let subscription = service.objectWillChange.sink { changes += 1 }
    var tokens: [Data?] = []
    let tokenSubscription = service.$pushToken.sink { tokens.append($0) }
    service.isActivityActive = true
    service.pushToken = Data([1, 2])
    #expect(changes == 2)
    #expect(tokens == [nil, Data([1, 2])])
    subscription.cancel()
    tokenSubscription.cancel()
  }
}
