// libFuzzer target for the format tokenizer, the formatter and the CLDR rule parser (issue 3).
// The input is split at the first NUL: a format (or rule text) and an argument.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatter(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let format = String(decoding: parts.first.map(Array.init) ?? [], as: UTF8.self)
  let argument = String(decoding: parts.dropFirst().first.map(Array.init) ?? [], as: UTF8.self)
  let variable = PluralVariable(variants: [.one: format, .few: "%d x %#@n@", .other: "%@ %1$d"])
  let plural = PluralFormat(format: format, variables: ["n": variable, "m": variable])
  for language in ["en", "cs", "ar", "sr-Latn"] {
    let formatter = LocalizedFormatter(language: language)
    _ = formatter.format(format, arguments: [.text(argument), .number(count)])
    _ = formatter.format(.plural(plural), arguments: [.text(argument), .text(format)])
  }
  if let rule = try? PluralRule(format), let operands = PluralOperands(parsing: argument) {
    _ = rule.matches(operands)
  }
  _ = PluralOperands(parsing: format)
  return 0
}
