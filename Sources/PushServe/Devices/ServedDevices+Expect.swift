import Foundation
import PushDevice
import PushPayload
import PushScenario

extension ServedDevices {
  /// Each device checked against `file` as `pushsim run` checks a scenario's `expect` steps
  /// (the file's `expect` is step 1, the device's own step 2): one result per device, in the
  /// devices file's order, its events and final state read from the device as it is now.
  func results(of file: ExpectationFile, since start: Date) async -> [ScenarioResult] {
    var results: [ScenarioResult] = []
    let time = now()
    for index in phones.indices {
      await follow(wallClock: time, phone: index)
      let expectations = file.expectations(for: phones[index].name)
      var (device, failures) = await phones[index].host.read { device in
        var failures: [Failure] = []
        for (number, expectation) in expectations.enumerated() {
          failures += expectation.failures(on: device, step: number + 1)
        }
        return (device, failures)
      }
      if !expectations.isEmpty, let note = windowNote(index) {
        // Checked on what the device keeps: said once per device, and on each failure.
        log.model("checked on what it keeps: " + note)
        for number in failures.indices { failures[number].message += " (\(note))" }
      }
      results.append(
        ScenarioResult(
          name: phones[index].name, description: nil, file: file.path, start: start,
          events: device.events.events, device: device, failures: failures))
    }
    return results
  }

  /// `POST /pushsim/v1/devices/<name>/expect`: the body is one `expect` object; the answer is
  /// `{"passed": …, "failures": [{"path", "expected", "actual", "message"}]}`, or 400 with the
  /// position of what cannot be read.
  func expect(_ body: [UInt8], phone index: Int, at time: Date) async -> ServeResponse {
    let expectation: Expectation
    do {
      expectation = try ExpectationFile.expectation(bytes: body, name: "request body")
    } catch {
      return Self.error(400, error.description)
    }
    await follow(wallClock: time, phone: index)
    let failures = await phones[index].host.read { expectation.failures(on: $0, step: 1) }
    let note = windowNote(index)
    let list = failures.map { failure -> JSONValue in
      JSONValue(
        .object(
          JSONObject([
            JSONMember(key: "path", value: JSONValue(.string(failure.path))),
            JSONMember(key: "expected", value: failure.expected ?? JSONValue(.null)),
            JSONMember(key: "actual", value: failure.actual ?? JSONValue(.null)),
            JSONMember(
              key: "message",
              value: JSONValue(.string(failure.message + (note.map { " (\($0))" } ?? "")))),
          ])))
    }
    var members = [
      JSONMember(key: "passed", value: JSONValue(.bool(failures.isEmpty))),
      JSONMember(key: "failures", value: JSONValue(.array(list))),
      JSONMember(key: "window", value: windowJSON(index)),
    ]
    if let note { members.append(JSONMember(key: "note", value: JSONValue(.string(note)))) }
    return Self.json(200, JSONValue(.object(JSONObject(members))))
  }
}

extension PushServer {
  /// Each device checked against `file` (``ServedDevices/results(of:since:)``): what
  /// `pushsim serve --expect` reports when it stops.
  package func results(of file: ExpectationFile, since start: Date) async -> [ScenarioResult] {
    await devices.results(of: file, since: start)
  }
}
