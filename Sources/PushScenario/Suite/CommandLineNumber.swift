/// A whole number as the command line's options take it (`--jobs 4`, `--shard 2/4`): ASCII
/// digits only, so `+4`, ` 4`, `4.0` and other scripts' digits are refused alike, by every
/// option (CommandLine.md).
package enum CommandLineNumber {
  /// The value of `text` when it is one or more ASCII digits and fits in an `Int`; else `nil`.
  package static func parse<Text: StringProtocol>(_ text: Text) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(text)
  }
}
