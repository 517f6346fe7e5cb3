import Foundation
import PushSimAppHost
import Testing

@testable import UserNotifications

/// A background push handler whose body is the shape apps write in their app delegate.
private final class SyncHandler: RemoteNotificationHandling {
  let synced = LockedList<String>()

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    guard let operation = userInfo["operation"] as? String else {
      completionHandler(.noData)
      return
    }
    if application.applicationState == .background {
      UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: ["read"])
    }
    synced.append(operation)
    completionHandler(.newData)
  }
}

@Suite("App code around notifications")
struct AppCodeTests {
  @Test("a background push handler runs with UIKit's signature and reaches the bound center")
  func backgroundHandler() async throws {
    let (center, _) = makeCenter()
    _ = try await center.requestAuthorization(options: [.alert])
    try await center.add(request("read"))
    try await center.add(request("unread"))
    let handler = SyncHandler()
    let application = UIApplication(applicationState: .background)
    let userInfo = try UserInfoJSON.userInfo(fromJSON: Array(#"{"operation":"sync"}"#.utf8))
    let result = await UNUserNotificationCenter.withCurrent(center) {
      await withCheckedContinuation { continuation in
        handler.application(application, didReceiveRemoteNotification: userInfo) {
          continuation.resume(returning: $0)
        }
      }
    }
    await center.drain()
    #expect(result == .newData)
    #expect(handler.synced.all == ["sync"])
    #expect(await center.deliveredNotifications().map(\.request.identifier) == ["unread"])
    let empty = await withCheckedContinuation { continuation in
      handler.application(application, didReceiveRemoteNotification: [:]) {
        continuation.resume(returning: $0)
      }
    }
    #expect(empty == .noData)
    application.setApplicationState(.active)
    #expect(application.applicationState == .active)
    #expect(UIApplication.shared.applicationState == .background)
  }

  @Test("localizedUserNotificationString formats the key when Bundle.main has no table")
  func localizedString() {
    #expect(
      NSString.localizedUserNotificationString(forKey: "%@ sent %d photos", arguments: ["Ana", 3])
        == "Ana sent 3 photos")
    #expect(
      NSString.localizedUserNotificationString(forKey: "%2$@ and %1$@", arguments: ["a", "b"])
        == "b and a")
    #expect(NSString.localizedUserNotificationString(forKey: "Plain", arguments: nil) == "Plain")
  }

  @Test("badges are set as apps write them")
  func badgeSpellings() {
    let content = UNMutableNotificationContent()
    let count = 5
    content.badge = NSNumber(value: count)
    #expect(content.badge?.intValue == 5)
    content.badge = count as NSNumber
    #expect(content.badge == 5)
    content.badge = 0
    #expect(content.badge?.intValue == 0)
  }
}
