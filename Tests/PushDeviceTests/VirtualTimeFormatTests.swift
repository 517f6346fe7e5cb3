import Foundation
import Testing

@testable import PushDevice

/// Event times are written arithmetically (no formatter per event): every instant must read as
/// the calendar does, leap days included, and exactly as the string-based writer did before.
@Suite struct VirtualTimeFormatTests {
  /// The previous, string-based writer: the reference for instants no formatter agrees on
  /// (years before the Gregorian reform, before year 1, after 9999, out of range). Years are
  /// written as ISO 8601 and Foundation's `Date.ISO8601FormatStyle` write them: four digits at
  /// least, all of them after 9999, a sign before year 0.
  static func reference(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < 4.6e18 else { return "\(interval)s" }
    guard abs(interval) < 9e15 else {
      // No fraction at this size; whole seconds only (the ones below would overflow `Int`).
      return reference(Date(timeIntervalSince1970: 0), seconds: Int(interval.rounded(.down)))
    }
    let milliseconds = Int((interval * 1000).rounded())
    // Floor division in integers (a `Double` quotient loses digits beyond 2^53).
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let fraction = milliseconds - seconds * 1000
    return reference(date, seconds: seconds, fraction: fraction)
  }

  static func reference(_ date: Date, seconds: Int, fraction: Int = 0) -> String {
    var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
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
      "\(year < 0 ? "-" : "")\(pad(abs(year), 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
    if fraction != 0 { text += "." + pad(fraction, 3) }
    return text + "Z"
  }

  @Test(arguments: [1596..<1604, 1696..<1704, 1896..<2104])
  func everyDayReadsAsTheGregorianCalendar(years: Range<Int>) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    let first = try #require(formatter.date(from: "\(years.lowerBound)-01-01T00:00:00"))
    let end = try #require(formatter.date(from: "\(years.upperBound)-01-01T00:00:00"))
    let days = Int((end.timeIntervalSince(first) / 86_400).rounded())
    // Every day of the years, each at another second of the day: the leap rules of 1600 and
    // 2000 (leap), 1700, 1900 and 2100 (not), month ends and every time of day.
    var leapDays = 0
    for day in 0..<days {
      let date = first.addingTimeInterval(Double(day) * 86_400 + Double(day * 7919 % 86_400))
      let expected = formatter.string(from: date) + "Z"
      let text = VirtualTimeFormat.text(date)
      #expect(text == expected)
      guard text == expected else { break }
      if text.contains("-02-29T") { leapDays += 1 }
    }
    let leapYears = years.filter { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 }
    #expect(leapDays == leapYears.count)
    #expect(days == 365 * years.count + leapYears.count)
  }

  @Test func fractionsAreMillisecondsRoundedOnce() {
    let base = 1_767_258_000.0  // 2026-01-01T09:00:00Z
    #expect(VirtualTimeFormat.text(Date(timeIntervalSince1970: base)) == "2026-01-01T09:00:00Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: base + 0.25)) == "2026-01-01T09:00:00.250Z"
    )
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: base + 0.0004)) == "2026-01-01T09:00:00Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: base - 0.0005)) == "2026-01-01T09:00:00Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: base + 59.9996))
        == "2026-01-01T09:01:00Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: 951_782_399.001))
        == "2000-02-28T23:59:59.001Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
  }

  @Test func yearsBeyondFourDigitsAreWrittenInFull() {
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: 253_402_300_800))
        == "10000-01-01T00:00:00Z")
    #expect(VirtualTimeFormat.text(Date(timeIntervalSince1970: 1e12)) == "33658-09-27T01:46:40Z")
    #expect(
      VirtualTimeFormat.text(Date(timeIntervalSince1970: -62_167_219_201))
        == "-0001-12-31T23:59:59Z")
    #expect(VirtualTimeFormat.text(Date(timeIntervalSince1970: 1e300)) == "1e+300s")
  }

  @Test func writingAppendsTheSameTextAsBefore() {
    var instants: [Double] = [
      0, -0.001, -1, 0.5, -62_135_596_800, -62_135_596_800.5, -62_198_755_200, -100_000_000_000,
      -253_402_300_799.999, 253_402_300_799.999, 253_402_300_800, -253_402_300_800,
      .infinity, -.infinity, .nan, 1e300, 4_102_444_800.0625, 1e12, -1e12, 8.99e15, 9e15,
      -9e15, 1e17, 4.5e18, 4.6e18, -4.6e18, 1.7e308,
    ]
    // Pseudo-random instants over the whole range, with fractions.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for round in 0..<20_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(seed >> 11) / Double(1 << 53)
      // Years 1…9999, and every fourth instant far beyond them either way.
      instants.append((unit * 2 - 1) * (round % 4 == 0 ? 1e15 : 253_402_300_800))
    }
    for instant in instants {
      let date = Date(timeIntervalSince1970: instant)
      var bytes = Array("x".utf8)
      VirtualTimeFormat.write(date, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "x" + Self.reference(date), "\(instant)")
      #expect(VirtualTimeFormat.text(date) == Self.reference(date))
    }
  }
}
