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
  package static func write(_ date: Date, to bytes: inout [UInt8]) {
    // Years 0001…9999 only; anything else (a clock moved by an absurd duration) is printed
    // as seconds since 1970 rather than trapping on overflow.
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < 253_402_300_800 else {
      bytes.append(contentsOf: "\(interval)s".utf8)
      return
    }
    let milliseconds = Int((interval * 1000).rounded())
    let seconds = Int((Double(milliseconds) / 1000).rounded(.down))
    let fraction = milliseconds - seconds * 1000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilDays.civil(fromDays: days)
    // The range above keeps every field but the year non-negative and the year below 10000.
    func digits(_ value: Int, _ width: Int) {
      guard value >= 0 else {
        // A year before 1 BC, zero-padded as text the way it always was (`00-5`, `-6060`).
        let text = String(value)
        bytes.append(
          contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - text.count)))
        bytes.append(contentsOf: text.utf8)
        return
      }
      var divisor = 1
      for _ in 1..<width { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
        divisor /= 10
      }
    }
    digits(year, 4)
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
