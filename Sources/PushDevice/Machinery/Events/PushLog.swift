import Foundation
import PushCore

/// The device's log: every event (``EventLog``), every diagnostic with its push and their chains
/// by push, and the bounds on the app's own events (Rules.md §7.2).
///
/// A value with no clock: ``Device`` stamps and words what it logs, and asks ``admits(_:push:)``
/// first.
struct PushLog: Sendable {
  /// Every step taken so far.
  private(set) var events = EventLog()
  /// Every diagnostic raised so far, with its push.
  private(set) var diagnostics: [PushDiagnostic] = []
  /// ``diagnostics`` chained by push, made when first asked (``firstDiagnosticIndex(about:from:where:)``);
  /// shared by copies until one raises more.
  private var diagnosticChains = PushChains<PushDiagnostic>.Box()
  /// How many events of the app's own code are kept, per push and per run.
  private var appEventBounds = AppEventBounds()

  /// Whether an event of `kind` for `push` is kept: one of the app's own code past its push's
  /// or the run's bound is counted instead (``takeDroppedAppEvents()``).
  mutating func admits(_ kind: DeviceEvent.Kind, push: String?) -> Bool {
    appEventBounds.admit(kind, push: push)
  }

  /// Appends `event`.
  mutating func append(_ event: DeviceEvent) { events.append(event) }

  /// Records diagnostics about `push`.
  mutating func report(_ found: [Diagnostic], push: String?) {
    PushChains.Box.prepareToGrow(&diagnosticChains)
    for diagnostic in found {
      diagnostics.append(PushDiagnostic(push: push, diagnostic: diagnostic))
    }
  }

  /// Forgets the events logged before `cutoff` (the oldest ones, up to the first at or after
  /// it) and the diagnostics of the pushes in `pushes`; returns how many of each went.
  mutating func forget(eventsBefore cutoff: Date, diagnosticsOf pushes: Set<String>) -> (
    events: Int, diagnostics: Int
  ) {
    let old = events.prefix { $0.time < cutoff }.count
    events.removeFirst(old)
    let before = diagnostics.count
    if !pushes.isEmpty {
      diagnostics.removeAll { diagnostic in diagnostic.push.map(pushes.contains) ?? false }
    }
    if diagnostics.count != before { diagnosticChains = PushChains<PushDiagnostic>.Box() }
    return (old, before - diagnostics.count)
  }

  /// What the bounds on the app's events counted since the last time, per push and bound.
  mutating func takeDroppedAppEvents() -> [AppEventBounds.Dropped] { appEventBounds.takeDropped() }

  /// The position in ``diagnostics`` of the first finding at or after `start` about `push` that
  /// `matches` accepts; reads only that push's findings, through their chain.
  func firstDiagnosticIndex(
    about push: String, from start: Int, where matches: (PushDiagnostic) -> Bool
  ) -> Int? {
    diagnosticChains.firstIndex(about: push, from: start, in: diagnostics, where: matches)
  }
}
