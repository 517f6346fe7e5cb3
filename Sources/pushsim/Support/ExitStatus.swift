/// Exit statuses shared by every subcommand (CommandLine.md).
enum ExitStatus: Int32 {
  /// All went as expected.
  case success = 0
  /// The input was understood and something failed (an expectation, a rejection, a lint error).
  case failure = 1
  /// The input could not be used (unreadable file, invalid JSON or scenario, bad flag).
  case unusable = 2
}
