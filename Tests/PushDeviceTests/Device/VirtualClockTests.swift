import Foundation
import PushDevice
import PushPayload
import Testing

/// The virtual clock: time moves only when told, timers fire in time order.
@Suite struct VirtualClockTests {
  typealias T = DeviceTesting

  @Test func timeMovesOnlyWhenTold() async {
    var device = T.device()
    let start = device.now
    device.receive(T.alert("x"), id: "a")
    #expect(device.now == start)
    device.advance(by: .milliseconds(1500))
    #expect(device.now == start.addingTimeInterval(1.5))
    device.advance(to: start)  // never back
    #expect(device.now == start.addingTimeInterval(1.5))
  }

  @Test func timersFireInTimeOrderDuringOneWait() async {
    // Held for the 18:00 summary; a push stored offline expires at 17:00; both within one wait.
    let summary = ScheduledSummaryConfiguration(times: T.times("18:00"), apps: ["com.example.chat"])
    var device = T.device(summary: summary)
    device.receive(T.alert("held"), id: "h")
    var configuration = device.configuration
    configuration.online = false
    device.setDevice(configuration)
    let expiration = Int(DeviceConfiguration.defaultStart.timeIntervalSince1970) + 8 * 3600
    device.receive(
      T.alert("stored"), headers: PushHeaders(expiration: String(expiration)), id: "s")
    device.advance(by: .seconds(12 * 3600))
    let order = device.events.events.filter { [.expired, .summary].contains($0.kind) }
    #expect(order.map(\.kind) == [.expired, .summary])
    #expect(
      order.map(\.time) == [
        DeviceConfiguration.defaultStart.addingTimeInterval(8 * 3600),
        DeviceConfiguration.defaultStart.addingTimeInterval(9 * 3600),
      ])
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(12 * 3600))
  }

  @Test func dailyTimesParseStrictly() {
    #expect(DailyTime("08:00")?.description == "08:00")
    #expect(DailyTime("8:05")?.minutesSinceMidnight == 485)
    for bad in ["24:00", "12:60", "1200", "ab:cd", "12:5", "", "-1:00", "١٢:٠٠"] {
      #expect(DailyTime(bad) == nil, "\(bad)")
    }
  }
}
