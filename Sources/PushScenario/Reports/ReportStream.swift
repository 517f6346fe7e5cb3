import PushPayload

/// A `pushsim run` report written scenario by scenario: ``start()``, then ``part(_:)`` for each
/// result in suite order as soon as it is played, then ``finish()``. Joined, the pieces are
/// byte for byte the reporter's `report(_:)` of the same results, and no piece needs the
/// results before it, so a run need not keep every scenario's events until the end.
public protocol ReportStream {
  /// The text before the first scenario.
  mutating func start() -> String
  /// The text of one scenario (with the separator before it).
  mutating func part(_ result: ScenarioResult) -> String
  /// The text after the last scenario.
  mutating func finish() -> String
}

extension ReportStream {
  /// The whole report of `results`, piece by piece (what a stream writes, joined).
  public mutating func report(_ results: [ScenarioResult]) -> String {
    var text = start()
    for result in results { text += part(result) }
    return text + finish()
  }
}

extension TextReporter {
  /// The transcript, one scenario at a time; the last line counts them.
  public struct Stream: ReportStream {
    let reporter: TextReporter
    var passed = 0
    var failed = 0

    /// A stream of `reporter`'s transcript.
    public init(_ reporter: TextReporter) { self.reporter = reporter }

    public mutating func start() -> String { "" }

    public mutating func part(_ result: ScenarioResult) -> String {
      if result.passed { passed += 1 } else { failed += 1 }
      return reporter.transcript(result) + "\n"
    }

    public mutating func finish() -> String { "\(passed) passed, \(failed) failed\n" }
  }
}

extension JSONReporter {
  /// The JSON document, one element of `scenarios` at a time; the counts come last.
  public struct Stream: ReportStream {
    let reporter: JSONReporter
    var passed = 0
    var failed = 0

    /// A stream of `reporter`'s document.
    public init(_ reporter: JSONReporter) { self.reporter = reporter }

    public mutating func start() -> String { "{\n  \"scenarios\": [" }

    public mutating func part(_ result: ScenarioResult) -> String {
      let separator = passed + failed == 0 ? "\n    " : ",\n    "
      if result.passed { passed += 1 } else { failed += 1 }
      return separator + JSONText.pretty(reporter.scenario(result), level: 2)
    }

    public mutating func finish() -> String {
      (passed + failed == 0 ? "]" : "\n  ]")
        + ",\n  \"passed\": \(passed),\n  \"failed\": \(failed)\n}\n"
    }
  }
}

extension JUnitReporter {
  /// The JUnit document. Its opening tags count the failures, so each scenario's
  /// `<testcase>` is rendered as it finishes and kept as text (not its events) until
  /// ``finish()`` writes the whole document.
  public struct Stream: ReportStream {
    let reporter: JUnitReporter
    var testcases = ""
    var tests = 0
    var failed = 0

    /// A stream of `reporter`'s document.
    public init(_ reporter: JUnitReporter) { self.reporter = reporter }

    public mutating func start() -> String { "" }

    public mutating func part(_ result: ScenarioResult) -> String {
      tests += 1
      if !result.passed { failed += 1 }
      testcases += reporter.testcase(result)
      return ""
    }

    public mutating func finish() -> String {
      let xml = reporter.header(tests: tests, failures: failed) + testcases + reporter.footer
      testcases = ""
      return xml
    }
  }
}
