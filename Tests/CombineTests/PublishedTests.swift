import Combine
import Foundation
import Testing

/// A push SDK's manager, as apps write it: the token and the authorization as published state.
final class PushManager: ObservableObject, @unchecked Sendable {
  @Published var token: Data?
  @Published private(set) var isAuthorized = false
  var tokenString: String? { token.map { $0.map { String(format: "%02x", $0) }.joined() } }

  func didRegister(deviceToken: Data) { token = deviceToken }
  func authorize() { isAuthorized = true }
}

/// A subclass adds published state of its own.
final class ChatPushManager: ObservableObject, @unchecked Sendable {
  @Published var unread = 0
  let base = PushManager()
}

/// The same in Swift 6 style: main-actor isolated.
@MainActor final class MainActorPushManager: ObservableObject {
  @Published var token: Data?
  @Published var badge = 0
}

class BaseStore: ObservableObject {
  @Published var name = "base"
}

final class DerivedStore: BaseStore, @unchecked Sendable {
  @Published var count = 0
}

/// A view model fed by `assign(to: &$property)`.
final class TokenViewModel: ObservableObject, @unchecked Sendable {
  @Published var label = "no token"

  init(manager: PushManager) {
    manager.$token.map { $0.map { "\($0.count) bytes" } ?? "no token" }.assign(to: &$label)
  }
}

@Suite struct PublishedTests {
  @Test func anSDKsTokenIsObservedWithSink() {
    let manager = PushManager()
    let seen = Collected<Data?>()
    let cancellable = manager.$token.sink { seen.append($0) }
    manager.didRegister(deviceToken: Data([0xAB, 0xCD]))
    manager.token = Data([1])
    #expect(seen.values == [nil, Data([0xAB, 0xCD]), Data([1])])
    #expect(manager.tokenString == "01")
    cancellable.cancel()
    manager.token = nil
    #expect(seen.values.count == 3)
  }

  @Test func subscribersSeeTheNewValueBeforeThePropertyHoldsIt() {
    let manager = PushManager()
    let during = Collected<(published: Data?, stored: Data?)>()
    let cancellable = manager.$token.dropFirst().sink { during.append(($0, manager.token)) }
    manager.token = Data([7])
    #expect(during.values.first?.published == Data([7]))
    #expect(during.values.first?.stored == nil)
    #expect(manager.token == Data([7]))
    _ = cancellable
  }

  @Test func objectWillChangeFiresBeforeEachChange() {
    let manager = PushManager()
    let before = Collected<Bool>()
    let cancellable = manager.objectWillChange.sink { before.append(manager.isAuthorized) }
    manager.authorize()
    manager.token = Data([1])
    // Emitted twice, each time before the change: the old value was still there.
    #expect(before.values == [false, true])
    #expect(manager.objectWillChange === manager.objectWillChange)
    _ = cancellable
  }

  @Test func superclassPropertiesShareTheObjectsPublisher() {
    let store = DerivedStore()
    let count = Collected<Void>()
    let cancellable = store.objectWillChange.sink { count.append(()) }
    store.name = "renamed"
    store.count += 1
    #expect(count.values.count == 2)
    _ = cancellable
  }

  @Test func anObjectWithoutPublishedPropertiesNeverEmits() {
    final class Plain: ObservableObject {}
    let plain = Plain()
    let count = Collected<Void>()
    let cancellable = plain.objectWillChange.sink { count.append(()) }
    #expect(count.values.isEmpty)
    _ = cancellable
  }

  @MainActor @Test func aMainActorManagerPublishes() {
    let manager = MainActorPushManager()
    var tokens: [Data?] = []
    var changes = 0
    let token = manager.$token.sink { tokens.append($0) }
    let change = manager.objectWillChange.sink { changes += 1 }
    manager.token = Data([9])
    manager.badge = 3
    #expect(tokens == [nil, Data([9])])
    #expect(changes == 2)
    _ = (token, change)
  }

  @Test func assignToPublishedLastsAsLongAsTheProperty() {
    let manager = PushManager()
    let model = TokenViewModel(manager: manager)
    #expect(model.label == "no token")
    let changes = Collected<Void>()
    let cancellable = model.objectWillChange.sink { changes.append(()) }
    manager.token = Data([1, 2, 3])
    #expect(model.label == "3 bytes")
    #expect(changes.values.count == 1)
    _ = cancellable
  }

  @Test func assignToOnWritesAProperty() {
    final class Label: @unchecked Sendable { var text = "" }
    let label = Label()
    let subject = PassthroughSubject<String, Never>()
    let cancellable = subject.assign(to: \.text, on: label)
    subject.send("hello")
    #expect(label.text == "hello")
    cancellable.cancel()
    subject.send("ignored")
    #expect(label.text == "hello")
  }

  @Test func aNestedManagersChangesReachTheOuterObject() {
    let chat = ChatPushManager()
    let count = Collected<Void>()
    let cancellable = chat.base.objectWillChange.merge(with: chat.objectWillChange).sink {
      count.append(())
    }
    chat.unread = 2
    chat.base.token = Data([1])
    #expect(count.values.count == 2)
    _ = cancellable
  }
}
