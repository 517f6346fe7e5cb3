public import PushCore

/// A push payload as the device reads it: `userInfo` and a typed `aps` (Behavior.md §1.1–§1.6).
///
/// Reading never fails: a value of the wrong type is treated as Rules.md §2 says and
/// adds a ``Diagnostic`` with its JSON path. A root that is not an object gives an empty
/// ``aps`` (APNs rejects such a body; see ``APNsVerdict``).
public struct Payload: Sendable {
  /// The whole payload as a typed JSON value (what `userInfo` holds, `aps` included).
  public let json: JSONValue
  /// The `aps` dictionary, read with safe casts.
  public private(set) var aps: APS
  /// Findings made while reading: wrong types and what they were treated as.
  public let diagnostics: [Diagnostic]
  /// Top-level keys that are neither `aps` nor the app's data (`Simulator Target Bundle`).
  public let ignoredTopLevelKeys: Set<String>

  /// Reads a payload from its JSON value.
  ///
  /// - Parameters:
  ///   - pushType: the request's push type, when known; a `liveactivity` push takes any
  ///     `relevance-score` (Behavior.md §1.2).
  ///   - ignoredTopLevelKeys: top-level keys that are not the app's data, such as
  ///     `Simulator Target Bundle` in Xcode `.apns` files; left out of ``customKeys``.
  public init(json: JSONValue, pushType: PushType? = nil, ignoredTopLevelKeys: Set<String> = []) {
    var reader = PayloadReader(pushType: pushType)
    self.json = json
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
    self.aps = APS()
    reader.readRoot(json, into: &self.aps)
    self.diagnostics = reader.diagnostics
  }

  /// Reads a payload from a parsed document.
  public init(
    document: JSONDocument, pushType: PushType? = nil, ignoredTopLevelKeys: Set<String> = []
  ) {
    self.init(json: document.root, pushType: pushType, ignoredTopLevelKeys: ignoredTopLevelKeys)
  }

  /// The payload as an iOS app receives it in `UNNotificationContent.userInfo`: the whole JSON
  /// object, `aps` included (Behavior.md §1.1), as `String`, `Int`/`Double`, `Bool`, arrays and
  /// dictionaries.
  public var userInfo: [AnyHashable: Any] {
    json.foundationValue as? [AnyHashable: Any] ?? [:]
  }

  /// The top-level keys other than `aps` (and the ignored keys): the app's custom data, in
  /// source order.
  public var customKeys: [String] {
    json.objectValue?.keys.filter { $0 != "aps" && !ignoredTopLevelKeys.contains($0) } ?? []
  }
}
