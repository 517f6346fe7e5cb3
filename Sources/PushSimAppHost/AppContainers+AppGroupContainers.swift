import PushDevice
import UserNotifications

/// The device's folders as the app's code reaches them through Foundation (Rules.md §17).
extension AppContainers: AppGroupContainers {
  package func preferencesSuiteName(_ name: String, inServiceExtension: Bool) -> String? {
    preferencesSuiteName(name, for: inServiceExtension ? .serviceExtension : .app)
  }
}
