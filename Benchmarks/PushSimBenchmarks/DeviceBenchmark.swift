import Foundation
import PushDevice
import PushPayload
import Synchronization

/// `device N`: feeds N mixed pushes (threads, collapse ids, interruption levels, background
/// pushes) into one `Device`, one virtual second apart, then lists the center once. Prints
/// `pushes=N seconds=S peakKiB=K`. Run once per size (each in its own process, so the peak
/// memory is that size's) and compare: the issue's target is a ratio of at most 12 between
/// 100,000 and 10,000 pushes, i.e. linear cost.
enum DeviceBenchmark {
  static func run(_ arguments: [String]) throws {
    let count = arguments.first.flatMap { Int($0) } ?? 10_000
    let bodies = (0..<count).map(body(for:))
    let headers = (0..<count).map(headers(for:))
    var device = Device(
      app: AppConfiguration(
        bundleId: "com.example.bench", backgroundModes: [.remoteNotification],
        categories: [NotificationCategory(id: "message", summaryFormat: "%u more messages")]))
    let elapsed = ContinuousClock().measure {
      for index in 0..<count {
        device.receive(bytes: bodies[index], headers: headers[index], id: "p\(index)")
        device.advance(by: .seconds(1))
      }
      _ = device.center
    }
    let (inCenter, events) = (device.centerCount, device.events.count)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "pushes=\(count) seconds=\(String(format: "%.3f", seconds)) peakKiB=\(peakMemoryKiB()) "
        + "inCenter=\(inCenter) events=\(events)")
  }

  /// The body of push `index`: mostly alerts over 100 threads and three levels, every 7th a
  /// background push.
  static func body(for index: Int) -> [UInt8] {
    if index % 7 == 6 {
      return Array(#"{"aps":{"content-available":1},"sync":"\#(index)"}"#.utf8)
    }
    let levels = ["passive", "active", "time-sensitive"]
    let text =
      #"{"aps":{"alert":{"title":"Chat \#(index % 100)","body":"Message \#(index)"},"#
      + #""thread-id":"t\#(index % 100)","category":"message","interruption-level":"\#(levels[index % 3])","#
      + #""badge":\#(index % 10),"sound":"default"},"chat-id":"c\#(index % 100)"}"#
    return Array(text.utf8)
  }

  /// Headers: background pushes typed as such; every 5th alert shares one of 50 collapse ids.
  static func headers(for index: Int) -> PushHeaders {
    if index % 7 == 6 { return PushHeaders(pushType: "background", priority: "5") }
    let collapse = index % 5 == 0 ? "c\(index % 50)" : nil
    return PushHeaders(pushType: "alert", collapseID: collapse)
  }

  /// Peak resident memory (VmHWM) in KiB, from /proc; 0 where unavailable.
  static func peakMemoryKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
