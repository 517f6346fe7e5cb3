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
}
