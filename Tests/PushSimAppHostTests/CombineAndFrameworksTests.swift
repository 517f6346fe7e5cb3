// This file imports Combine beside UserNotifications (which names `ObservableObject` and
// `Published` as Apple's Foundation does): the names are not ambiguous.
import Combine
import Testing
import UserNotifications

@Suite struct CombineAndFrameworksTests {
  final class BadgeModel: ObservableObject {
    @Published var badge = 0
  }

  @Test func combineAndAFrameworkTogetherNameOneObservableObject() {
    let model = BadgeModel()
    var seen: [Int] = []
    let subscription: AnyCancellable = model.$badge.sink { seen.append($0) }
    model.badge = 3
    #expect(seen == [0, 3])
    subscription.cancel()
  }
}
