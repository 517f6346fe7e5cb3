public import PushPayload

/// A check that did not hold, or a step that could not be carried out.
public struct Failure: Sendable, Equatable {
  /// The 1-based step number.
  public var step: Int
  /// The JSON path of the check inside the `expect` object (`notification.m1.title`), or the
  /// step's own key for a step that could not be carried out (`tap`).
  public var path: String
  /// The value written in the scenario (`nil` for an impossible step).
  public var expected: JSONValue?
  /// The value found (`nil` when there is none).
  public var actual: JSONValue?
  /// The failure in plain words.
  public var message: String

  /// Creates a failure.
  public init(step: Int, path: String, expected: JSONValue?, actual: JSONValue?, message: String) {
    self.step = step
    self.path = path
    self.expected = expected
    self.actual = actual
    self.message = message
  }
}

/// Compares an `expect` object with the device's state, written as JSON with the same field
/// names (ScenarioFormat.md, expect).
///
/// - Objects match partially: only the fields written are compared.
/// - `center`, `summary` and `routes` (and every other array) match exactly in length and order,
///   each element partially.
/// - `events` and `diagnostics` match as an ordered subsequence of what happened.
/// - `noEvents` and `noDiagnostics` hold when none of their elements matches any element of
///   `events` or `diagnostics` (``negatedKey(_:)``).
/// - Numbers compare within 1e-9.
///
/// - Complexity: linear in the size of the expected and actual values; a subsequence check
///   walks the actual list once (the earliest match is always a safe choice).
package enum ExpectationMatcher {
  /// The absolute tolerance for numbers.
  public static let tolerance = 1e-9

  /// Every failed check of `expected` against `actual`, for step `step`.
  public static func failures(
    expected: JSONObject, actual: JSONValue, step: Int
  ) -> [Failure] {
    var failures: [Failure] = []
    var path = JSONPath()
    matchObject(expected, actual, path: &path, step: step, topLevel: true, into: &failures)
    return failures
  }

  /// Integers compare exactly (9007199254740993 is not 9007199254740992, which a `Double`
  /// cannot tell apart); other numbers within ``tolerance``.
  static func numbersMatch(_ expected: JSONNumber, _ actual: JSONNumber) -> Bool {
    if let expectedInteger = expected.integer, let actualInteger = actual.integer {
      return expectedInteger == actualInteger
    }
    if isIntegerText(expected.text), isIntegerText(actual.text) {
      // Too large for `Int`: JSON integers have no leading zeros, so the digits decide.
      return integerDigits(expected.text) == integerDigits(actual.text)
    }
    return abs(actual.double - expected.double) <= tolerance || actual.double == expected.double
  }

  private static func isIntegerText(_ text: String) -> Bool {
    !text.isEmpty && !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
  }

  private static func integerDigits(_ text: String) -> String {
    text == "-0" ? "0" : text
  }

  /// Whether `actual` satisfies `expected` under the partial rules: what ``failures(expected:actual:step:)``
  /// decides, answered without building a failure, a path or a message (a subsequence check
  /// tries many candidates; a check after every push compares a few fields).
  public static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    switch expected.kind {
    case .object(let object):
      guard let actualObject = actual.objectValue else { return false }
      return membersMatch(object) { actualObject[$0] }
    case .array(let elements):
      guard let actualElements = actual.arrayValue, actualElements.count == elements.count else {
        return false
      }
      return zip(elements, actualElements).allSatisfy { matches($0, $1) }
    case .number(let number):
      guard let actualNumber = actual.numberValue else { return false }
      return numbersMatch(number, actualNumber)
    case .string, .bool, .null:
      return expected == actual
    }
  }

  /// Whether each member of `expected` matches the value `actual` gives for its key (`nil`:
  /// the field is absent, compared as `null`), as an object's members match: a member whose
  /// key matches as a subsequence (``isSubsequenceKey(_:)``) and whose value is an array
  /// matches as an ordered subsequence.
  ///
  /// `actual` reads a field of whatever is checked, so a caller can check a record's fields
  /// without building the record's JSON object first.
  static func membersMatch(_ expected: JSONObject, actual: (String) -> JSONValue?) -> Bool {
    for member in expected.uniqueMembers {
      if let negated = negatedKey(member.key) {
        // Only a list of elements can be negated (the schema allows nothing else).
        guard let expectedElements = member.value.arrayValue else { return false }
        let actualElements = actual(negated)?.arrayValue ?? []
        let anyHappened = expectedElements.contains { element in
          actualElements.contains { matches(element, $0) }
        }
        if anyHappened { return false }
        continue
      }
      let actualValue = actual(member.key) ?? JSONValue(.null)
      if isSubsequenceKey(member.key), let expectedElements = member.value.arrayValue {
        // Each candidate is tried with `matches`; a failure is worded only when none fits.
        var failures: [Failure] = []
        matchSubsequence(expectedElements, actualValue, path: JSONPath(), step: 0, into: &failures)
        guard failures.isEmpty else { return false }
      } else if !matches(member.value, actualValue) {
        return false
      }
    }
    return true
  }

  /// Whether an array under `key` matches as an ordered subsequence of what happened rather
  /// than element by element: `events` and `diagnostics`.
  static func isSubsequenceKey(_ key: String) -> Bool {
    key == "events" || key == "diagnostics"
  }

  /// For a negative check (`noEvents`, `noDiagnostics`), the list it reads (`events`,
  /// `diagnostics`): each element written must match none of that list's elements. `nil` for
  /// any other key.
  static func negatedKey(_ key: String) -> String? {
    switch key {
    case "noEvents": "events"
    case "noDiagnostics": "diagnostics"
    default: nil
    }
  }

  /// `path` is where `actual` sits; it is extended for each child and restored before
  /// returning (one path for the whole walk, copied only into a failure).
  private static func matchObject(
    _ expected: JSONObject, _ actual: JSONValue, path: inout JSONPath, step: Int,
    topLevel: Bool, into failures: inout [Failure]
  ) {
    guard let actualObject = actual.objectValue else {
      failures.append(
        Failure(
          step: step, path: path.description, expected: JSONValue(.object(expected)),
          actual: actual,
          message: "expected an object at \(path), found \(describe(actual))"))
      return
    }
    for key in expected.keys {
      guard let expectedValue = expected[key] else { continue }
      if let negated = negatedKey(key) {
        path.components.append(.key(key))
        if let expectedElements = expectedValue.arrayValue {
          matchNone(
            expectedElements, actualObject[negated] ?? JSONValue(.null), path: path, step: step,
            into: &failures)
        } else {
          failures.append(
            Failure(
              step: step, path: path.description, expected: expectedValue, actual: nil,
              message: "\(path): expected a list of \(negated) that must not happen"))
        }
        path.components.removeLast()
        continue
      }
      let actualValue = actualObject[key] ?? JSONValue(.null)
      path.components.append(.key(key))
      if isSubsequenceKey(key), let expectedElements = expectedValue.arrayValue {
        matchSubsequence(expectedElements, actualValue, path: path, step: step, into: &failures)
      } else {
        match(expectedValue, actualValue, path: &path, step: step, into: &failures)
      }
      path.components.removeLast()
    }
  }

  private static func match(
    _ expected: JSONValue, _ actual: JSONValue, path: inout JSONPath, step: Int,
    into failures: inout [Failure]
  ) {
    switch expected.kind {
    case .object(let object):
      matchObject(object, actual, path: &path, step: step, topLevel: false, into: &failures)
    case .array(let elements):
      guard let actualElements = actual.arrayValue else {
        failures.append(mismatch(expected, actual, path: path, step: step))
        return
      }
      guard actualElements.count == elements.count else {
        failures.append(
          Failure(
            step: step, path: path.description, expected: expected, actual: actual,
            message:
              "\(path): expected \(elements.count) element\(elements.count == 1 ? "" : "s"), found \(actualElements.count): \(JSONText.compact(actual))"
          ))
        return
      }
      for (index, element) in elements.enumerated() {
        path.components.append(.index(index))
        match(element, actualElements[index], path: &path, step: step, into: &failures)
        path.components.removeLast()
      }
    case .number(let number):
      guard let actualNumber = actual.numberValue, numbersMatch(number, actualNumber) else {
        failures.append(mismatch(expected, actual, path: path, step: step))
        return
      }
    case .string, .bool, .null:
      if expected != actual { failures.append(mismatch(expected, actual, path: path, step: step)) }
    }
  }

  private static func matchSubsequence(
    _ expected: [JSONValue], _ actual: JSONValue, path: JSONPath, step: Int,
    into failures: inout [Failure]
  ) {
    let actualElements = actual.arrayValue ?? []
    var position = 0
    for (index, element) in expected.enumerated() {
      let start = position
      var found = false
      while position < actualElements.count {
        let candidate = actualElements[position]
        position += 1
        if matches(element, candidate) {
          found = true
          break
        }
      }
      guard !found else { continue }
      let related = actualElements.filter { isRelated(element, $0) }.prefix(10)
      let what = path.components.last == .key("diagnostics") ? "diagnostic" : "event"
      failures.append(
        Failure(
          step: step, path: path.appending(index: index).description, expected: element,
          actual: JSONValue(.array(Array(related))),
          message: index == 0
            ? "no \(what) matches \(JSONText.compact(element))"
            : "no \(what) matches \(JSONText.compact(element)) after the one matching \(path)[\(index - 1)]"
        ))
      // Later checks still match after the last element that did match.
      position = start
    }
  }

  /// A negative check: each element of `expected` that matches an element of `actual` fails,
  /// showing the elements it matches (at most 10).
  private static func matchNone(
    _ expected: [JSONValue], _ actual: JSONValue, path: JSONPath, step: Int,
    into failures: inout [Failure]
  ) {
    let actualElements = actual.arrayValue ?? []
    let what = path.components.last == .key("noDiagnostics") ? "diagnostic" : "event"
    for (index, element) in expected.enumerated() {
      let happened = actualElements.filter { matches(element, $0) }
      guard let first = happened.first else { continue }
      let more = happened.count > 1 ? " (and \(happened.count - 1) more)" : ""
      failures.append(
        Failure(
          step: step, path: path.appending(index: index).description, expected: element,
          actual: JSONValue(.array(Array(happened.prefix(10)))),
          message:
            "\(path)[\(index)]: expected no \(what) matching \(JSONText.compact(element)), "
            + "found \(JSONText.compact(first))\(more)"))
    }
  }

  /// Events about the same push (or of the same kind), shown as the "actual" side of a
  /// failed subsequence check.
  private static func isRelated(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    if let push = expected["push"] { return actual["push"] == push }
    if let kind = expected["kind"] { return actual["kind"] == kind }
    if let code = expected["code"] { return actual["code"] == code }
    return false
  }

  private static func mismatch(
    _ expected: JSONValue, _ actual: JSONValue, path: JSONPath, step: Int
  ) -> Failure {
    Failure(
      step: step, path: path.description, expected: expected, actual: actual,
      message: "\(path): expected \(JSONText.compact(expected)), found \(describe(actual))")
  }

  private static func describe(_ value: JSONValue) -> String {
    value.isNull ? "nothing (null)" : JSONText.compact(value)
  }
}
