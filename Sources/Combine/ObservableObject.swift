import Foundation
internal import PushSimHosting

/// A type of object with a publisher that emits before the object changes.
///
/// A class that declares no ``objectWillChange`` of its own gets one
/// (``ObservableObjectPublisher``) that emits before any of its `@Published` properties changes,
/// as on Apple platforms: the first time it is read, it is found by reflection (`Mirror`) over
/// the object's `@Published` properties, its superclasses' included, and installed in each of
/// them; each property's setter then sends it. An object without `@Published` properties gets a
/// new publisher each time, which never emits.
public protocol ObservableObject: AnyObject {
  /// The type of the publisher that emits before the object changes.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// A publisher that emits before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// A publisher that emits before any `@Published` property of the object changes.
  public var objectWillChange: ObservableObjectPublisher {
    ObservableObjectPublisher.installed(in: self)
  }
}

/// The publisher of an observable object's changes: it sends `Void` before each change.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  /// A `Void` for each change.
  public typealias Output = Void
  /// It cannot fail.
  public typealias Failure = Never

  private let core = SubjectCore<Void, Never>()

  /// A publisher with no subscribers.
  public init() {}

  /// Attaches `subscriber`.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    core.subscribe(subscriber)
  }

  /// Tells the subscribers that the object is about to change.
  public func send() { core.send(()) }

  /// Serializes installing a publisher in an object's properties.
  private static let installLock = NSLock()

  /// The publisher installed in `object`'s `@Published` properties, installing one if none is.
  static func installed(in object: AnyObject) -> ObservableObjectPublisher {
    var boxes: [any PublishedStorage] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        if let storage = child.value as? any PublishedStorage { boxes.append(storage) }
      }
      mirror = current.superclassMirror
    }
    guard !boxes.isEmpty else { return ObservableObjectPublisher() }
    installLock.lock()
    defer { installLock.unlock() }
    let publisher = boxes.lazy.compactMap(\.objectWillChange).first ?? ObservableObjectPublisher()
    for box in boxes where box.objectWillChange !== publisher { box.objectWillChange = publisher }
    return publisher
  }
}

/// What `ObservableObject`'s reflection finds of a `@Published` property.
protocol PublishedStorage {
  /// The publisher the property's setter sends before a change.
  var objectWillChange: ObservableObjectPublisher? { get nonmutating set }
}

/// A `@Published` property's state: its value, its subscribers, the object's publisher.
final class PublishedBox<Value>: @unchecked Sendable {
  let storage: LockedValue<Value>
  let core: SubjectCore<Value, Never>
  let willChange = LockedValue<ObservableObjectPublisher?>(nil)
  /// The subscription of ``Publisher/assign(to:)``, which lasts as long as the property.
  let assigned = LockedValue<AnyCancellable?>(nil)

  init(_ value: Value) {
    let storage = LockedValue(value)
    self.storage = storage
    core = SubjectCore(current: { storage.value })
  }

  /// Sets the value: the object's publisher first, then the property's subscribers receive the
  /// new value, then it is stored (Apple's order: subscribers see it in `willSet`).
  func set(_ value: Value) {
    willChange.value?.send()
    core.send(value)
    storage.value = value
  }
}

/// A property of a class whose changes are published: `$property` is the publisher (it sends the
/// current value, then each new one), and an ``ObservableObject`` announces each change through
/// `objectWillChange`.
///
/// As on Apple platforms, subscribers receive a new value before the property holds it (in its
/// `willSet`), and `@Published` works only on properties of classes.
@propertyWrapper
public struct Published<Value> {
  var box: PublishedBox<Value>

  /// A published property whose initial value is `wrappedValue`.
  public init(wrappedValue: Value) { box = PublishedBox(wrappedValue) }

  /// A published property whose initial value is `initialValue`.
  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  /// Not available: `@Published` is for properties of classes, which reach the value through the
  /// enclosing instance.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  /// The property's publisher (`$property`).
  public var projectedValue: Publisher {
    mutating get { Publisher(box: box) }
    set { box = newValue.box }
  }

  /// The property's value, read and written through the object that holds it: a write sends the
  /// object's `objectWillChange`, then the new value to the property's subscribers.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].box.storage.value }
    set { object[keyPath: storageKeyPath].box.set(newValue) }
  }

  /// The publisher of a `@Published` property: the current value, then each new value.
  public struct Publisher: Combine.Publisher {
    /// The property's values.
    public typealias Output = Value
    /// It cannot fail.
    public typealias Failure = Never

    let box: PublishedBox<Value>

    /// Attaches `subscriber`: it receives the current value, then each new one.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      box.core.subscribe(subscriber)
    }
  }
}

extension Published: PublishedStorage {
  var objectWillChange: ObservableObjectPublisher? {
    get { box.willChange.value }
    nonmutating set { box.willChange.value = newValue }
  }
}

extension Published: @unchecked Sendable where Value: Sendable {}

extension Publisher where Failure == Never {
  /// Assigns each value to the `@Published` property whose publisher is `published`
  /// (`assign(to: &$property)`); the subscription lasts as long as the property, and each
  /// assignment announces the change as a write would.
  public func assign(to published: inout Published<Output>.Publisher) {
    let box = Weak(published.box)
    let sink = Subscribers.Sink<Output, Never>(
      receiveCompletion: { _ in }, receiveValue: { box.value?.set($0) })
    published.box.assigned.value = AnyCancellable(sink)
    subscribe(sink)
  }
}
