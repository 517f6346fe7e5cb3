import Foundation
import PushPayload

/// A file or folder a scenario reads: its scenario file, app file, payload files, media files
/// and strings folder. `run --output` and `docs --out` never write over one (Rules.md §9.8).
package struct ScenarioInput: Sendable, Hashable {
  /// What the input is to the scenario.
  package enum Kind: String, Sendable, Hashable {
    case scenario = "scenario"
    case appFile = "app file"
    case payloadFile = "payload file"
    case mediaFile = "media file"
    case stringsFolder = "strings folder"
  }

  /// The absolute path, as the scenario resolved it (symbolic links not yet resolved).
  package var path: String
  /// What it is.
  package var kind: Kind

  /// Creates an input.
  package init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }
}

extension Scenario {
  /// Every file and folder this scenario reads, in the order a message names them first: the
  /// scenario file, its app file, the strings folders and media files of its app and of its
  /// `set` steps, its payload files.
  package var inputs: [ScenarioInput] {
    var inputs = [ScenarioInput(path: device.source.url.path, kind: .scenario)]
    if app.source.url.path != device.source.url.path {
      inputs.append(ScenarioInput(path: app.source.url.path, kind: .appFile))
    }
    Self.appendInputs(of: app.object, to: &inputs)
    for step in steps {
      if case .set(let change) = step.action, let app = change.app {
        Self.appendInputs(of: app, to: &inputs)
      }
    }
    inputs += payloadFiles.map { ScenarioInput(path: $0, kind: .payloadFile) }
    return inputs
  }

  /// The strings folder and media files an app section names (already absolute paths:
  /// ``ScenarioDecoder`` resolves them).
  private static func appendInputs(of app: JSONObject, to inputs: inout [ScenarioInput]) {
    if let strings = app["strings"]?.stringValue {
      inputs.append(ScenarioInput(path: strings, kind: .stringsFolder))
    }
    let entries =
      (app["media"]?.objectValue?.members ?? []) + (app["requests"]?.objectValue?.members ?? [])
    for entry in entries {
      if let file = entry.value["file"]?.stringValue {
        inputs.append(ScenarioInput(path: file, kind: .mediaFile))
      }
    }
  }
}
