public import PushPayload

/// A scenario: a device, an app and a timeline of steps on a virtual clock
/// (ScenarioFormat.md). Built by ``ScenarioLoader`` from a `.json` or `.apns` file and played
/// by ``ScenarioRunner``.
public struct Scenario: Sendable {
  /// What the scenario shows (`name`; the file name when absent).
  public var name: String
  /// Optional prose naming the iOS behaviour and the Behavior.md or Rules.md section it shows.
  public var description: String?
  /// The scenario file, as the user named it.
  public var file: String
  /// The `device` section with defaults still to apply (merged by `set` steps).
  public var device: ConfigurationDocument
  /// The `app` section (inline or from an app file), relative paths already resolved.
  public var app: ConfigurationDocument
  /// The steps in order.
  public var steps: [Step]
  /// The absolute path of each file a `payloadFile` step reads, once each: with the scenario
  /// file, its app file and the app's strings and media (``inputs``), what `run --output` and
  /// `docs --out` must not overwrite (Rules.md §9.8).
  package var payloadFiles: [String] = []

  /// Creates a scenario.
  public init(
    name: String, description: String? = nil, file: String, device: ConfigurationDocument,
    app: ConfigurationDocument, steps: [Step]
  ) {
    self.name = name
    self.description = description
    self.file = file
    self.device = device
    self.app = app
    self.steps = steps
  }

  /// The push ids in the order their steps send them.
  public var pushIDs: [String] {
    steps.compactMap { step in
      if case .push(let push) = step.action { return push.id }
      return nil
    }
  }
}

/// A `device` or `app` section as JSON, where it was written, and how `set` steps change it.
///
/// Kept as JSON because the `set` step's rule is a JSON rule (ScenarioFormat.md, steps):
/// objects merge field by field, arrays and values replace.
public struct ConfigurationDocument: Sendable {
  /// The section's fields.
  public var object: JSONObject
  /// The file that holds it (errors in a merged document point here).
  public var source: SourceFile

  /// Creates a document.
  public init(object: JSONObject = JSONObject(), source: SourceFile) {
    self.object = object
    self.source = source
  }

  /// This document with `change` merged in: objects merge field by field, arrays and other
  /// values replace.
  public func merging(_ change: JSONObject) -> ConfigurationDocument {
    ConfigurationDocument(object: Self.merge(object, change), source: source)
  }

  static func merge(_ base: JSONObject, _ change: JSONObject) -> JSONObject {
    var result = JSONObject()
    var changed: [String: JSONValue] = [:]
    for member in change.members { changed[member.key] = member.value }
    for key in base.keys {
      guard let old = base.member(key) else { continue }
      if let new = changed.removeValue(forKey: key) {
        if let oldObject = old.value.objectValue, let newObject = new.objectValue {
          let merged = JSONValue(.object(merge(oldObject, newObject)), byteRange: new.byteRange)
          result.append(JSONMember(key: key, keyRange: old.keyRange, value: merged))
        } else {
          result.append(JSONMember(key: key, keyRange: old.keyRange, value: new))
        }
      } else {
        result.append(old)
      }
    }
    for key in change.keys {
      guard let value = changed[key], let member = change.member(key) else { continue }
      result.append(JSONMember(key: key, keyRange: member.keyRange, value: value))
    }
    return result
  }
}
