import Foundation
import Testing

@testable import UserNotifications

@Suite("Triggers")
struct TriggerTests {
  private var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }

  @Test("a calendar trigger's next date is the next matching time on the device's clock")
  func calendarNextDate() {
    var components = DateComponents()
    components.calendar = utc
    components.timeZone = TimeZone(identifier: "UTC")
    components.hour = 8
    components.minute = 30
    let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
    let (center, _) = makeCenter()
    let next = UNUserNotificationCenter.withCurrent(center) { trigger.nextTriggerDate() }
    // 09:00 on 1 January has passed 08:30, so the next is 08:30 on 2 January.
    #expect(next == startOfScenario.addingTimeInterval(23.5 * 3600))
    #expect(trigger.repeats)
    #expect(trigger.dateComponents.hour == 8)
  }

  @Test("a calendar trigger for a weekday finds the next such day")
  func calendarWeekday() {
    var components = DateComponents()
    components.calendar = utc
    components.weekday = 2  // Monday
    components.hour = 9
    let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
    // Thursday 1 January 2026 → Monday 5 January, 09:00.
    #expect(
      trigger.nextDate(after: startOfScenario) == startOfScenario.addingTimeInterval(4 * 86_400))
  }

  @Test("components no date matches have no next date")
  func calendarNever() {
    var components = DateComponents()
    components.calendar = utc
    components.month = 2
    components.day = 30
    let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
    #expect(trigger.nextDate(after: startOfScenario) == nil)
    #expect(
      UNCalendarNotificationTrigger(dateMatching: DateComponents(), repeats: false)
        .nextDate(after: startOfScenario) == nil)
  }

  @Test("a time interval trigger fires its interval after now")
  func timeIntervalNextDate() {
    let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: true)
    let (center, _) = makeCenter()
    let next = UNUserNotificationCenter.withCurrent(center) { trigger.nextTriggerDate() }
    #expect(next == startOfScenario.addingTimeInterval(90))
    #expect(trigger.timeInterval == 90 && trigger.repeats)
    #expect(UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false).timeInterval == 5)
  }

  @Test("a repeating interval under 60 seconds stops the app, as Apple's exception does")
  func repeatingIntervalUnderAMinute() async {
    await #expect(processExitsWith: .failure) {
      _ = UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true)
    }
  }

  @Test("an interval of 0 stops the app, as Apple's exception does")
  func zeroInterval() async {
    await #expect(processExitsWith: .failure) {
      _ = UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false)
    }
  }

  @Test("a location trigger keeps its region and never fires")
  func locationTrigger() {
    let region = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 40.4168, longitude: -3.7038), radius: 500,
      identifier: "madrid")
    region.notifyOnExit = false
    let trigger = UNLocationNotificationTrigger(region: region, repeats: false)
    #expect(trigger.region.identifier == "madrid")
    #expect(!trigger.region.notifyOnExit)
    #expect(trigger.nextDate(after: startOfScenario) == nil)
    #expect(region.contains(CLLocationCoordinate2D(latitude: 40.4170, longitude: -3.7040)))
    #expect(!region.contains(CLLocationCoordinate2D(latitude: 41.39, longitude: 2.17)))
  }

  @Test("a push trigger never repeats")
  func pushTrigger() {
    #expect(!UNPushNotificationTrigger().repeats)
  }
}
