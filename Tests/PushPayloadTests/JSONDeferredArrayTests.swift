import PushPayload
import Testing

/// A deferred array (a scenario's `steps`) is checked like the rest of the document, kept out
/// of the tree, and read back element by element with the same values and byte ranges.
@Suite struct JSONDeferredArrayTests {
  let text = """
    {"name": "n", "steps": [ {"push": {"id": "a", "n": [1, 2.5e3]}} ,
      {"expect": {"x": "caf\\u00e9"}}, [], "s" ], "after": {"steps": [1]}}
    """

  @Test func elementsReadBackEqualTheWholeParse() throws {
    let bytes = Array(text.utf8)
    let whole = try JSONDocument(parsing: bytes, compact: true)
    let deferred = try JSONDocument(parsing: bytes, compact: true, deferring: "steps")
    let steps = try #require(whole.root["steps"])
    let kept = try #require(deferred.root["steps"])
    #expect(kept.arrayValue?.isEmpty == true)
    #expect(kept.byteRange == steps.byteRange)
    // Only the root's member is deferred, not a nested one of the same name.
    #expect(deferred.root["after"]?["steps"]?.arrayValue?.count == 1)
    let array = try #require(deferred.deferredArrays[steps.byteRange.lowerBound])
    #expect(deferred.deferredArrays.count == 1)
    let elements = try #require(steps.arrayValue)
    #expect(array.count == elements.count)
    for index in elements.indices {
      let read = try array.element(index, in: bytes)
      #expect(read == elements[index])
      #expect(read.byteRange == elements[index].byteRange)
      #expect(array.elementRanges[index] == elements[index].byteRange)
    }
  }

  @Test func anEmptyArrayIsDeferredEmpty() throws {
    let bytes = Array(#"{"steps": [ ]}"#.utf8)
    let document = try JSONDocument(parsing: bytes, deferring: "steps")
    #expect(document.deferredArrays[10]?.count == 0)
  }

  @Test func aValueThatIsNotAnArrayStaysInTheTree() throws {
    let document = try JSONDocument(
      parsing: Array(#"{"steps": {"a": 1}}"#.utf8), deferring: "steps")
    #expect(document.deferredArrays.isEmpty)
    #expect(document.root["steps"]?["a"] != nil)
  }

  @Test func aSyntaxErrorInsideADeferredElementIsReportedWhereTheWholeParseReportsIt() {
    let bad = Array("{\"steps\": [{\"a\": 1},\n  {\"b\": tru}]}".utf8)
    var plain: JSONSyntaxError?
    var deferred: JSONSyntaxError?
    do { _ = try JSONDocument(parsing: bad) } catch { plain = error }
    do { _ = try JSONDocument(parsing: bad, deferring: "steps") } catch { deferred = error }
    #expect(plain != nil)
    #expect(deferred?.message == plain?.message)
    #expect(deferred?.line == 2)
    #expect(deferred?.column == plain?.column)
  }

  @Test func readingFromOtherBytesFailsInsteadOfTrapping() throws {
    let bytes = Array(#"{"steps": [{"a": 1}]}"#.utf8)
    let document = try JSONDocument(parsing: bytes, deferring: "steps")
    let array = try #require(document.deferredArrays.values.first)
    #expect(throws: JSONSyntaxError.self) { try array.element(0, in: Array("{}".utf8)) }
    #expect(throws: JSONSyntaxError.self) {
      try array.element(0, in: Array("{\"steps\": [xxxxxxx".utf8))
    }
  }

  /// The deferred elements are checked without building them: every truncation and many
  /// one-byte changes of a document fail with the same error at the same offset either way.
  @Test func checkingWithoutKeepingFailsExactlyLikeReading() {
    let base = Array(
      #"{"steps": [{"push": {"id": "a\u00e9", "n": [1, -2.5e3, true, null]}}, {"k": "\ud83d"}, [[]], {}]}"#
        .utf8)
    var variants: [[UInt8]] = (0..<base.count).map { Array(base[..<$0]) }
    let replacements: [UInt8] = [
      UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""),
      UInt8(ascii: ":"), UInt8(ascii: "x"), UInt8(ascii: "\\"), 0x00, 0xFF, 0xC3,
    ]
    for offset in base.indices {
      for byte in replacements {
        var changed = base
        changed[offset] = byte
        variants.append(changed)
      }
    }
    var failures = 0
    for bytes in variants {
      let plain = outcome { () throws(JSONSyntaxError) in try JSONDocument(parsing: bytes) }
      let deferred = outcome { () throws(JSONSyntaxError) in
        try JSONDocument(parsing: bytes, deferring: "steps")
      }
      if plain != deferred { failures += 1 }
    }
    #expect(failures == 0)
    #expect(variants.count > 1000)
  }

  /// An object named by a path of keys from the element is checked but not built: it reads as
  /// an empty object with its own byte range, and the same member name anywhere else (deeper,
  /// shallower, under another key, holding a non-object) is read as usual.
  @Test func anElementCanLeaveTheObjectAtAPathOfKeysUnbuilt() throws {
    let text = """
      {"steps": [
        {"push": {"id": "a", "payload": { "aps" : {"alert": "x"}, "n": [1] }}},
        {"expect": {"push": {"payload": {"k": 1}}}, "payload": {"k": 2}},
        {"push": {"payload": "not an object"}},
        {"push": {"payload": {"first": 1}, "payload": {"second": 2}}}
      ]}
      """
    let bytes = Array(text.utf8)
    let whole = try JSONDocument(parsing: bytes, compact: true)
    let document = try JSONDocument(parsing: bytes, compact: true, deferring: "steps")
    let array = try #require(document.deferredArrays.values.first)
    let steps = try #require(whole.root["steps"]?.arrayValue)
    let keys = ["push", "payload"]

    let first = try array.element(0, in: bytes, skipping: keys)
    let written = try #require(steps[0]["push"]?["payload"])
    #expect(first.skipped == written.byteRange)
    let unbuilt = try #require(first.value["push"]?["payload"])
    #expect(unbuilt.objectValue?.members.isEmpty == true)
    #expect(unbuilt.byteRange == written.byteRange)
    #expect(first.value["push"]?["id"]?.stringValue == "a")

    // Not on the path: read as a tree, nothing skipped.
    for index in 1...2 {
      let read = try array.element(index, in: bytes, skipping: keys)
      #expect(read.skipped == nil)
      #expect(read.value == steps[index])
    }
    // Only the first of repeated members is left unbuilt; the one lookups find is read.
    let repeated = try array.element(3, in: bytes, skipping: keys)
    #expect(repeated.skipped == steps[3]["push"]?.objectValue?.members.first?.value.byteRange)
    #expect(repeated.value["push"]?["payload"]?["second"] != nil)
    // Without keys, the element is the whole tree.
    #expect(try array.element(0, in: bytes, skipping: []).value == steps[0])
  }

  /// "ok", or the error's message and offset.
  private func outcome(_ parse: () throws(JSONSyntaxError) -> JSONDocument) -> String {
    do {
      _ = try parse()
      return "ok"
    } catch {
      return "\(error.byteOffset): \(error.message)"
    }
  }
}
