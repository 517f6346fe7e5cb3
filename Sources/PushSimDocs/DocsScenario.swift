import Foundation
import PushCore
import PushPayload
import PushScenario

/// One scenario as the documentation site shows it: a view of the runner's results.
///
/// Everything here comes from the scenario file, the event log and the state after each step
/// (Architecture.md: reports compute nothing of their own). ``DocsSite`` renders it.
package struct DocsScenario: Sendable {
  /// The scenario's `name`.
  package var name: String
  /// The scenario's `description` (`""` when none).
  package var description: String
  /// The file, as given on the command line (shown, never opened by the page).
  package var file: String
  /// Whether every `expect` check held and every step could be carried out.
  package var passed: Bool
  /// The iOS behaviours the scenario shows (from its events), in order of first appearance.
  package var behaviours: [String]
  /// Messages of failures that belong to no step (a file that could not be played).
  package var failures: [String]
  /// The timeline (the first page's steps, when later pages were written as the scenario
  /// played: ``stepCount`` says how many there are in all).
  package var steps: [DocsStep]
  /// How many steps the scenario has, on every page (``DocsSite/stepsPerPage``).
  package var stepCount: Int
  /// Files to copy beside the page (attachment thumbnails).
  package var assets: [Asset]

  /// Creates a scenario view.
  package init(
    name: String, description: String = "", file: String, passed: Bool,
    behaviours: [String] = [], failures: [String] = [], steps: [DocsStep] = [],
    assets: [Asset] = []
  ) {
    self.name = name
    self.description = description
    self.file = file
    self.passed = passed
    self.behaviours = behaviours
    self.failures = failures
    self.steps = steps
    self.stepCount = steps.count
    self.assets = assets
  }

  /// A file copied into the site.
  package struct Asset: Sendable, Hashable {
    /// The file's bytes, read while the scenario ran (the run's media folder may be gone
    /// by the time the site is written).
    package var data: Data
    /// Where it goes, relative to the site folder (`chat-files/m1-1.jpg`); pages refer to it
    /// by this path.
    package var path: String

    /// Creates an asset.
    package init(data: Data, path: String) {
      self.data = data
      self.path = path
    }
  }
}

/// One step of a scenario's timeline, with what it did and what the phone showed after it.
package struct DocsStep: Sendable {
  /// The step's number in the file, from 1.
  package var number: Int
  /// Virtual seconds since the scenario started, when the step ran.
  package var offset: TimeInterval
  /// The step's key: `push`, `wait`, `set`, `tap`, `dismiss`, `clear` or `expect`.
  package var kind: String
  /// A one-line title (`Push m1`, `Wait 30s`, `Tap m1: Reply`).
  package var title: String
  /// The step's `note`.
  package var note: String?
  /// For a push step: what was sent and what APNs said.
  package var push: DocsPush?
  /// The events the step caused, in order.
  package var events: [DocsEvent]
  /// Checks that failed in this step (an `expect` step, or a step that could not be done).
  package var failures: [DocsFailure]
  /// How many checks an `expect` step made (0 for other steps).
  package var checkCount: Int
  /// The phone after the step (`nil` for `expect` steps, which change nothing).
  package var phone: PhoneSnapshot?
  /// The phone as the user acts, before the step's result: a long press showing the
  /// notification's actions, for a `tap` step that picks an action.
  package var gesture: PhoneSnapshot?

  /// Creates a step.
  package init(
    number: Int, offset: TimeInterval, kind: String, title: String, note: String? = nil,
    push: DocsPush? = nil, events: [DocsEvent] = [], failures: [DocsFailure] = [],
    checkCount: Int = 0, phone: PhoneSnapshot? = nil, gesture: PhoneSnapshot? = nil
  ) {
    self.number = number
    self.offset = offset
    self.kind = kind
    self.title = title
    self.note = note
    self.push = push
    self.events = events
    self.failures = failures
    self.checkCount = checkCount
    self.phone = phone
    self.gesture = gesture
  }
}

/// A push as sent: payload, headers, APNs's verdict and the diagnostics about it.
package struct DocsPush: Sendable {
  /// The scenario's id for the push.
  package var id: String
  /// The payload as parsed (`nil` when it is not a JSON object: ``rawText`` is shown).
  package var payload: JSONValue?
  /// The bytes as sent, as text (shown when the payload is not JSON).
  package var rawText: String
  /// The size of the body in bytes.
  package var bytes: Int
  /// The request headers, in a stable order.
  package var headers: [(name: String, value: String)]
  /// Whether APNs accepted the request.
  package var accepted: Bool
  /// APNs's HTTP status (200, 400, 413).
  package var httpStatus: Int
  /// APNs's reason when it rejected the request (`PayloadTooLarge`).
  package var reason: String?
  /// What APNs, the device, the model and lint said about the push.
  package var diagnostics: [Diagnostic]
  /// Payload paths that mattered (`aps.alert.title`, `chat-id`), besides those the
  /// diagnostics name: the keys the device or the app read.
  package var usedPaths: Set<String>

  /// Creates a push view.
  package init(
    id: String, payload: JSONValue?, rawText: String, bytes: Int,
    headers: [(name: String, value: String)] = [], accepted: Bool = true, httpStatus: Int = 200,
    reason: String? = nil, diagnostics: [Diagnostic] = [], usedPaths: Set<String> = []
  ) {
    self.id = id
    self.payload = payload
    self.rawText = rawText
    self.bytes = bytes
    self.headers = headers
    self.accepted = accepted
    self.httpStatus = httpStatus
    self.reason = reason
    self.diagnostics = diagnostics
    self.usedPaths = usedPaths
  }
}

/// One event of the device's log, as a page lists it.
package struct DocsEvent: Sendable, Hashable {
  /// Virtual seconds since the scenario started.
  package var offset: TimeInterval
  /// The kind (`delivered`, `media.failed`).
  package var kind: String
  /// The push it concerns.
  package var push: String?
  /// Whose rule decided it.
  package var source: DiagnosticSource
  /// Why, in plain words.
  package var reason: String

  /// Creates an event view.
  package init(
    offset: TimeInterval, kind: String, push: String?, source: DiagnosticSource, reason: String
  ) {
    self.offset = offset
    self.kind = kind
    self.push = push
    self.source = source
    self.reason = reason
  }
}

/// A failed check or an impossible step.
package struct DocsFailure: Sendable, Hashable {
  /// The JSON path of the check (`notification.m1.title`), `nil` for an impossible step.
  package var path: String?
  /// The expected value, as JSON text.
  package var expected: String?
  /// The actual value, as JSON text.
  package var actual: String?
  /// What went wrong, in plain words.
  package var message: String

  /// Creates a failure view.
  package init(path: String? = nil, expected: String? = nil, actual: String? = nil, message: String)
  {
    self.path = path
    self.expected = expected
    self.actual = actual
    self.message = message
  }
}
