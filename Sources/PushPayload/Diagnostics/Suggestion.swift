/// "Did you mean" suggestions for misspelled field names, step names, ids and payload keys (the
/// scenario decoder and payload lint share it).
public enum Suggestion {
  /// The candidate closest to `word` by edit distance, when it is close enough to be a typo
  /// (at most a third of the word's length, and at least 1, differs).
  public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(1, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
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
      previousPrevious = previous
      previous = current
    }
    return previous[b.count]
  }

  /// `a, b or c` for messages.
  public static func list(_ words: [String]) -> String {
    words.joined(separator: ", ")
  }
}
