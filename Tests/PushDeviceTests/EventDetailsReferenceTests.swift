import Foundation
import PushCore
import PushSimTestSupport
import Testing

@testable import PushDevice

/// Codes.md's "Event kinds" table against the typed details: the **Details** column of each
/// kind names exactly the fields of its ``EventDetails`` type (both ways), a kind without
/// details is a ``PlainEvent`` case, and every kind the device knows is one or the other.
@Suite struct EventDetailsReferenceTests {
  /// The table's rows: kind → documented detail names.
  static let documented = Result { try EventTable(url: Repository.url("Documentation/Codes.md")) }

  @Test func everyKindWithDetailsDocumentsExactlyItsFields() throws {
    let table = try Self.documented.get()
    for type in EventDetailsCatalog.all {
      let kind = type.kind.rawValue
      guard let documented = table.details[kind] else {
        Issue.record("\(kind) (\(type)) has no row in Codes.md's \"Event kinds\" table")
        continue
      }
      let declared = type.keys
      #expect(Set(declared).count == declared.count, "\(type) declares a field twice")
      for key in Set(declared).subtracting(documented).sorted() {
        Issue.record("`\(kind)`: \(type) has `\(key)`, which its Codes.md row does not list")
      }
      for key in documented.subtracting(declared).sorted() {
        Issue.record("`\(kind)`: Codes.md lists `\(key)`, which \(type) does not declare")
      }
    }
  }

  @Test func everyKindWithoutDetailsDocumentsNone() throws {
    let table = try Self.documented.get()
    for event in PlainEvent.allCases {
      let kind = event.kind.rawValue
      guard let documented = table.details[kind] else {
        Issue.record("\(kind) (PlainEvent.\(event)) has no row in Codes.md")
        continue
      }
      #expect(documented.isEmpty, "`\(kind)` has no details, but Codes.md lists \(documented)")
    }
  }

  /// Every kind is either a details type's or a plain one, once; and the table lists exactly
  /// those kinds.
  @Test func everyKindHasOneWayToBeLogged() throws {
    let table = try Self.documented.get()
    let typed = EventDetailsCatalog.all.map { $0.kind }
    let plain = PlainEvent.allCases.map { $0.kind }
    let all = typed + plain
    #expect(Set(all).count == all.count, "a kind has two details types, or is also plain")
    #expect(Set(all) == Set(EventKind.all), "EventKind.all vs the details types and PlainEvent")
    #expect(Set(table.details.keys) == Set(all.map(\.rawValue)))
    #expect(table.details.count >= 90, "the table's parse found too few rows")
  }

  @Test func aDetailLeftOutIsNotWrittenAndCodesAreTheirNames() {
    let details = DeviceEvent.Throttled(code: .backgroundBudget)
    #expect(details.json == ["code": .init(.string("background-budget"))])
    let event = DeviceEvent(
      time: Date(timeIntervalSince1970: 0), DeviceEvent.Expired(), push: "p", source: .apns,
      reason: "r")
    #expect(event.kind == .expired && event.details.isEmpty)
  }

  /// What the docs site reads back from an `activity.alert` event is what was logged.
  @Test(arguments: [
    DeviceEvent.ActivityAlert(activity: "a", presentation: "banner"),
    DeviceEvent.ActivityAlert(
      activity: "b", presentation: "expanded", sound: "chime.caf", soundPlayed: false),
  ])
  func anActivityAlertReadsBackAsLogged(details: DeviceEvent.ActivityAlert) {
    let event = DeviceEvent(
      time: Date(timeIntervalSince1970: 0), details, push: nil, source: .device, reason: "r")
    #expect(DeviceEvent.ActivityAlert(event) == details)
    let other = DeviceEvent(
      time: event.time, DeviceEvent.ActivityStarted(activity: "a"), push: nil, source: .device,
      reason: "r")
    #expect(DeviceEvent.ActivityAlert(other) == nil)
  }

  /// The `presented` tables, made once, hold what the fields give.
  @Test(arguments: [false, true], [false, true])
  func presentedTablesAreTheFieldMembers(banner: Bool, list: Bool) {
    let details = DeviceEvent.Presented(
      banner: banner, lockScreen: !banner, wake: banner, sound: list, list: list)
    #expect(details.json == details.fieldMembers)
    #expect(details.json["banner"] == .init(.bool(banner)))
    #expect(details.json["list"] == .init(.bool(list)))
  }
}

/// The rows of Codes.md's "Event kinds" table: each kind's **Details** cell, as a set of names
/// (`—`: none).
struct EventTable {
  var details: [String: Set<String>] = [:]

  init(url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    var inTable = false
    var detailsColumn: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        inTable = line.hasPrefix("## Event kinds")
        continue
      }
      guard inTable, line.hasPrefix("|") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if cells.count > 1, cells[1] == "Kind" {
        detailsColumn = cells.firstIndex(of: "Details")
        continue
      }
      let column = try #require(detailsColumn, "the table has no Details column")
      guard cells.count > column, cells[1].hasPrefix("`") else { continue }
      let kind = cells[1].trimmingCharacters(in: ["`"])
      let names = cells[column].matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
      #expect(details[kind] == nil, "`\(kind)` is listed twice")
      details[kind] = Set(names)
    }
  }
}
