/// libFuzzer entry point: arbitrary bytes through the scenario decoder, as a `.json` scenario or
/// as an `.apns` file (the first byte picks which), the way `pushsim run` and `validate` read one.
///
/// Built by `bash Fuzz/run.sh 60 Scenario` with `swiftc -sanitize=fuzzer,address` in one module
/// with `Sources/PushScenario/**/*.swift`, linked against instrumented PushPayload,
/// PushLocalization and PushDevice. Any trap, sanitizer report, hang or unbounded memory is a bug.
/// The scenario "lives" in the fuzzer's working folder, so relative `payloadFile`, `app` and media
/// references resolve (and stay confined) there.
import Foundation
import PushPayload

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let name = (bytes.first ?? 0) & 1 == 0 ? "fuzz.json" : "fuzz.apns"
  let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  let url = folder.appendingPathComponent(name)
  do {
    let scenario = try ScenarioLoader().decode(bytes: bytes, path: name, url: url)
    // Exercise what reports and docs read of a decoded scenario.
    _ = scenario.name
    _ = scenario.description
    _ = scenario.steps.count
  } catch {
    // Invariant: a syntax or shape error points into the file (1-based line and column).
    if let location = error.location, location.line < 1 || location.column < 1 {
      fatalError("error without a valid position: \(error)")
    }
    _ = error.description
  }
  return 0
}
