import Testing
import UserNotifications

/// The shape Swift 6 apps give their app delegate: main-actor isolated, registering itself as the
/// center's delegate, with `nonisolated` delegate methods as Apple's SDK requires.
@MainActor
private final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
  private(set) var registered = false

  func register(with center: UNUserNotificationCenter) {
    center.delegate = self
    registered = true
  }

  nonisolated func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions {
    [.banner, .list, .sound]
  }
}

@Suite("A main-actor app delegate")
struct MainActorDelegateTests {
  @Test("registers itself and answers willPresent through the completion form")
  @MainActor
  func mainActorDelegate() async {
    let (center, _) = makeCenter()
    let delegate = AppDelegate()
    delegate.register(with: center)
    #expect(delegate.registered && center.delegate === delegate)
    let content = UNMutableNotificationContent()
    content.title = "Hi"
    let notification = UNNotification(
      request: UNNotificationRequest(identifier: "n", content: content, trigger: nil),
      date: startOfScenario)
    let options = await withCheckedContinuation { continuation in
      center.delegate?.userNotificationCenter(center, willPresent: notification) {
        continuation.resume(returning: $0)
      }
    }
    #expect(options == [.banner, .list, .sound])
  }
}
