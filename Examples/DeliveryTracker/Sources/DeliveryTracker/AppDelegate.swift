import ActivityKit
import Foundation
import UIKit
import UserNotifications

/// The app delegate's Live Activity part: at launch it reports the push-to-start token; a tap
/// on an order's notification starts the order's activity; background pushes from the
/// dispatcher update it and end it.
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
  var window: UIWindow?
  let activities = DeliveryActivityController()
  private let server = DeliveryServer()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UNUserNotificationCenter.current().delegate = self
    let server = server
    Task {
      for await token in Activity<DeliveryAttributes>.pushToStartTokenUpdates {
        await server.report(pushToStartToken: token)
      }
    }
    return true
  }

  /// A tap on "order confirmed" opens the app on the order, which starts its Live Activity.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
  ) {
    let userInfo = response.notification.request.content.userInfo
    guard let order = userInfo["order-id"] as? String,
      let restaurant = userInfo["restaurant"] as? String,
      let eta = (userInfo["eta"] as? Double).map(Date.init(timeIntervalSince1970:))
    else {
      completionHandler()
      return
    }
    let activities = activities
    Task {
      do {
        try await activities.startTracking(orderID: order, restaurant: restaurant, eta: eta)
      } catch {
        print("The order's Live Activity did not start: \(error)")
      }
      completionHandler()
    }
  }

  /// The dispatcher's background pushes: `picked-up` (with the courier) and `delivered`.
  func application(
    _ application: UIApplication,
    didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    guard let order = userInfo["order-id"] as? String, let event = userInfo["event"] as? String
    else {
      completionHandler(.noData)
      return
    }
    let courier = userInfo["courier"] as? String
    let eta = (userInfo["eta"] as? Double).map(Date.init(timeIntervalSince1970:))
    let activities = activities
    Task {
      switch event {
      case "picked-up":
        await activities.courierPickedUp(
          orderID: order, courier: courier ?? "Your courier", eta: eta ?? Date())
      case "delivered":
        await activities.delivered(orderID: order)
      default:
        break
      }
      completionHandler(.newData)
    }
  }
}
