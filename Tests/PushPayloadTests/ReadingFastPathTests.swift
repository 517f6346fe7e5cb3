import PushPayload
import Testing

/// The fast paths `validate --jsonl` relies on give exactly what the general paths give.
@Suite struct ReadingFastPathTests {
  /// Every key Apple defines, read as a constant, and keys that only resemble one.
  static let knownKeys = [
    "aps", "body", "alert", "badge", "sound", "title", "event", "action", "loc-key", "category",
    "subtitle", "loc-args", "url-args", "thread-id", "timestamp", "stale-date", "attributes",
    "summary-arg", "launch-image", "title-loc-key", "content-state", "title-loc-args",
    "action-loc-key", "dismissal-date", "mutable-content", "relevance-score", "filter-criteria",
    "attributes-type", "subtitle-loc-key", "input-push-token", "content-available",
    "target-content-id", "subtitle-loc-args", "summary-arg-count", "interruption-level",
    "input-push-channel",
  ]
  static let nearKeys = [
    "ap", "apss", "Aps", "bodx", "alerT", "badges", "sounds", "titel", "evenT", "loc_key",
    "categorx", "subtitlx", "thread-ID", "timestamq", "mutable-contenu", "interruption-levex",
    "input-push-channex", "content-availablf", "a", "", "x-aps-title-loc-args-long-key",
  ]

  @Test func knownAndNearKeysReadAsWritten() throws {
    for key in Self.knownKeys + Self.nearKeys {
      let document = try JSONDocument(parsing: #"{"\#(key)": 1, "aps": {"\#(key)": [true]}}"#)
      let root = try #require(document.root.objectValue)
      #expect(root.members.map(\.key) == [key, "aps"])
      #expect(root[key]?.numberValue?.integer == (key == "aps" ? nil : 1))
      #expect(root["aps"]?.objectValue?.members.first?.key == key)
    }
  }

  @Test func escapedKeysDecodeAndCountAsDuplicates() throws {
    let document = try JSONDocument(parsing: #"{"aps": 1, "\u0061ps": 2, "ti\"tle": 3}"#)
    let root = try #require(document.root.objectValue)
    #expect(root.members.map(\.key) == ["aps", "aps", "ti\"tle"])
    #expect(root["aps"]?.numberValue?.integer == 2)
    #expect(document.duplicateKeys.map(\.key) == ["aps"])
  }

  @Test func longPlainAndMixedStringsDecodeExactly() throws {
    let texts = [
      "https://cdn.example.com/img/123456.jpg", "Здраво! Како си? #42", "ab\u{7F}cdefghijklmnop",
      "0123456789abcdef\\n", "x", "exactly8", "sixteen bytes ok",
    ]
    for text in texts {
      let quoted = JSONWriter.quoted(text)
      let document = try JSONDocument(parsing: #"{"v": \#(quoted)}"#)
      #expect(document.root["v"]?.stringValue == text)
    }
    // A control character or a bad UTF-8 byte after eight plain ones is still an error.
    #expect(throws: JSONSyntaxError.self) {
      try JSONDocument(parsing: Array(#"{"v": "abcdefghij"#.utf8) + [0x01] + Array(#""}"#.utf8))
    }
    #expect(throws: JSONSyntaxError.self) {
      try JSONDocument(
        parsing: Array(#"{"v": "abcdefghij"#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8))
    }
  }

  @Test func suggestionsAreTheSameOnTheFastPath() {
    let known = ["alert", "badge", "content-available", "mutable-content", "thread-id", "title"]
    #expect(Suggestion.closest(to: "titel", in: known) == "title")
    #expect(Suggestion.closest(to: "TITLE", in: known) == "title")
    #expect(Suggestion.closest(to: "mutable-contnet", in: known) == "mutable-content")
    #expect(Suggestion.closest(to: "thread_id", in: known) == "thread-id")
    #expect(Suggestion.closest(to: "chat-id", in: known) == nil)
    #expect(Suggestion.closest(to: "x", in: known) == nil)
    // Non-ASCII words are compared by characters, lowercased.
    #expect(Suggestion.closest(to: "títle", in: known) == "title")
    #expect(Suggestion.closest(to: "Badgé", in: ["badge"]) == "badge")
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("ab", "ba") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
  }

  /// The search skips candidates by the letters only one word holds; its answer must stay the
  /// one a full edit-distance search over the sorted keys gives, for typos of every key
  /// (a letter dropped, doubled, swapped with the next or replaced) and for unrelated words.
  @Test func suggestionsSkippingByLettersMatchAFullSearch() {
    let known = APS.knownKeys.sorted()
    func fullSearch(_ word: String) -> String? {
      let limit = max(1, word.count / 3)
      var best: (String, Int)?
      for candidate in known {
        let distance = Suggestion.editDistance(word.lowercased(), candidate.lowercased())
        if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
      }
      return best?.0
    }
    var words = ["chat-id", "sender-id", "message-type", "x", "sync", "ttl", "priority"]
    for key in known {
      let letters = Array(key)
      for offset in letters.indices {
        var dropped = letters
        dropped.remove(at: offset)
        var doubled = letters
        doubled.insert(letters[offset], at: offset)
        var replaced = letters
        replaced[offset] = "q"
        words += [String(dropped), String(doubled), String(replaced)]
        if offset + 1 < letters.count {
          var swapped = letters
          swapped.swapAt(offset, offset + 1)
          words.append(String(swapped))
        }
      }
    }
    let prepared = Suggestion.Candidates(APS.knownKeys)
    // Twice: the second answer comes from the prepared candidates' memory of the first.
    for word in words + ["Títle", "badgé"] + words {
      #expect(
        Suggestion.closest(to: word, amongUnordered: APS.knownKeys) == fullSearch(word),
        "\(word)")
      #expect(Suggestion.closest(to: word, among: prepared) == fullSearch(word), "\(word)")
    }
  }

  /// The prepared candidates remember a bounded number of answers: past the bound they start
  /// over, and answers stay right.
  @Test func rememberedSuggestionsStayBounded() {
    let prepared = Suggestion.Candidates(APS.knownKeys)
    for number in 0...Suggestion.Candidates.answersKept {
      _ = Suggestion.closest(to: "key-\(number)", among: prepared)
    }
    #expect(prepared.rememberedCount <= Suggestion.Candidates.answersKept)
    #expect(Suggestion.closest(to: "badeg", among: prepared) == "badge")
    #expect(Suggestion.closest(to: "badeg", among: prepared) == "badge")
    #expect(Suggestion.closest(to: "chat-id", among: prepared) == nil)
    #expect(Suggestion.closest(to: "chat-id", among: prepared) == nil)
  }
}
