/// libFuzzer entry point: arbitrary bytes through the JSON reader, the payload model, the APNs
/// verdict and lint, with headers taken from the input too (issue 2, Reliability); the same
/// bytes read in place (`JSONTape`) must be judged exactly as the tree judges them.
///
/// Built by `bash Fuzz/run.sh 60 Payload` with `swiftc -sanitize=fuzzer,address` in one module
/// with `Sources/PushPayload/**/*.swift`. Any trap, sanitizer report, hang or unbounded memory
/// is a bug; keep the input as a regression fixture in `Fuzz/Payload/regressions/` (replayed first on every run).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // The first byte picks headers, so the verdict's header paths are fuzzed as well.
  let selector = bytes.first ?? 0
  let pushTypes: [String?] = [nil, "alert", "background", "voip", "liveactivity", "bogus"]
  let headers = PushHeaders(
    pushType: pushTypes[Int(selector) % pushTypes.count],
    priority: selector & 0x08 == 0 ? nil : "10",
    collapseID: selector & 0x10 == 0 ? nil : String(decoding: bytes.prefix(70), as: UTF8.self),
    expiration: selector & 0x20 == 0 ? nil : String(decoding: bytes.prefix(12), as: UTF8.self),
    topic: selector & 0x40 == 0 ? nil : "com.example.app.voip",
    apnsID: selector & 0x80 == 0 ? nil : String(decoding: bytes.prefix(36), as: UTF8.self))
  let app = AppFacts(categories: ["message"], sounds: ["a.caf"], entitlements: ["time-sensitive"])
  let validation = PayloadValidation(body: bytes, headers: headers, app: app)
  // Read in place (`validate --jsonl`), the same bytes must be judged exactly as the tree
  // judges them.
  let inPlace = PayloadValidation(readingInPlace: bytes[...], headers: headers, app: app)
  precondition(inPlace.verdict == validation.verdict, "in-place verdict differs")
  precondition(inPlace.diagnostics == validation.diagnostics, "in-place findings differ")
  precondition(inPlace.payload?.aps == validation.payload?.aps, "in-place aps differs")
  precondition(
    inPlace.jsonText(line: 1) == validation.jsonText(line: 1), "in-place JSON result differs")
  // Exercise everything a report touches: JSON and text output, positions, userInfo.
  _ = validation.jsonText(line: 1)
  _ = validation.textReport(name: "fuzz")
  if let payload = validation.payload { _ = payload.userInfo.count }
  if let document = validation.document {
    _ = document.root.jsonText
    _ = document.position(ofByte: size / 2)
    for duplicate in document.duplicateKeys { _ = JSONPath(parsing: duplicate.path.description) }
    // A report writes a kept body token by token: it must be the tree's text, byte for byte.
    var tree = JSONWriter()
    tree.prettyValue(document.root, level: 2)
    var direct = JSONWriter()
    if direct.prettyJSON(bytes, level: 2) {
      precondition(direct.bytes == tree.bytes, "JSONWriter.prettyJSON differs from prettyValue")
    }
  }
  // The app-description reader shares the JSON reader; fuzz it on the same bytes.
  _ = try? AppFacts(json: bytes)
  return 0
}
