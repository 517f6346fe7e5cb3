import Foundation
import PushCore
import PushDevice

/// Reading the scenario format's durations and times (ScenarioFormat.md, introduction).
///
/// Durations are a number and a unit: `"250ms"`, `"30s"`, `"5m"`, `"2h"`, `"1d"`; the number may
/// have a fraction (`"1.2s"`) and parts may follow one another (`"1h30m"`). Times are ISO 8601
/// instants (`"2026-07-03T12:00:00Z"`, an offset such as `+02:00`, optional fractional seconds)
/// or `"HH:MM"` daily times.
package enum ScenarioTime {
  /// The longest duration a scenario may write, and the longest virtual time its `wait` steps
  /// may add up to: 36500d (100 years). Longer spans mean nothing on a phone and would overflow
  /// the clock's arithmetic (`source: model`, ScenarioFormat.md).
  public static let longestDuration = Duration.seconds(36_500 * 86_400)

  /// ``longestDuration`` as the message names it.
  public static let longestDurationText = "36500d (100 years)"

  /// What a duration string says.
  public enum DurationReading: Equatable, Sendable {
    /// A duration within ``ScenarioTime/longestDuration``.
    case duration(Duration)
    /// A well-formed duration longer than ``ScenarioTime/longestDuration``.
    case tooLong
    /// Not a duration.
    case invalid
  }

  /// Parses a duration string; `nil` when it is not one or is longer than ``longestDuration``.
  public static func duration(_ text: String) -> Duration? {
    if case .duration(let duration) = readDuration(text) { return duration }
    return nil
  }

  /// Parses a duration string, telling a malformed one from one that is too long.
  public static func readDuration(_ text: String) -> DurationReading {
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
    ]
    let longestNanoseconds = Double(longestDuration.components.seconds) * 1e9
    var rest = Substring(text)
    guard !rest.isEmpty else { return .invalid }
    var total = Duration.zero
    var tooLong = false
    while !rest.isEmpty {
      let number = rest.prefix(while: { $0.isASCII && ($0.isNumber || $0 == ".") })
      guard !number.isEmpty, let value = Double(number) else { return .invalid }
      rest = rest.dropFirst(number.count)
      guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }) else { return .invalid }
      rest = rest.dropFirst(unit.suffix.count)
      guard !tooLong else { continue }
      // Whole milliseconds are kept exactly; fractions beyond are rounded to nanoseconds.
      let nanoseconds = (value * unit.seconds * 1e9).rounded()
      guard nanoseconds.isFinite, nanoseconds <= longestNanoseconds else {
        tooLong = true
        continue
      }
      total += .nanoseconds(Int64(nanoseconds))
      if total > longestDuration { tooLong = true }
    }
    return tooLong ? .tooLong : .duration(total)
  }

  /// A duration as the scenario format writes it, shortest first: `250ms`, `30s`, `5m`, `1h30m`.
  public static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 != 0 { return "\(milliseconds)ms" }
    var rest = seconds
    var text = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size
    {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text.isEmpty ? "0s" : text
  }

  /// The largest UTC offset an instant may name, in minutes: ±18:00, as ISO 8601 readers such
  /// as Foundation's `Date.ISO8601FormatStyle` take it (no place on Earth is beyond ±14:00).
  public static let largestOffsetMinutes = 18 * 60

  /// What an instant string says.
  public enum InstantReading: Equatable, Sendable {
    /// A well-formed instant.
    case instant(Date)
    /// A well-formed instant whose UTC offset (as written, `+99:99`) is beyond ±18:00 or has
    /// 60 minutes or more: no offset, so no instant (it would move the clock silently).
    case impossibleOffset(String)
    /// Not an instant.
    case invalid
  }

  /// Parses an ISO 8601 instant: `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`; `nil` when it is not
  /// one or its UTC offset is impossible.
  public static func instant(_ text: String) -> Date? {
    if case .instant(let date) = readInstant(text) { return date }
    return nil
  }

  /// Parses an ISO 8601 instant, telling an impossible UTC offset from a malformed text.
  public static func readInstant(_ text: String) -> InstantReading {
    let scalars = Array(text.utf8)
    var index = 0
    func digits(_ count: Int) -> Int? {
      guard index + count <= scalars.count else { return nil }
      var value = 0
      for byte in scalars[index..<index + count] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += count
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < scalars.count, let ascii = character.asciiValue, scalars[index] == ascii else {
        return false
      }
      index += 1
      return true
    }
    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect("T") || expect("t") || expect(" "),
      let hour = digits(2), expect(":"), let minute = digits(2)
    else { return .invalid }
    var second = 0
    var fraction = 0.0
    if expect(":") {
      guard let value = digits(2) else { return .invalid }
      second = value
      if expect(".") || expect(",") {
        let start = index
        while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
        guard index > start,
          let value = Double("0." + String(decoding: scalars[start..<index], as: UTF8.self))
        else { return .invalid }
        fraction = value
      }
    }
    var offsetSeconds = 0
    var impossibleOffset: String?
    if expect("Z") || expect("z") {
      offsetSeconds = 0
    } else if index < scalars.count,
      scalars[index] == UInt8(ascii: "+") || scalars[index] == UInt8(ascii: "-")
    {
      let offsetStart = index
      let sign = scalars[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let offsetHours = digits(2) else { return .invalid }
      _ = expect(":")
      guard let offsetMinutes = digits(2) else { return .invalid }
      if offsetMinutes >= 60 || offsetHours * 60 + offsetMinutes > largestOffsetMinutes {
        impossibleOffset = String(decoding: scalars[offsetStart..<index], as: UTF8.self)
      }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      return .invalid
    }
    guard index == scalars.count, (1...12).contains(month), (1...daysIn(month, year)).contains(day),
      hour < 24, minute < 60, second < 61
    else { return .invalid }
    if let impossibleOffset { return .impossibleOffset(impossibleOffset) }
    let days = CivilDays.days(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return .instant(Date(timeIntervalSince1970: Double(seconds) + fraction))
  }

  /// Parses a daily time `HH:MM` into minutes after midnight.
  public static func dailyTime(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
      (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  /// An instant as ISO 8601 in UTC, with milliseconds only when there are some: the event
  /// log's spelling (``VirtualTimeFormat``), so a check's time and an event's compare as text;
  /// a year after 9999 is written with all its digits (`10000-01-01T00:00:00Z`).
  public static func format(_ date: Date) -> String {
    VirtualTimeFormat.text(date)
  }

  private static func daysIn(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension Node {
  /// A duration (`"250ms"`, `"30s"`, `"5m"`, `"2h"`, `"1d"`).
  public func duration() throws(ScenarioError) -> Duration {
    let text = try string()
    switch ScenarioTime.readDuration(text) {
    case .duration(let duration):
      return duration
    case .tooLong:
      throw error(
        "\"\(text)\" is longer than the longest duration a scenario may use, "
          + ScenarioTime.longestDurationText)
    case .invalid:
      throw error(
        "\"\(text)\" is not a duration; write a number and a unit: 250ms, 30s, 5m, 2h or 1d")
    }
  }

  /// An ISO 8601 instant (`"2026-07-03T12:00:00Z"`).
  public func instant() throws(ScenarioError) -> Date {
    let text = try string()
    switch ScenarioTime.readInstant(text) {
    case .instant(let date):
      return date
    case .impossibleOffset(let offset):
      throw error(
        "\"\(text)\" has an impossible UTC offset, \(offset): an offset is at most ±18:00, "
          + "with minutes below 60")
    case .invalid:
      throw error("\"\(text)\" is not an ISO 8601 time such as \"2026-07-03T12:00:00Z\"")
    }
  }

  /// A daily time `"HH:MM"`, as minutes after midnight.
  public func dailyTime() throws(ScenarioError) -> Int {
    let text = try string()
    guard let minutes = ScenarioTime.dailyTime(text) else {
      throw error("\"\(text)\" is not a daily time such as \"08:00\"")
    }
    return minutes
  }
}
