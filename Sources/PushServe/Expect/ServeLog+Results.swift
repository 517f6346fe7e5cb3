import PushPayload
public import PushScenario

extension ServeLog {
  /// What `--expect` found on each device when the server stopped, in `pushsim run`'s words:
  /// `PASS`, or `FAIL (N failures)` and a `step N: message` line per failure; then
  /// `N passed, N failed`. In JSON, one `{"type": "result", …}` line per device.
  public func results(_ results: [ScenarioResult]) {
    for result in results {
      switch format {
      case .text:
        var text = "\(TerminalText.escaped(result.name))  "
        if result.passed {
          text += "PASS\n"
        } else {
          let count = result.failures.count
          text += "FAIL (\(count) failure\(count == 1 ? "" : "s"))\n"
          for failure in result.failures {
            text += "    step \(failure.step): \(TerminalText.escaped(failure.message))\n"
          }
        }
        write(text)
      case .json:
        let failures = result.failures.map { failure in
          JSONValue(
            .object(
              JSONObject([
                JSONMember(key: "step", value: JSONValue(.number(JSONNumber(failure.step)))),
                JSONMember(key: "path", value: JSONValue(.string(failure.path))),
                JSONMember(key: "expected", value: failure.expected ?? JSONValue(.null)),
                JSONMember(key: "actual", value: failure.actual ?? JSONValue(.null)),
                JSONMember(key: "message", value: JSONValue(.string(failure.message))),
              ])))
        }
        publish {
          $0.emit([
            ("type", "result"), ("device", JSONValue(.string(result.name))),
            ("passed", JSONValue(.bool(result.passed))),
            ("failures", JSONValue(.array(failures))),
          ])
        }
      }
    }
    let passed = results.filter(\.passed).count
    if format == .text { write("\(passed) passed, \(results.count - passed) failed\n") }
  }
}
