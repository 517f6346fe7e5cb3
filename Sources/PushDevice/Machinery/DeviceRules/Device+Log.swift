import Foundation
import PushCore
import PushPayload

extension Device {
  /// Appends an event of a kind without details at the current virtual time, unless the bounds
  /// on the app's events count it instead (Rules.md §7.2).
  mutating func log(
    _ event: PlainEvent, _ push: String?, _ source: DiagnosticSource, _ reason: String
  ) {
    record(event.kind, push, source, reason, [:])
  }

  /// Appends an event of `Details.kind` with `details` at the current virtual time; an event of
  /// the app's own code past its push's or the run's bound is counted instead (Rules.md §7.2).
  mutating func log<Details: EventDetails>(
    _ details: Details, _ push: String?, _ source: DiagnosticSource, _ reason: String
  ) {
    record(Details.kind, push, source, reason, details.json)
  }

  /// Appends an event the app's code made during a call (``recordAppCallEvents(_:push:)``).
  mutating func log(_ made: ServiceExtensionOutcome.Event, _ push: String?) {
    record(made.kind, push, made.source, made.reason, made.details)
  }

  /// Appends an event at the current virtual time, unless its push's or the run's bound
  /// counts it instead.
  private mutating func record(
    _ kind: DeviceEvent.Kind, _ push: String?, _ source: DiagnosticSource, _ reason: String,
    _ details: [String: JSONValue]
  ) {
    guard !localNotifications.isPlayingCountedFiring else { return }
    // What the app's code does while the device waits for it belongs to the push it handles.
    let push = push ?? appCodePush
    guard pushLog.admits(kind, push: push) else { return }
    append(
      DeviceEvent(
        time: clock.now, kind: kind, push: push, source: source, reason: reason,
        details: details))
  }

  /// Appends `event` to the log; during an extension run, after the run's start, which is
  /// logged when the run ends.
  private mutating func append(_ event: DeviceEvent) {
    guard case .extensionRun(let run, var held) = awaiting else {
      pushLog.append(event)
      return
    }
    awaiting = .nothing  // `held` is then the only reference: appended in place.
    held.append(event)
    awaiting = .extensionRun(run, heldEvents: held)
  }

  /// Logs what the bounds on the app's events counted since the last time, one
  /// `app.eventsDropped` event (`push-limit` or `run-limit`) per push and bound, at the current
  /// virtual time: after each call into the app's code, and by ``DeviceHost`` after each step
  /// (Rules.md §7.2).
  package mutating func logDroppedAppEvents() {
    for dropped in pushLog.takeDroppedAppEvents() {
      let (reason, details) = AppEventLimits.dropped(dropped.byKind, by: dropped.code)
      append(
        DeviceEvent(
          time: clock.now, details, push: dropped.push, source: .model, reason: reason))
    }
  }

  /// The push whose handling the app's code is in (the effect the device waits for), if any.
  var appCodePush: String? { nextEffect?.push }

  /// Sets a push's status (and its reason).
  mutating func setStatus(_ push: String, _ status: PushStatus, reason: String) {
    history.update(push) { record in
      record.status = status
      record.reason = reason
    }
  }

  /// Records diagnostics for a push.
  mutating func report(_ found: [Diagnostic], push: String?) {
    guard !found.isEmpty, !localNotifications.isPlayingCountedFiring else { return }
    pushLog.report(found, push: push)
  }

  /// The position in ``diagnostics`` of the first finding at or after `start` whose JSON has
  /// `push` as its `push` member and that `matches` accepts; `nil` when there is none. Reads
  /// only that push's findings, through their chain.
  package func firstDiagnosticIndex(
    about push: String, from start: Int, where matches: (PushDiagnostic) -> Bool
  ) -> Int? {
    pushLog.firstDiagnosticIndex(about: push, from: start, where: matches)
  }

  /// A fresh request identifier, shaped like the UUID iOS makes up (Behavior.md §2.2),
  /// deterministic.
  mutating func freshIdentifier() -> String {
    freshIdentifierCount += 1
    return Self.uuidShaped(prefix: "00000000-0000-4000-8000-", freshIdentifierCount)
  }

  /// `prefix` followed by `number` (not negative) in at least 12 hexadecimal digits, upper-case
  /// unless `uppercase` is false.
  static func uuidShaped(prefix: String, _ number: Int, uppercase: Bool = true) -> String {
    let value = UInt(max(0, number))
    var digitCount = 12
    while digitCount < UInt.bitWidth / 4, value >> (4 * digitCount) != 0 { digitCount += 1 }
    let digits = uppercase ? Self.upperHexDigits : Self.lowerHexDigits
    let prefixBytes = prefix.utf8
    return String(unsafeUninitializedCapacity: prefixBytes.count + digitCount) { buffer in
      var end = 0
      for byte in prefixBytes {
        buffer[end] = byte
        end += 1
      }
      for position in stride(from: digitCount - 1, through: 0, by: -1) {
        buffer[end] = digits[Int((value >> (4 * position)) & 0xF)]
        end += 1
      }
      return end
    }
  }

  private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
  private static let lowerHexDigits = Array("0123456789abcdef".utf8)
}
