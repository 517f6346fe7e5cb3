/// What delivers a notification (`UNNotificationTrigger`): the abstract base of the triggers.
open class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
  /// Whether the trigger fires again after it fires.
  public let repeats: Bool

  /// Creates a trigger (only subclasses are made).
  package init(repeats: Bool) {
    self.repeats = repeats
    super.init()
  }

  /// Triggers are immutable: a copy is the same object.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// The next date the trigger fires after `now`, or `nil` when it never fires again; the base
  /// class and push and location triggers have none.
  package func nextDate(after now: Date) -> Date? { nil }
}

/// The trigger of a remote notification (`UNPushNotificationTrigger`): APNs delivered it.
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// Creates a push trigger (the device makes them for pushes).
  package init() { super.init(repeats: false) }
}

/// A trigger that fires a number of seconds after the request is added
/// (`UNTimeIntervalNotificationTrigger`).
///
/// Apple's initializer raises an Objective-C exception, which ends the app, when the interval
/// is not above 0, or when it repeats with an interval under 60 seconds. Swift cannot catch
/// that exception, so the app's bug shows at once there; here the initializer stops the program
/// with Apple's message (`precondition`), so the same bug shows at the same place.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// The interval in seconds.
  public let timeInterval: TimeInterval

  /// Creates a trigger firing `timeInterval` seconds after the request is added, and every
  /// `timeInterval` seconds after that when `repeats`.
  ///
  /// - Precondition: `timeInterval > 0`, and `timeInterval >= 60` when `repeats` (Apple's rule).
  public init(timeInterval: TimeInterval, repeats: Bool) {
    precondition(timeInterval > 0, "time interval must be greater than 0")
    precondition(!repeats || timeInterval >= 60, "time interval must be at least 60 if repeating")
    self.timeInterval = timeInterval
    super.init(repeats: repeats)
  }

  /// The date the trigger would fire if the request were added now: now plus the interval, on
  /// the clock of the device whose code is running (the wall clock with no device).
  open func nextTriggerDate() -> Date? {
    nextDate(after: UNUserNotificationCenter.current().backend.now())
  }

  /// `now` plus the interval.
  package override func nextDate(after now: Date) -> Date? {
    now.addingTimeInterval(timeInterval)
  }

  /// `<UNTimeIntervalNotificationTrigger: repeats: …, timeInterval: …>`.
  open override var description: String {
    "<UNTimeIntervalNotificationTrigger: repeats: \(repeats), timeInterval: \(timeInterval)>"
  }
}

/// A trigger that fires when the date matches date components (`UNCalendarNotificationTrigger`):
/// `hour: 9, minute: 30` fires every day at 09:30 when it repeats.
///
/// The components are matched in their own calendar and time zone, else the current calendar
/// and time zone, strictly: components no date matches (30 February) never fire, and adding
/// such a request fails with `notificationInvalidNoDate` (`source: model`).
open class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// The components a date must match.
  public let dateComponents: DateComponents

  /// Creates a trigger for dates matching `dateComponents`.
  public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
    self.dateComponents = dateComponents
    super.init(repeats: repeats)
  }

  /// The next date after now that matches, on the clock of the device whose code is running
  /// (the wall clock with no device), or `nil` when none does.
  open func nextTriggerDate() -> Date? {
    nextDate(after: UNUserNotificationCenter.current().backend.now())
  }

  /// The first date after `now` matching the components, strictly.
  package override func nextDate(after now: Date) -> Date? {
    var calendar = dateComponents.calendar ?? Calendar.current
    if let timeZone = dateComponents.timeZone { calendar.timeZone = timeZone }
    var matching = dateComponents
    matching.calendar = nil
    matching.timeZone = nil
    guard matching != DateComponents() else { return nil }
    return calendar.nextDate(after: now, matching: matching, matchingPolicy: .strict)
  }

  /// `<UNCalendarNotificationTrigger: repeats: …, dateComponents: …>`.
  open override var description: String {
    "<UNCalendarNotificationTrigger: repeats: \(repeats), dateComponents: \(dateComponents)>"
  }
}

/// A trigger that fires when the device enters or leaves a region
/// (`UNLocationNotificationTrigger`).
///
/// Declared so code that makes one compiles; it never fires, since PushSim's device has no
/// location. The region is PushSim's minimal ``CLRegion`` (CoreLocation is absent on Linux).
open class UNLocationNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  /// The region.
  public let region: CLRegion

  /// Creates a trigger for a region.
  public init(region: CLRegion, repeats: Bool) {
    self.region = region
    super.init(repeats: repeats)
  }
}
