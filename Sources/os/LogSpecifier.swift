import Foundation

/// One conversion of an `os_log` format, `%[n$][{annotation}][flags][width][.precision]
/// [length]conversion` (`%{public}@`, `%-5ld`, `%2$.*1$f`), and how an argument is written by it
/// (Rules.md §9.11).
///
/// An argument is formatted only when its type is one the conversion reads
/// (``accepts(_:)``); otherwise the conversion writes `<decode: mismatch for [%@] got [Int]>`,
/// and a missing argument `<decode: missing data>`. `%n`, which writes through a pointer, is
/// never performed.
struct LogSpecifier {
  /// The conversion as written, from `%` to its letter: what a mismatch names.
  var written: String
  /// The argument it names (`%2$@`: 2, from 1); `nil` for the next one in order.
  var position: Int?
  /// The flags (`-`, `+`, space, `#`, `0`, `'`).
  var flags: String
  /// The minimum width, if any.
  var width: Count?
  /// The precision, if any.
  var precision: Count?
  /// The length modifier (`l`, `ll`, `h`, `hh`, `q`, `L`, `j`, `z`, `t`), or empty.
  var length: String
  /// The conversion letter.
  var conversion: Unicode.Scalar
  /// The annotation between braces (`public`, `private`, `public, uint64`), or empty.
  var annotation = ""

  /// Whether the device's log keeps the value (Rules.md §9.11): `{public}` is kept and
  /// `{private}` is not; without either, numbers are kept and strings and objects (`%@`, `%s`)
  /// are not, as Apple's unified logging does.
  var keepsValueInLog: Bool {
    let words = annotation.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if words.contains("public") { return true }
    if words.contains("private") || words.contains("sensitive") { return false }
    return !"@sS".unicodeScalars.contains(conversion)
  }

  /// A width or precision: written in the format, or read from an argument (`*`, `*2$`).
  enum Count {
    /// A number in the format.
    case fixed(Int)
    /// An integer argument: the next one, or the one at a position (from 1).
    case argument(position: Int?)
  }

  /// What follows a `%`.
  enum Parsed {
    /// A conversion.
    case specifier(LogSpecifier)
    /// No conversion: the text, written as it stands (`%k`, a `%` at the end).
    case text(String)
  }

  /// The conversions an argument may be given to.
  private static let conversions = Set("diouxXDOUcCeEfFgGaAsS@pn".unicodeScalars)
  private static let flagScalars = Set("-+ #0'".unicodeScalars)
  private static let digits = Set("0123456789".unicodeScalars)

  /// Reads a conversion from `scalars`, which start just after its `%`.
  static func parse(_ scalars: inout Substring.UnicodeScalarView) -> Parsed {
    var written = "%"
    var annotation = ""
    func take() -> Unicode.Scalar? {
      guard let scalar = scalars.popFirst() else { return nil }
      written.unicodeScalars.append(scalar)
      return scalar
    }
    func number() -> Int? {
      var value: Int?
      while let scalar = scalars.first, digits.contains(scalar) {
        _ = take()
        let digit = Int(scalar.value - 48)
        let (times, overflow) = (value ?? 0).multipliedReportingOverflow(by: 10)
        value = overflow ? Int.max : min(Int.max - digit, times) + digit
      }
      return value
    }
    /// `n$` after a number, if the number was a position.
    func dollar() -> Bool {
      guard scalars.first == "$" else { return false }
      _ = take()
      return true
    }

    var position: Int?
    if let first = scalars.first, first != "0", digits.contains(first) {
      let saved = (scalars, written)
      if let value = number(), dollar() {
        position = value
      } else {
        (scalars, written) = saved
      }
    }
    if scalars.first == "{" {
      // `{public}`, `{private}` decide what the device's log keeps; `{bool}`, `{time_t}`, …
      // are accepted and not applied.
      guard let close = scalars.firstIndex(of: "}") else {
        written.unicodeScalars.append(contentsOf: scalars)
        scalars = scalars[scalars.endIndex...]
        return .text(written)
      }
      annotation = String(
        String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
      written.unicodeScalars.append(contentsOf: scalars[...close])
      scalars = scalars[scalars.index(after: close)...]
    }
    var flags = ""
    while let scalar = scalars.first, flagScalars.contains(scalar) {
      flags.unicodeScalars.append(scalar)
      _ = take()
    }
    func count() -> Count? {
      if scalars.first == "*" {
        _ = take()
        let saved = (scalars, written)
        if let value = number(), dollar() { return .argument(position: value) }
        (scalars, written) = saved
        return .argument(position: nil)
      }
      return number().map(Count.fixed)
    }
    let width = count()
    var precision: Count?
    if scalars.first == "." {
      _ = take()
      precision = count() ?? .fixed(0)
    }
    var length = ""
    if let scalar = scalars.first, "hlqLjzt".unicodeScalars.contains(scalar) {
      length.unicodeScalars.append(scalar)
      _ = take()
      if (scalar == "h" || scalar == "l"), scalars.first == scalar {
        length.unicodeScalars.append(scalar)
        _ = take()
      }
    }
    guard let conversion = scalars.first, conversions.contains(conversion) else {
      return .text(written)
    }
    _ = take()
    return .specifier(
      LogSpecifier(
        written: written, position: position, flags: flags, width: width,
        precision: precision, length: length, conversion: conversion, annotation: annotation))
  }

  /// Whether the conversion reads an argument of `kind`.
  func accepts(_ kind: LogArgument) -> Bool {
    switch (conversion, kind) {
    case ("@", .string), ("@", .object): true
    case ("s", .string), ("S", .string): true
    case ("s", .cString): length != "l"
    case ("p", .pointer), ("p", .cString): true
    case (_, .integer): "diouxXDOUcC".unicodeScalars.contains(conversion)
    case (_, .floating): "eEfFgGaA".unicodeScalars.contains(conversion) && length != "L"
    default: false
    }
  }

  /// The text the conversion writes for `args`, taking the arguments it reads (a `*` width or
  /// precision first, then the value, as `printf` does) from `next` unless it names them.
  func render(_ args: [any CVarArg], next: inout Int) -> String {
    func argument(_ position: Int?) -> (any CVarArg)? {
      let index: Int
      if let position {
        index = position - 1
      } else {
        index = next
        next += 1
      }
      return args.indices.contains(index) ? args[index] : nil
    }
    func resolve(_ count: Count?) -> Result<Int?, Note> {
      switch count {
      case nil: return .success(nil)
      case .fixed(let value): return .success(value)
      case .argument(let position):
        guard let value = argument(position) else { return .failure(.missing) }
        guard case .integer = LogArgument(value), let number = Self.integer(value) else {
          return .failure(.mismatch("\(type(of: value))"))
        }
        return .success(number)
      }
    }

    var leftAligned = flags.contains("-")
    let width: Int?
    switch resolve(self.width) {
    case .failure(let note): return note.text(for: self)
    case .success(let value):
      // A negative `*` width is a `-` flag and its magnitude (C's rule).
      if let value, value < 0 { leftAligned = true }
      width = value.map { min(Int(clamping: $0.magnitude), LogFormat.largestWidth) }
    }
    let precision: Int?
    switch resolve(self.precision) {
    case .failure(let note): return note.text(for: self)
    case .success(let value):
      // A negative `*` precision is taken as if none were given (C's rule).
      precision = value.flatMap { $0 < 0 ? nil : min($0, LogFormat.largestWidth) }
    }
    guard conversion != "n" else {
      if position == nil { next += 1 }
      return Note.unsupported.text(for: self)
    }
    guard let value = argument(position) else { return Note.missing.text(for: self) }
    let kind = LogArgument(value)
    guard accepts(kind) else { return Note.mismatch("\(type(of: value))").text(for: self) }
    switch kind {
    case .string(let text):
      return Self.pad(precision.map { String(text.prefix($0)) } ?? text, width, leftAligned)
    case .cString(let pointer) where conversion == "s":
      return Self.pad(
        LogArgument.text(ofCString: pointer, limit: precision), width, leftAligned)
    case .object:
      let text = String(describing: value)
      return Self.pad(precision.map { String(text.prefix($0)) } ?? text, width, leftAligned)
    default:
      // An integer, a floating-point number or a pointer, checked: `String(format:)` reads
      // exactly what it was given.
      var format = "%" + flags.filter { $0 != "-" } + (leftAligned ? "-" : "")
      if let width { format += "\(width)" }
      if let precision { format += ".\(precision)" }
      format += length
      format.unicodeScalars.append(conversion)
      return String(format: format, value)
    }
  }

  /// `value` as an `Int`, for a `*` width or precision.
  private static func integer(_ value: any CVarArg) -> Int? {
    guard let integer = value as? any BinaryInteger else { return nil }
    return Int(clamping: integer)
  }

  /// `text` padded with spaces to `width` characters, on the right when `leftAligned`.
  private static func pad(_ text: String, _ width: Int?, _ leftAligned: Bool) -> String {
    guard let width, text.count < width else { return text }
    let spaces = String(repeating: " ", count: width - text.count)
    return leftAligned ? text + spaces : spaces + text
  }

  /// What a conversion writes instead of a value it cannot format.
  enum Note: Error {
    /// No argument is left for it.
    case missing
    /// Its argument is of a type it does not read (named here).
    case mismatch(String)
    /// It is never performed (`%n`).
    case unsupported

    /// The note for `specifier`, as the unified log words it.
    func text(for specifier: LogSpecifier) -> String {
      switch self {
      case .missing: "<decode: missing data>"
      case .mismatch(let type):
        "<decode: mismatch for [\(specifier.written)] got [\(type)]>"
      case .unsupported: "<decode: unsupported format [\(specifier.written)]>"
      }
    }
  }
}
