import Foundation
import PushDevice
import PushPayload
import Synchronization

/// The seam for `pushsim validate --strings DIR` (CommandLine.md): checks every loc-key of a
/// payload in every localization of a strings folder, with ``LocalizationCheck`` from PushDevice.
///
/// The folder is loaded once per run (payloads in `--jsonl` share it).
enum ValidateStrings {
  private static let checks = Mutex<[String: LocalizationCheck]>([:])

  static func diagnostics(
    for payload: Payload, stringsFolder: String, developmentRegion: String
  ) -> [Diagnostic] {
    let check = checks.withLock { cache in
      if let check = cache[stringsFolder] { return check }
      let check = LocalizationCheck(
        folder: URL(fileURLWithPath: stringsFolder), developmentRegion: developmentRegion)
      cache[stringsFolder] = check
      return check
    }
    return check.diagnostics(for: payload)
  }
}
