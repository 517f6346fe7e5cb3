// App groups for the app's code on Linux (Rules.md §17): the app's files that import
// `UserNotifications` see these beside Foundation's own.
//
// - `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` is not in
//   swift-corelibs-foundation; declared here, it answers with the device's container of a group
//   the app declares, `nil` otherwise, as on iOS.
// - `UserDefaults(suiteName:)` is declared again with a `String` parameter where Foundation's
//   takes `String?`: Swift prefers the one that needs no conversion to an optional, so every
//   call with a string (a literal, a constant) reaches this one, which hands Foundation the path
//   of the suite's file in the device's folders. A declaration with Foundation's own signature
//   would lose to Foundation's, and `UserDefaults.standard` cannot be declared again at all
//   (ambiguous in every file that imports Foundation): an argument of type `String?` and
//   `standard` stay Foundation's, one store for the process.

import Foundation

/// The app's folders on the device that runs its code: its app groups' containers and its
/// defaults suites (Rules.md §17). The hosting device implements it.
package protocol AppGroupContainers: Sendable {
  /// The device's folder for `group` when the app declares the group, else `nil`.
  func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL?
  /// The name (a file path) under which Foundation keeps the suite `name` of the app's process
  /// or its service extension's; `nil` for a name Apple calls invalid.
  func preferencesSuiteName(_ name: String, inServiceExtension: Bool) -> String?
}

extension FileManager {
  /// `containerURL(forSecurityApplicationGroupIdentifier:)`: the shared container of an app
  /// group, for the app and its extensions.
  ///
  /// In the app's code on a simulated device, the device's own folder for `groupIdentifier`
  /// when the app declares the group (the scenario's `app.appGroups`), made on demand with
  /// `Library/Caches` in it, the same for the extension, the delegate and the handlers of that
  /// device and never another device's; `nil` for a group the app does not declare, as on iOS
  /// (Behavior §13.5). Outside any device, `nil`: no app is entitled to anything there.
  /// The folder is removed when the device is done (Rules.md §17).
  public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
    HostedProcess.current.appContainers?.containerURL(
      forSecurityApplicationGroupIdentifier: groupIdentifier)
  }
}

extension UserDefaults {
  /// `UserDefaults(suiteName:)`: the defaults of a suite, such as an app group's, which the app
  /// shares with its extensions.
  ///
  /// In the app's code on a simulated device, the suite is the device's own (Rules.md §17): a
  /// group the app declares is shared by its extension, delegate and handlers on that device,
  /// and kept in the group's container; any other name (an undeclared group's too) is the
  /// calling process's own suite, the app's or the extension's, as each has a container of its
  /// own on iOS. Nothing is shared between devices or kept after the device is done. `nil` for
  /// the app's bundle identifier and `NSGlobalDomain`, the names Apple calls invalid
  /// (Behavior §13.5). Outside any device, Foundation's suite of that name.
  public convenience init?(suiteName: String) {
    let process = HostedProcess.current
    guard let containers = process.appContainers else {
      self.init(suiteName: Optional(suiteName))
      return
    }
    guard
      let file = containers.preferencesSuiteName(
        suiteName, inServiceExtension: process.isServiceExtension)
    else { return nil }
    self.init(suiteName: Optional(file))
  }
}

extension HostedProcess {
  /// The folders of the device whose app code is running: those of its center's device.
  package var appContainers: (any AppGroupContainers)? { center?.backend.appContainers }

  /// Whether the code running is the app's service extension (an extension's run is bound).
  package var isServiceExtension: Bool {
    #if canImport(FoundationNetworking)
      run?.isServiceExtension == true
    #else
      false
    #endif
  }
}

extension UserNotificationCenterBackend {
  /// No device: no folders.
  package var appContainers: (any AppGroupContainers)? { nil }
}
