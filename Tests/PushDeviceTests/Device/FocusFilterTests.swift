import Foundation
import PushDevice
import PushPayload
import Testing

/// The app's Focus filter and `filter-criteria` (Rules.md §14.1).
@Suite struct FocusFilterTests {
  static func device(ios: IOSVersion) -> Device {
    var focus = FocusConfiguration(name: "Work", allowedApps: ["com.example.app"])
    focus.filterCriteria = ["work"]
    var configuration = DeviceConfiguration(locked: false, focus: focus)
    configuration.iosVersion = ios
    return Device(configuration: configuration)
  }

  @Test func aCriteriaTheFilterDoesNotAcceptIsDeliveredSilentlyFromIOS16() {
    var device = Self.device(ios: IOSVersion(16))
    device.receive(["aps": ["alert": "A", "filter-criteria": "home"]], id: "home")
    device.receive(["aps": ["alert": "B", "filter-criteria": "work"]], id: "work")
    #expect(device.notification("home")?.presentation.banner == false)
    #expect(device.notification("home")?.presentation.list == true)
    #expect(device.notification("work")?.presentation.banner == true)
  }

  @Test func iOS15IgnoresFilterCriteria() {
    var device = Self.device(ios: IOSVersion(15, 8))
    device.receive(["aps": ["alert": "A", "filter-criteria": "home"]], id: "home")
    #expect(device.notification("home")?.presentation.banner == true)
  }
}
