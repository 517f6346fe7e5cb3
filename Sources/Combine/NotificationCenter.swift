import Foundation
internal import PushSimHosting

extension NotificationCenter {
  /// A publisher of the notifications a center posts with a name (and, if given, an object):
  /// `NotificationCenter.default.publisher(for: name)`.
  public struct Publisher: Combine.Publisher {
    /// The notifications.
    public typealias Output = Notification
    /// It cannot fail.
    public typealias Failure = Never

    /// The center observed.
    public let center: NotificationCenter
    /// The name observed.
    public let name: Notification.Name
    /// The object observed, or `nil` for any.
    public let object: AnyObject?

    /// A publisher of `center`'s notifications named `name` from `object` (any when `nil`).
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    /// Attaches `subscriber`: the center is observed from its first request until it cancels;
    /// a notification posted while it has no demand is dropped.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Notification, S.Failure == Never {
      let observer = LockedValue<(any NSObjectProtocol)?>(nil)
      let center = Unchecked(self.center)
      let name = self.name
      let object = Unchecked(self.object)
      let outlet = LockedValue<Outlet<Notification, Never>?>(nil)
      let made = Outlet<Notification, Never>(
        AnySubscriber(subscriber), mode: .dropWithoutDemand,
        onRequest: { _ in
          let shouldObserve = observer.withLock { $0 == nil }
          guard shouldObserve else { return }
          let token = center.value.addObserver(
            forName: name, object: object.value, queue: nil
          ) { notification in
            outlet.value?.offer(notification)
          }
          let extra = observer.withLock { current -> (any NSObjectProtocol)? in
            guard current == nil else { return token }
            current = token
            return nil
          }
          if let extra { center.value.removeObserver(extra) }
        },
        onCancel: {
          outlet.value = nil
          if let token = observer.withLock({ current -> (any NSObjectProtocol)? in
            defer { current = nil }
            return current
          }) {
            center.value.removeObserver(token)
          }
        })
      outlet.value = made
      subscriber.receive(subscription: made)
    }
  }

  /// A publisher of the notifications named `name` (from `object`, or any when `nil`).
  public func publisher(for name: Notification.Name, object: AnyObject? = nil)
    -> NotificationCenter.Publisher
  {
    NotificationCenter.Publisher(center: self, name: name, object: object)
  }
}
