/// A time of day, `HH:MM`, in the device's time zone (ScenarioFormat.md: daily times).
///
/// Used for Scheduled Summary deliveries (Behavior.md §5.3).
public struct DailyTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Hour, 0…23.
  public let hour: Int
  /// Minute, 0…59.
  public let minute: Int

  /// Creates a time; `nil` when the hour or minute is out of range.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses `"HH:MM"` (one or two hour digits, two minute digits); `nil` for anything else.
  package init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  /// Minutes since midnight.
  package var minutesSinceMidnight: Int { hour * 60 + minute }

  /// `HH:MM`.
  public var description: String {
    let h = hour < 10 ? "0\(hour)" : "\(hour)"
    let m = minute < 10 ? "0\(minute)" : "\(minute)"
    return "\(h):\(m)"
  }

  /// Earlier in the day first.
  public static func < (lhs: DailyTime, rhs: DailyTime) -> Bool {
    lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
  }
}
