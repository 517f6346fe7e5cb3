import Foundation
import PushDevice

/// `local [days] [minutes]`: the app schedules one local notification repeating every
/// `minutes` (default 1) and the device's clock moves on `days` virtual days (default 365),
/// a day at a time. Prints the firings, the events and records kept, the time and the peak
/// memory. The issue's case, every minute over 100 virtual years, once grew past 4.6 GB within
/// two minutes: each firing kept a record, a notification and its events. Run it at two sizes
/// (each in its own process) and compare the peaks: they should be equal.
enum LocalBenchmark {
  static func run(_ arguments: [String]) throws {
    let days = arguments.first.flatMap { Int($0) } ?? 365
    let minutes = arguments.dropFirst().first.flatMap { Int($0) } ?? 1
    var device = Device(app: AppConfiguration(bundleId: "com.example.reminder"))
    _ = device.requestAuthorization([.alert, .sound, .badge])
    let request = NotificationRequest(
      identifier: "reminder",
      content: NotificationContent(title: "Stand up", body: "Time to move", sound: .default),
      date: device.now)
    try device.addLocalNotification(
      request, trigger: .timeInterval(TimeInterval(minutes * 60), repeats: true))
    let elapsed = ContinuousClock().measure {
      for _ in 0..<days { device.advance(by: .seconds(86_400)) }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "local: every \(minutes) min over \(days) days: firings=\(days * 1440 / minutes) "
        + "seconds=\(String(format: "%.3f", seconds)) peakKiB=\(DeviceBenchmark.peakMemoryKiB()) "
        + "events=\(device.events.count) pushes=\(device.pushIDs.count) "
        + "inCenter=\(device.centerCount)")
  }
}
