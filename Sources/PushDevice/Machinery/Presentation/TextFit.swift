import PushCore
import PushPayload

/// Where iOS cuts notification text that does not fit, measured without a browser.
///
/// iOS shows a banner's body in about two lines and a lock-screen entry's body in about four,
/// and ends a cut line with "…"; the rest appears only when the user expands the notification.
/// Apple documents no line counts or widths (UNCONFIRMED), so this is a PushSim model: text is
/// wrapped greedily at spaces on a line of ``unitsPerLine`` width units, where an average
/// lowercase Latin letter is one unit (about 7.5 pt of 15 pt SF Pro on a 300 pt wide card).
/// Capitals, wide letters, digits, narrow punctuation, East Asian wide characters and emoji get
/// their own widths, so Cyrillic, accented and CJK text are measured as fairly as Latin.
///
/// The drawing shows the cut text and the page shows the full text beside it with a lint note,
/// so the result does not depend on the fonts of the browser that opens the site.
package struct TextFit: Sendable, Hashable {
  /// How many lines the text may take.
  package var lines: Int
  /// The width of one line, in width units.
  package var unitsPerLine: Double

  /// Creates a fit of `lines` lines of `unitsPerLine` units each.
  package init(lines: Int, unitsPerLine: Double) {
    self.lines = max(1, lines)
    self.unitsPerLine = max(4, unitsPerLine)
  }

  /// A banner's body: about two lines.
  package static let bannerBody = TextFit(lines: 2, unitsPerLine: 40)
  /// A lock-screen or Notification Center entry's body: about four lines.
  package static let lockScreenBody = TextFit(lines: 4, unitsPerLine: 40)
  /// A title or subtitle: one line (semibold, so a little narrower).
  package static let titleLine = TextFit(lines: 1, unitsPerLine: 36)

  /// What fitting a text gave.
  package struct Result: Sendable, Hashable {
    /// The text as drawn: the whole text, or its first lines ending in "…".
    package var text: String
    /// Whether anything was cut.
    package var isTruncated: Bool
    /// How many lines the whole text needs at this width.
    package var neededLines: Int

    /// Creates a result.
    package init(text: String, isTruncated: Bool, neededLines: Int) {
      self.text = text
      self.isTruncated = isTruncated
      self.neededLines = neededLines
    }
  }

  /// Fits `text` into ``lines`` lines.
  ///
  /// Line breaks in the text start a new line; a word longer than a line is broken inside.
  /// - Complexity: O(n) in the length of `text`.
  package func fit(_ text: String) -> Result {
    // Counting needs no line strings; only a text that is cut is wrapped into them.
    let needed = lineCount(text)
    guard needed > lines else {
      return Result(text: text, isTruncated: false, neededLines: needed)
    }
    let wrapped = wrap(text)
    var kept = Array(wrapped.prefix(lines))
    // Make room for the ellipsis on the last kept line.
    var last = kept[lines - 1].text
    var width = Self.width(of: last)
    let ellipsis = Self.width(of: "…")
    while width + ellipsis > unitsPerLine, let dropped = last.popLast() {
      width -= Self.width(of: dropped)
    }
    while last.last == " " { last.removeLast() }
    kept[lines - 1] = Line(text: last + "…", endsParagraph: true)
    var result = ""
    for (index, line) in kept.enumerated() {
      result += line.text
      if index < kept.count - 1 { result += line.endsParagraph ? "\n" : " " }
    }
    return Result(text: result, isTruncated: true, neededLines: wrapped.count)
  }

  /// One wrapped line, and whether a line break (rather than a space) follows it.
  struct Line {
    var text: String
    var endsParagraph: Bool
  }

  /// Greedy word wrap into lines.
  func wrap(_ text: String) -> [Line] {
    var lines: [Line] = []
    let spaceWidth = Self.width(of: " ")
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      var currentWidth = 0.0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        let wordWidth = Self.width(of: word)
        if current.isEmpty, wordWidth <= unitsPerLine {
          current = String(word)
          currentWidth = wordWidth
        } else if !current.isEmpty, currentWidth + spaceWidth + wordWidth <= unitsPerLine {
          current += " " + word
          currentWidth += spaceWidth + wordWidth
        } else if wordWidth <= unitsPerLine {
          lines.append(Line(text: current, endsParagraph: false))
          current = String(word)
          currentWidth = wordWidth
        } else {
          // A word wider than a line: break it between characters.
          if !current.isEmpty {
            current += " "
            currentWidth += spaceWidth
          }
          for character in word {
            let characterWidth = Self.width(of: character)
            if currentWidth + characterWidth > unitsPerLine, !current.isEmpty {
              lines.append(Line(text: current, endsParagraph: false))
              current = ""
              currentWidth = 0
            }
            current.append(character)
            currentWidth += characterWidth
          }
        }
      }
      lines.append(Line(text: current, endsParagraph: true))
    }
    return lines
  }

  /// How many lines ``wrap(_:)`` makes of `text`, without building them.
  ///
  /// Text whose every Unicode scalar is a character of its own (``isSingleScalarCharacter(_:)``:
  /// Latin, Greek and Cyrillic without combining marks, the usual payload) is measured scalar by
  /// scalar from ``scalarWidths``; other text character by character. Both give the count
  /// ``wrap(_:)`` gives: the same widths, summed in the same order.
  func lineCount(_ text: String) -> Int {
    // A text without line breaks that would fit even if every byte were as wide as the widest
    // is one line: no character is measured (most titles).
    let utf8 = text.utf8
    if Double(utf8.count) * Self.widestUnitsPerByte <= unitsPerLine,
      !utf8.contains(UInt8(ascii: "\n"))
    {
      return 1
    }
    if text.unicodeScalars.allSatisfy(Self.isSingleScalarCharacter) {
      return lineCountByScalar(text)
    }
    return lineCountByCharacter(text)
  }

  /// ``lineCount(_:)`` of a text of single-scalar characters, scalar by scalar.
  func lineCountByScalar(_ text: String) -> Int {
    // The table is read once, not through its lazy global's guard at every scalar.
    let widths = Self.scalarWidths
    return countLines(text.unicodeScalars) { scalar in
      switch scalar.value {
      case 0x20: (.space, 0)
      case 0x0A: (.lineBreak, 0)
      default: (.other, widths[Int(scalar.value)])
      }
    }
  }

  /// ``lineCount(_:)`` of any text, character by character.
  func lineCountByCharacter(_ text: String) -> Int {
    countLines(text) { character in
      switch character {
      case " ": (.space, 0)
      case "\n": (.lineBreak, 0)
      default: (.other, Self.width(of: character))
      }
    }
  }

  /// What a character is to the wrap.
  private enum UnitKind {
    case space, lineBreak, other
  }

  /// The greedy wrap of ``wrap(_:)``, counting lines: `units` are the text's characters (or
  /// scalars, when each is a character), `measure` says what each is and how wide.
  private func countLines<Units: Collection>(
    _ units: Units, measure: (Units.Element) -> (UnitKind, Double)
  ) -> Int {
    let spaceWidth = Self.asciiWidths[0x20]
    var count = 0
    // The line being filled: whether it holds anything yet, and its width.
    var lineIsEmpty = true
    var lineWidth = 0.0
    var wordStart: Units.Index?
    var wordWidth = 0.0

    func place(_ word: Units.SubSequence, width wordWidth: Double) {
      if lineIsEmpty, wordWidth <= unitsPerLine {
        lineIsEmpty = false
        lineWidth = wordWidth
      } else if !lineIsEmpty, lineWidth + spaceWidth + wordWidth <= unitsPerLine {
        lineWidth += spaceWidth + wordWidth
      } else if wordWidth <= unitsPerLine {
        count += 1
        lineWidth = wordWidth
      } else {
        // A word wider than a line: broken between characters.
        if !lineIsEmpty { lineWidth += spaceWidth }
        for unit in word {
          let width = measure(unit).1
          if lineWidth + width > unitsPerLine, !lineIsEmpty {
            count += 1
            lineIsEmpty = true
            lineWidth = 0
          }
          lineIsEmpty = false
          lineWidth += width
        }
      }
    }

    var index = units.startIndex
    while index != units.endIndex {
      let (kind, width) = measure(units[index])
      switch kind {
      case .other:
        if wordStart == nil {
          wordStart = index
          wordWidth = 0
        }
        wordWidth += width
      case .space, .lineBreak:
        if let start = wordStart {
          place(units[start..<index], width: wordWidth)
          wordStart = nil
        }
        if kind == .lineBreak {
          count += 1
          lineIsEmpty = true
          lineWidth = 0
        }
      }
      units.formIndex(after: &index)
    }
    if let start = wordStart { place(units[start...], width: wordWidth) }
    return count + 1
  }

  /// The most width units any character takes per byte of its UTF-8: the widest ASCII
  /// character's width, or 1 (a character of more than one byte is at most 2 units wide).
  static let widestUnitsPerByte = max(asciiWidths.max() ?? 2, 1)

  /// Whether `scalar` is always a character of its own, whatever surrounds it, and has a
  /// width in ``scalarWidths``: U+0000–U+02FF but `\r` (which joins a following `\n`), Greek
  /// and Coptic U+0370–U+03FF, Cyrillic U+0400–U+0482 and U+048A–U+052F (U+0300–U+036F and
  /// U+0483–U+0489 are combining marks, which join the character before them).
  static func isSingleScalarCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D: false
    case 0...0x2FF, 0x370...0x482, 0x48A...0x52F: true
    default: false
    }
  }

  /// ``width(of:)-(Character)`` of each scalar below U+0530 as a character of its own, by its
  /// value (an entry for a scalar that ``isSingleScalarCharacter(_:)`` refuses is not read).
  ///
  /// Built from each scalar's properties and ``namedWidth(ofScalar:)``, without making and
  /// comparing characters (which cost a process about 29 million instructions at its first
  /// notification); a test holds every entry to ``measuredWidth(of:)``.
  static let scalarWidths: [Double] = (0..<0x530).map { value in
    guard let scalar = Unicode.Scalar(UInt32(value)) else { return 0 }
    let properties = scalar.properties
    if properties.isEmojiPresentation || isEastAsianWide(scalar) { return 2 }
    return namedWidth(ofScalar: scalar) ?? propertyWidth(properties)
  }

  /// The width of a text in units.
  ///
  /// ASCII text without `\r` (every byte one character; `\r\n` is one character) is summed
  /// from ``asciiWidths`` byte by byte, in the same order, so the result is the same.
  static func width(of text: some StringProtocol) -> Double {
    var total = 0.0
    for byte in text.utf8 {
      guard byte < 0x80, byte != 0x0D else {
        return text.reduce(0) { $0 + width(of: $1) }
      }
      total += asciiWidths[Int(byte)]
    }
    return total
  }

  /// The width of one character in units (an average lowercase Latin letter is 1).
  ///
  /// A character of one scalar is looked up (``asciiWidths``, ``scalarWidths``) or measured from
  /// the scalar's properties alone (``measuredWidth(ofLoneScalar:)``): no character comparisons.
  static func width(of character: Character) -> Double {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return measuredWidth(of: character) }
    if scalar.isASCII { return asciiWidths[Int(scalar.value)] }
    if scalar.value < scalarWidths.count { return scalarWidths[Int(scalar.value)] }
    return measuredWidth(ofLoneScalar: scalar)
  }

  /// ``measuredWidth(of:)`` of each ASCII character, by its code (the widths a payload's
  /// text mostly needs, without a Unicode property look-up each).
  static let asciiWidths: [Double] = (0..<128).map { code in
    measuredWidth(of: Character(Unicode.Scalar(UInt8(code))))
  }

  /// The width of one character in units, from its Unicode properties.
  static func measuredWidth(of character: Character) -> Double {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let properties = scalar.properties
    if character.unicodeScalars.count > 1, properties.isEmoji || properties.isEmojiPresentation {
      return 2
    }
    if properties.isEmojiPresentation || isEastAsianWide(scalar) { return 2 }
    if let width = namedWidth(of: character) { return width }
    return propertyWidth(properties)
  }

  /// ``measuredWidth(of:)`` of the character made of `scalar` alone, at U+0530 or above.
  ///
  /// Every character ``namedWidth(of:)`` names is one scalar below U+0530, and no scalar at
  /// U+0530 or above is canonically equivalent to one of them, so none is compared.
  static func measuredWidth(ofLoneScalar scalar: Unicode.Scalar) -> Double {
    let properties = scalar.properties
    if properties.isEmojiPresentation || isEastAsianWide(scalar) { return 2 }
    return propertyWidth(properties)
  }

  /// Whether `scalar` is East Asian wide (two units).
  private static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default: false
    }
  }

  /// The width of a character PushSim names: spaces, narrow and wide letters and marks.
  private static func namedWidth(of character: Character) -> Double? {
    switch character {
    case " ": return 0.5
    case "i", "l", "j", "I", ".", ",", ";", ":", "'", "!", "|", "¡", "í", "ì", "ï", "ı": return 0.45
    case "f", "t", "r", "(", ")", "[", "]", "-", "\"": return 0.65
    case "m", "w", "M", "W", "ш", "щ", "ж", "ю", "м", "Ш", "Щ", "Ж", "Ю", "М", "@", "%": return 1.5
    default: return nil
    }
  }

  /// ``namedWidth(of:)`` of the character made of `scalar` alone, below U+0530: the named
  /// characters by value, and U+037E, the Greek question mark, which is canonically the
  /// semicolon and so equal to it as a character.
  static func namedWidth(ofScalar scalar: Unicode.Scalar) -> Double? {
    switch scalar.value {
    case 0x20: 0.5
    case 0x69, 0x6C, 0x6A, 0x49, 0x2E, 0x2C, 0x3B, 0x3A, 0x27, 0x21, 0x7C, 0xA1, 0xED, 0xEC,
      0xEF, 0x131, 0x37E:
      0.45
    case 0x66, 0x74, 0x72, 0x28, 0x29, 0x5B, 0x5D, 0x2D, 0x22: 0.65
    case 0x6D, 0x77, 0x4D, 0x57, 0x448, 0x449, 0x436, 0x44E, 0x43C, 0x428, 0x429, 0x416, 0x42E,
      0x41C, 0x40, 0x25:
      1.5
    default: nil
    }
  }

  /// The width of a character from the properties of its first scalar.
  private static func propertyWidth(_ properties: Unicode.Scalar.Properties) -> Double {
    if properties.generalCategory == .nonspacingMark { return 0 }
    if properties.isUppercase { return 1.25 }
    if properties.numericType != nil { return 1.1 }
    return 1
  }
}

extension TextFit {
  /// The lint note for a cut text (`text-truncated`, source lint: legal, but the reader will
  /// not see the end unless they expand the notification).
  package static func truncationDiagnostic(
    field: String, place: String, neededLines: Int, shownLines: Int
  ) -> Diagnostic {
    Diagnostic(
      .warning, code: .textTruncated, path: "aps.alert.\(field)",
      message:
        "the \(field) needs about \(neededLines) lines; the \(place) shows \(shownLines), "
        + "so iOS ends it with \u{2026} and the rest shows only when the notification is expanded",
      source: .lint)
  }
}
