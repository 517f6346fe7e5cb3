// libFuzzer target for the `.strings` text reader (issue 3). Built by Fuzz/run.sh with
// `swiftc -sanitize=fuzzer,address -parse-as-library` together with
// Sources/PushLocalization/**/*.swift, so it can call the reader's internal entry points and skip
// Foundation's XML and binary property-list readers (not ours to fuzz).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  guard let (text, format) = StringsFile.decode(bytes) else { return 0 }
  let file = StringsFile.readText(text, file: "fuzz.strings", format: format)
  // Invariants: a failed file loads nothing; every finding has a position inside the text;
  // the device never sees more keys than entries were read.
  if !file.isLoaded, !file.values.isEmpty { fatalError("a failed file loaded values") }
  if file.values.count > file.entries.count { fatalError("more values than entries") }
  for diagnostic in file.diagnostics {
    guard let line = diagnostic.location?.line, line >= 1, let column = diagnostic.location?.column,
      column >= 1
    else {
      fatalError("finding without a position: \(diagnostic)")
    }
  }
  // The formatter and the plural rules must take any value without trapping.
  let formatter = LocalizedFormatter(language: "cs")
  for value in file.values.values.prefix(8) {
    if case .string(let string) = value {
      _ = formatter.format(string, arguments: ["1", "2.5", "x"])
    }
  }
  return 0
}
