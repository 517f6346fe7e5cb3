import PushPayload

/// The seam for `pushsim validate --strings DIR` (cli.md): checks every loc-key of a payload in
/// every localization of a strings folder.
///
/// Until the localization layer provides the check, this returns `nil` and `validate` reports
/// `strings-not-checked` (info). To complete it, call the `PushLocalization` library function
/// here and return its diagnostics (an empty array when every key resolves).
enum ValidateStrings {
  static func diagnostics(for payload: Payload, stringsFolder: String) -> [Diagnostic]? {
    nil
  }
}
