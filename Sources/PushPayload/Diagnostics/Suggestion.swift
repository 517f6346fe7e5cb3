import Synchronization

/// "Did you mean" suggestions for misspelled field names, step names, ids and payload keys (the
/// scenario decoder and payload lint share it).
package enum Suggestion {
  /// The candidate closest to `word` by edit distance, when it is close enough to be a typo
  /// (at most a third of the word's length, and at least 1, differs); of equally close
  /// candidates, the first.
  ///
  /// Payload lint asks this for every unknown key against every known one, once per line of
  /// `validate --jsonl`, so plain ASCII words (every key Apple defines) take a fast path: no
  /// copies, and a candidate whose length alone differs by more than the limit is skipped (an
  /// edit changes the length by at most one). Other words are compared character by character,
  /// lowercased; both paths give the same answer.
  public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    var finder = Finder(word)
    for candidate in candidates { finder.consider(candidate, breakingTiesByOrder: false) }
    return finder.best?.candidate
  }

  /// ``closest(to:in:)`` over an unordered collection: of equally close candidates, the one
  /// that sorts first, so the answer is the same as for the candidates sorted (without sorting
  /// them).
  public static func closest(to word: String, amongUnordered candidates: some Sequence<String>)
    -> String?
  {
    var finder = Finder(word)
    for candidate in candidates { finder.consider(candidate, breakingTiesByOrder: true) }
    return finder.best?.candidate
  }

  /// Candidates made ready once for many searches: sorted, each with its bytes and letter
  /// mask, so a search reads them without looking at a candidate's bytes it can skip; and the
  /// answers already found, so a word searched again (the same unknown key on line after line
  /// of `validate --jsonl`) costs a lookup, not an edit distance to every candidate.
  package struct Candidates: Sendable {
    struct Entry: Sendable {
      let candidate: String
      /// The candidate's bytes, when it is plain ASCII.
      let plain: [UInt8]?
      let mask: UInt64
    }
    let entries: [Entry]
    /// Answers by word, shared by every copy and thread; emptied when it reaches
    /// ``answersKept`` words, so a stream of ever-new words cannot grow it without bound.
    let answers = Answers()
    package static let answersKept = 4096
    /// How many answers are remembered now.
    package var rememberedCount: Int { answers.byWord.withLock(\.count) }

    final class Answers: Sendable {
      let byWord = Mutex<[String: String?]>([:])
    }

    /// Prepares `candidates` (any order: they are sorted, as ``closest(to:amongUnordered:)``
    /// breaks ties).
    package init(_ candidates: some Sequence<String>) {
      entries = candidates.sorted().map { candidate in
        let bytes = Array(candidate.utf8)
        let plain = bytes.allSatisfy(Suggestion.isPlain) ? bytes : nil
        return Entry(
          candidate: candidate, plain: plain, mask: plain.map { Suggestion.letterMask($0) } ?? 0)
      }
    }
  }

  /// ``closest(to:amongUnordered:)`` over prepared candidates: the same answer, cheaper when
  /// the same candidates are searched again and again (payload lint, once per unknown key).
  package static func closest(to word: String, among candidates: Candidates) -> String? {
    if let known = candidates.answers.byWord.withLock({ $0[word] }) { return known }
    var finder = Finder(word)
    for entry in candidates.entries { finder.consider(entry) }
    let answer = finder.best?.candidate
    candidates.answers.byWord.withLock { answers in
      if answers.count >= Candidates.answersKept { answers.removeAll() }
      answers[word] = answer
    }
    return answer
  }

  /// The search of ``closest(to:in:)``.
  struct Finder {
    let word: String
    let limit: Int
    /// The word lowercased, when it is plain ASCII (one byte per character, no CR).
    let plainWord: [UInt8]?
    /// ``Suggestion/letterMask(_:)`` of the plain word.
    let wordMask: UInt64
    var best: (candidate: String, distance: Int)?

    init(_ word: String) {
      self.word = word
      self.limit = max(1, word.count / 3)
      var bytes: [UInt8]? = []
      for byte in word.utf8 {
        guard Suggestion.isPlain(byte) else {
          bytes = nil
          break
        }
        bytes?.append(Suggestion.lowercased(byte))
      }
      self.plainWord = bytes
      self.wordMask = bytes.map { Suggestion.letterMask($0) } ?? 0
    }

    /// Considers a prepared candidate; candidates come sorted, so the first of equally close
    /// ones wins.
    mutating func consider(_ entry: Candidates.Entry) {
      guard let plainWord, let plain = entry.plain else {
        consider(entry.candidate, breakingTiesByOrder: false)
        return
      }
      let bound = min(limit, best?.distance ?? limit)
      if abs(plainWord.count - plain.count) > bound { return }
      if (wordMask & ~entry.mask).nonzeroBitCount > bound
        || (entry.mask & ~wordMask).nonzeroBitCount > bound
      {
        return
      }
      let distance = plain.withUnsafeBufferPointer {
        Suggestion.plainDistance(plainWord, $0, bound: bound)
      }
      guard distance <= limit else { return }
      if let best, distance >= best.distance { return }
      best = (entry.candidate, distance)
    }

    mutating func consider(_ candidate: String, breakingTiesByOrder: Bool) {
      // Farther than this, the candidate cannot win.
      let bound = min(limit, best?.distance ?? limit)
      var plainDistance: Int?
      if let plainWord {
        var text = candidate
        plainDistance = text.withUTF8 { bytes in
          guard bytes.allSatisfy(Suggestion.isPlain) else { return nil }
          // An edit changes the length by at most one.
          if abs(plainWord.count - bytes.count) > bound { return Int.max }
          // Each edit brings at most one letter the other word lacks into it: more letters
          // (by 64 buckets) missing on either side than the bound, and it cannot win.
          let mask = Suggestion.letterMask(bytes)
          if (wordMask & ~mask).nonzeroBitCount > bound
            || (mask & ~wordMask).nonzeroBitCount
              > bound
          {
            return Int.max
          }
          return Suggestion.plainDistance(plainWord, bytes, bound: bound)
        }
      }
      let distance = plainDistance ?? editDistance(word.lowercased(), candidate.lowercased())
      guard distance <= limit else { return }
      if let best {
        if distance > best.distance { return }
        if distance == best.distance, !breakingTiesByOrder || best.candidate <= candidate {
          return
        }
      }
      best = (candidate, distance)
    }
  }

  /// The lowercased letters of a plain word, each byte in one of 64 buckets: a byte whose
  /// bucket one word has and the other lacks is a letter only that word holds.
  static func letterMask(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var mask: UInt64 = 0
    for byte in bytes { mask |= 1 << UInt64(lowercased(byte) & 63) }
    return mask
  }

  /// An ASCII byte that is one character on its own (CR and LF together make one).
  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// ``editDistance(_:_:)`` of a lowercased plain word and a plain word, lowercased as it is
  /// read; the rows live on the stack. Once two rows in a row hold nothing within `bound`, no
  /// later row can (a row's least value is at least the smaller of the previous row's and one
  /// more than the row before it), so the answer is only said to be over the bound.
  static func plainDistance(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>, bound: Int) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      // previousPrevious, previous and current rows, rotated by offset.
      var previousPrevious = 0
      var previous = width
      var current = 2 * width
      rows.initialize(repeating: 0)
      for j in 0..<width { rows[previous + j] = j }
      var previousLeast = 0
      for i in 1...a.count {
        rows[current] = i
        var least = i
        let x = a[i - 1]
        for j in 1...b.count {
          let y = lowercased(b[j - 1])
          let cost = x == y ? 0 : 1
          var value = min(
            rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
          if i > 1, j > 1, x == lowercased(b[j - 2]), a[i - 2] == y {
            value = min(value, rows[previousPrevious + j - 2] + 1)
          }
          rows[current + j] = value
          least = min(least, value)
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
        if least > bound, previousLeast > bound { return bound + 1 }
        previousLeast = least
      }
      return rows[previous + b.count]
    }
  }

  /// Levenshtein distance, with a transposition counted as one edit.
  ///
  /// - Complexity: O(m·n) for words of lengths m and n (field names are short).
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// `a, b or c` for messages.
  public static func list(_ words: [String]) -> String {
    words.joined(separator: ", ")
  }
}
