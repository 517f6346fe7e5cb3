import Foundation
import PushCore

/// Virtual instants as the event log writes them: ISO 8601 in UTC (ScenarioFormat.md, times).
package enum VirtualTimeFormat {
  /// `2026-01-01T09:00:00Z`, with milliseconds when the instant has a fraction of a second.
  package static func text(_ date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    write(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``text(_:)`` of `date` to `bytes` as UTF-8, digit by digit (no string is made:
  /// reports write one per event).
  ///
  /// Every year is written in full, as Foundation's `Date.ISO8601FormatStyle` writes it: four
  /// digits up to 9999, all of them after (`10000-01-01T00:00:00Z`, a far `stale-date`), and
  /// before year 1 the astronomical year with a sign (`-0001-12-31T23:59:59Z`). Only an instant
  /// whose seconds since 1970 do not fit in 63 bits (hundreds of billions of years away) has no
  /// calendar date PushSim can compute, and is written as those seconds (`1e+300s`).
  package static func write(_ date: Date, to bytes: inout [UInt8]) {
    let interval = date.timeIntervalSince1970
    // 2^62 seconds (about 1.5e11 years): far enough that every step below stays in `Int`.
    guard interval.isFinite, abs(interval) < 4.6e18 else {
      bytes.append(contentsOf: "\(interval)s".utf8)
      return
    }
    let seconds: Int
    let fraction: Int
    if abs(interval) < 9e15 {
      let milliseconds = Int((interval * 1000).rounded())
      // Floor division in integers (a `Double` quotient loses digits beyond 2^53).
      seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
      fraction = milliseconds - seconds * 1000
    } else {
      // Beyond 2^53 seconds a `Double` holds no fraction of a second.
      seconds = Int(interval.rounded(.down))
      fraction = 0
    }
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilDays.civil(fromDays: days)
    // Every field but the year is non-negative.
    func digits(_ value: Int, _ width: Int) {
      var divisor = 1
      for _ in 1..<width { divisor *= 10 }
      // A value wider than `width` (a year after 9999) keeps all its digits.
      while divisor <= value / 10 { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
        divisor /= 10
      }
    }
    if year < 0 { bytes.append(UInt8(ascii: "-")) }
    digits(abs(year), 4)
    bytes.append(UInt8(ascii: "-"))
    digits(month, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(day, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(secondOfDay / 3600, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 3600 / 60, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 60, 2)
    if fraction != 0 {
      bytes.append(UInt8(ascii: "."))
      digits(fraction, 3)
    }
    bytes.append(UInt8(ascii: "Z"))
  }
}
