import PushPayload

/// A `pushsim run` report written scenario by scenario: ``start()``, then ``append(_:)`` for
/// each scenario's part in suite order as soon as it is played, then ``finish()``. Joined, the
/// pieces are byte for byte the reporter's `report(_:)` of the same results, and no piece needs
/// the results before it, so a run need not keep every scenario's events until the end.
///
/// ``render(_:)`` depends on one result only, so each scenario's part can be rendered on the
/// core that played it (``SuiteRunner/run(_:transform:handle:)``); only ``append(_:)``, which
/// adds separators and counts, runs in suite order.
public protocol ReportStream: Sendable {
  /// One scenario's part, rendered on its own (any thread, any order).
  func render(_ result: ScenarioResult) -> ReportPart
  /// The text before the first scenario.
  mutating func start() -> String
  /// The text of the next scenario's part (with the separator before it).
  mutating func append(_ part: ReportPart) -> String
  /// Hands the next scenario's part (with the separator before it) to `write`, in pieces
  /// when the part was left to render here (a long scenario, ``ReportPart/isDeferred``).
  /// Returns false as soon as `write` does.
  mutating func append(_ part: ReportPart, writing write: (String) -> Bool) -> Bool
  /// ``append(_:writing:)`` handing on each piece's UTF-8 bytes: the pieces a long part is
  /// written in are never made into strings (checking the UTF-8 of a report of hundreds of
  /// megabytes that the reporter wrote itself, and allocating a string per piece, cost more
  /// than writing them).
  mutating func appendUTF8(_ part: ReportPart, writing write: (UnsafeBufferPointer<UInt8>) -> Bool)
    -> Bool
  /// The text after the last scenario.
  mutating func finish() -> String
  /// Hands ``finish()``'s text to `write`, in pieces when the stream kept its parts (JUnit's
  /// counts come first). Returns false as soon as `write` does.
  mutating func finish(writing write: (String) -> Bool) -> Bool
}

/// One scenario's part of a report, rendered, and whether the scenario passed (for the counts).
///
/// A long scenario's JSON or text part is not rendered ahead: it keeps the result, and
/// ``ReportStream/append(_:writing:)`` writes it piece by piece in suite order, so its text is
/// never whole in memory.
public struct ReportPart: Sendable {
  /// The rendered text, as a string or as the UTF-8 a reporter wrote: a part written as bytes
  /// is handed to the output as bytes, never checked again as UTF-8 to become a string.
  private var rendered: Rendered
  private enum Rendered {
    case text(String)
    case utf8([UInt8])
  }

  /// The rendered text (empty when the part is deferred).
  public var text: String {
    get {
      switch rendered {
      case .text(let text): text
      case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
      }
    }
    set { rendered = .text(newValue) }
  }
  /// Whether the scenario passed.
  public var passed: Bool
  /// The result to render when the part is written, for a deferred part.
  var result: ScenarioResult?

  /// Creates a part.
  public init(text: String, passed: Bool) {
    self.rendered = .text(text)
    self.passed = passed
  }

  /// A part rendered as UTF-8 bytes.
  init(utf8: [UInt8], passed: Bool) {
    self.rendered = .utf8(utf8)
    self.passed = passed
  }

  /// A part rendered only when it is written.
  init(deferring result: ScenarioResult) {
    self.rendered = .text("")
    self.passed = result.passed
    self.result = result
  }

  /// Calls `body` with the rendered text's UTF-8.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    switch rendered {
    case .text(var text): text.withUTF8(body)
    case .utf8(let bytes): bytes.withUnsafeBufferPointer(body)
    }
  }

  /// Whether the part is rendered only when it is written.
  public var isDeferred: Bool { result != nil }
}

/// The pieces `write` hands on, joined: a streamed writer's text, whole.
func joinedPieces(_ write: ((String) -> Bool) -> Bool) -> String {
  var text = ""
  _ = write { piece in
    text += piece
    return true
  }
  return text
}

/// The UTF-8 pieces `write` hands on, joined.
func joinedUTF8(_ write: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Bool) -> [UInt8] {
  var bytes: [UInt8] = []
  _ = write { piece in
    bytes.append(contentsOf: piece)
    return true
  }
  return bytes
}

extension ReportStream {
  /// Writes ``append(_:)``'s text.
  public mutating func append(_ part: ReportPart, writing write: (String) -> Bool) -> Bool {
    write(append(part))
  }

  /// Writes ``append(_:writing:)``'s pieces as UTF-8.
  public mutating func appendUTF8(
    _ part: ReportPart, writing write: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    append(part) { (piece: String) in
      var piece = piece
      return piece.withUTF8 { write($0) }
    }
  }

  /// Writes ``finish()``'s text.
  public mutating func finish(writing write: (String) -> Bool) -> Bool { write(finish()) }

  /// Renders and appends one scenario's part.
  public mutating func part(_ result: ScenarioResult) -> String { append(render(result)) }

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

    /// Scenarios with more events than this are rendered piece by piece when written, in
    /// suite order, rather than whole on the core that played them.
    var deferredEvents = 20_000
    /// The size of the pieces a deferred part is written in.
    var pieceSize = 1 << 18

    /// One scenario's part (``ReportStream/render(_:)``).
    public func render(_ result: ScenarioResult) -> ReportPart {
      guard result.events.count <= deferredEvents else { return ReportPart(deferring: result) }
      var bytes = joinedUTF8 { reporter.write(result, pieceSize: .max, toUTF8: $0) }
      bytes.append(UInt8(ascii: "\n"))
      return ReportPart(utf8: bytes, passed: result.passed)
    }

    /// The text before the first scenario (``ReportStream/start()``).
    public mutating func start() -> String { "" }

    /// The next scenario's part (``ReportStream/append(_:)``).
    public mutating func append(_ part: ReportPart) -> String {
      joinedPieces { append(part, writing: $0) }
    }

    /// The next scenario's part, handed to `write` (``ReportStream/append(_:writing:)``).
    public mutating func append(_ part: ReportPart, writing write: (String) -> Bool) -> Bool {
      appendUTF8(part) { piece in write(String(decoding: piece, as: UTF8.self)) }
    }

    /// The next scenario's part as UTF-8 (``ReportStream/appendUTF8(_:writing:)``).
    public mutating func appendUTF8(
      _ part: ReportPart, writing write: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
      if part.passed { passed += 1 } else { failed += 1 }
      guard let result = part.result else { return part.withUTF8(write) }
      var blank = "\n"
      return reporter.write(result, pieceSize: pieceSize, toUTF8: write)
        && blank.withUTF8 { write($0) }
    }

    /// The text after the last scenario (``ReportStream/finish()``).
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

    /// Scenarios with more events than this are rendered piece by piece when written, in
    /// suite order, rather than whole on the core that played them.
    var deferredEvents = 20_000
    /// The size of the pieces a deferred part is written in (256 KiB: few writes, and a
    /// buffer that stays small beside the device's state).
    var pieceSize = 1 << 18

    /// One scenario's part (``ReportStream/render(_:)``).
    public func render(_ result: ScenarioResult) -> ReportPart {
      guard result.events.count <= deferredEvents else {
        return ReportPart(deferring: result)
      }
      let bytes = joinedUTF8 { reporter.write(result, level: 2, toUTF8: $0) }
      return ReportPart(utf8: bytes, passed: result.passed)
    }

    /// The text before the first scenario (``ReportStream/start()``).
    public mutating func start() -> String { "{\n  \"scenarios\": [" }

    /// The next scenario's part (``ReportStream/append(_:)``).
    public mutating func append(_ part: ReportPart) -> String {
      joinedPieces { append(part, writing: $0) }
    }

    /// The next scenario's part, handed to `write` (``ReportStream/append(_:writing:)``).
    public mutating func append(_ part: ReportPart, writing write: (String) -> Bool) -> Bool {
      appendUTF8(part) { piece in write(String(decoding: piece, as: UTF8.self)) }
    }

    /// The next scenario's part as UTF-8 (``ReportStream/appendUTF8(_:writing:)``).
    public mutating func appendUTF8(
      _ part: ReportPart, writing write: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
      var separator = passed + failed == 0 ? "\n    " : ",\n    "
      if part.passed { passed += 1 } else { failed += 1 }
      guard let result = part.result else {
        return separator.withUTF8 { write($0) } && part.withUTF8(write)
      }
      return separator.withUTF8 { write($0) }
        && reporter.write(result, level: 2, pieceSize: pieceSize, toUTF8: write)
    }

    /// The text after the last scenario (``ReportStream/finish()``).
    public mutating func finish() -> String {
      (passed + failed == 0 ? "]" : "\n  ]")
        + ",\n  \"passed\": \(passed),\n  \"failed\": \(failed)\n}\n"
    }
  }
}

extension JUnitReporter {
  /// The JUnit document. Its opening tags count the failures, so each scenario's
  /// `<testcase>` is rendered as it finishes and kept as text (not its events) until
  /// ``finish()`` writes the whole document. A long scenario's `<testcase>` is rendered when
  /// it is appended, into pieces that are kept as they are and written one by one by
  /// ``finish(writing:)``: its transcript is never one text beside its escaped copy.
  public struct Stream: ReportStream {
    let reporter: JUnitReporter
    /// The `<testcase>` elements so far, in pieces.
    var testcases: [String] = []
    var tests = 0
    var failed = 0

    /// A stream of `reporter`'s document.
    public init(_ reporter: JUnitReporter) { self.reporter = reporter }

    /// Scenarios with more events than this are rendered piece by piece when appended, in
    /// suite order, rather than whole on the core that played them.
    var deferredEvents = 20_000
    /// The size of the pieces a deferred part is kept in.
    var pieceSize = 1 << 18

    /// One scenario's part (``ReportStream/render(_:)``).
    public func render(_ result: ScenarioResult) -> ReportPart {
      guard result.events.count <= deferredEvents else { return ReportPart(deferring: result) }
      return ReportPart(text: reporter.testcase(result), passed: result.passed)
    }

    /// The text before the first scenario (``ReportStream/start()``).
    public mutating func start() -> String { "" }

    /// The next scenario's part (``ReportStream/append(_:)``).
    public mutating func append(_ part: ReportPart) -> String {
      tests += 1
      if !part.passed { failed += 1 }
      guard let result = part.result else {
        testcases.append(part.text)
        return ""
      }
      _ = reporter.write(result, pieceSize: pieceSize) { piece in
        testcases.append(piece)
        return true
      }
      return ""
    }

    /// The text after the last scenario (``ReportStream/finish()``).
    public mutating func finish() -> String {
      joinedPieces { finish(writing: $0) }
    }

    /// The text after the last scenario, handed to `write` (``ReportStream/finish(writing:)``).
    public mutating func finish(writing write: (String) -> Bool) -> Bool {
      let pieces = testcases
      testcases = []
      return write(reporter.header(tests: tests, failures: failed))
        && pieces.allSatisfy { write($0) } && write(reporter.footer)
    }
  }
}
