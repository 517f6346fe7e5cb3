import Foundation

/// Virtual instants as the event log writes them: ISO 8601 in UTC (ScenarioFormat.md, times).
enum VirtualTimeFormat {
  /// `2026-01-01T09:00:00Z`, with milliseconds when the instant has a fraction of a second.
  static func text(_ date: Date) -> String {
    // Years 0001…9999 only; anything else (a clock moved by an absurd duration) is printed
    // as seconds since 1970 rather than trapping on overflow.
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < 253_402_300_800 else { return "\(interval)s" }
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
    let seconds = Int((Double(milliseconds) / 1000).rounded(.down))
    let fraction = milliseconds - seconds * 1000
    var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Civil-from-days (Howard Hinnant), proleptic Gregorian, UTC.
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
    if fraction != 0 { text += "." + pad(fraction, 3) }
    return text + "Z"
  }
}
