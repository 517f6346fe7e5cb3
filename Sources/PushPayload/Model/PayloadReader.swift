import PushCore

/// Reads `aps` with safe optional casts and the wrong-type rules of Rules.md §2.
///
/// Each rule that fires adds a warning with the value's JSON path, the rule's code and its
/// `source` (`device` where iOS behaviour is documented, `model` where PushSim decides).
struct PayloadReader {
  var diagnostics: [Diagnostic] = []
  let pushType: PushType?

  init(pushType: PushType?) {
    self.pushType = pushType
  }

  // MARK: - Root and aps

  /// Reads `aps` into a model the caller owns: filled in place, so the large `APS` struct is
  /// not copied on the way out (a copy and a destroy per payload; measured ~4% of validate).
  ///
  /// The root is a tree or a value read in place (``JSONReadable``): both read alike.
  mutating func readRoot<Value: JSONReadable>(_ root: Value, into aps: inout APS) {
    guard root.isObject, let value = root["aps"] else { return }
    let path = Self.apsPath
    guard value.isObject else {
      warn(
        .apsWrongType, path,
        "'aps' must be an object, found \(value.typeName); treated as absent", .model)
      return
    }
    readAPS(value, path: path, into: &aps)
  }

  /// The `aps` keys, each spelled as its raw value.
  enum APSKey: String, CaseIterable {
    case alert, badge, sound, category, timestamp, event, attributes
    case threadID = "thread-id"
    case contentAvailable = "content-available"
    case mutableContent = "mutable-content"
    case targetContentID = "target-content-id"
    case interruptionLevel = "interruption-level"
    case relevanceScore = "relevance-score"
    case filterCriteria = "filter-criteria"
    case staleDate = "stale-date"
    case contentState = "content-state"
    case dismissalDate = "dismissal-date"
    case attributesType = "attributes-type"
    case inputPushToken = "input-push-token"
    case inputPushChannel = "input-push-channel"
    case urlArgs = "url-args"
  }

  /// The key's case, told apart by length, then spelling, from its bytes: a key read in place
  /// is never made a string (cheaper than hashing for these short keys).
  static func apsKey(_ key: some JSONKey) -> APSKey? {
    key.withKeyBytes { key in
      func spells(_ literal: StaticString) -> Bool { Self.spells(key, literal) }
      switch key.count {
      case 5:
        switch key[0] {
        case UInt8(ascii: "a"): return spells("alert") ? .alert : nil
        case UInt8(ascii: "b"): return spells("badge") ? .badge : nil
        case UInt8(ascii: "s"): return spells("sound") ? .sound : nil
        case UInt8(ascii: "e"): return spells("event") ? .event : nil
        default: return nil
        }
      case 8: return spells("category") ? .category : spells("url-args") ? .urlArgs : nil
      case 9: return spells("thread-id") ? .threadID : spells("timestamp") ? .timestamp : nil
      case 10:
        return spells("stale-date") ? .staleDate : spells("attributes") ? .attributes : nil
      case 13: return spells("content-state") ? .contentState : nil
      case 14: return spells("dismissal-date") ? .dismissalDate : nil
      case 15:
        switch key[0] {
        case UInt8(ascii: "m"): return spells("mutable-content") ? .mutableContent : nil
        case UInt8(ascii: "r"): return spells("relevance-score") ? .relevanceScore : nil
        case UInt8(ascii: "f"): return spells("filter-criteria") ? .filterCriteria : nil
        case UInt8(ascii: "a"): return spells("attributes-type") ? .attributesType : nil
        default: return nil
        }
      case 16: return spells("input-push-token") ? .inputPushToken : nil
      case 17:
        return spells("content-available")
          ? .contentAvailable : spells("target-content-id") ? .targetContentID : nil
      case 18:
        return spells("interruption-level")
          ? .interruptionLevel : spells("input-push-channel") ? .inputPushChannel : nil
      default: return nil
      }
    }
  }

  /// Whether `bytes` spell `literal` exactly.
  @inline(__always)
  static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    JSONTapeValue.same(
      bytes, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  static let apsPath: JSONPath = "aps"
  static let alertPath: JSONPath = "aps.alert"
  static let badgePath = "aps.badge"

  // MARK: - Warnings made once

  // A warning whose path and message depend only on the key it is about is made once per key
  // and copied where it applies: its path and message cost thousands of instructions to build,
  // and a stream of payloads from one sender (`validate --jsonl`) repeats the same mistake line
  // after line.

  /// `flag-boolean`: a flag written `true` instead of 1.
  static func flagBooleanWarning(_ key: String, _ path: JSONPath) -> Diagnostic {
    Diagnostic(
      .warning, code: .flagBoolean, path: path.description,
      message: "\(key) is true; Apple documents the number 1 (treated as set; use 1)",
      source: .model)
  }

  /// ``flagBooleanWarning(_:_:)`` for each flag of `aps`.
  static let flagBooleanWarnings: [APSKey: Diagnostic] = Dictionary(
    uniqueKeysWithValues: [APSKey.contentAvailable, .mutableContent, .inputPushToken].map {
      ($0, flagBooleanWarning($0.rawValue, apsPath.appending($0.rawValue)))
    })

  private mutating func readAPS<Value: JSONReadable>(
    _ object: Value, path: JSONPath, into aps: inout APS
  ) {
    var relevance: Value?
    var unknown: [String] = []
    // One pass in source order; with repeated keys only the winning (last) member is read.
    guard let members = object.objectMembers else { return }
    for member in members {
      let value = member.value
      guard let key = Self.apsKey(member.key) else {
        unknown.append(member.key.string)
        continue
      }
      // A known key is spelled as its case's raw value.
      let name = key.rawValue
      switch key {
      case .alert: readAlert(value, path: Self.alertPath, into: &aps.alert)
      case .badge: aps.badge = readBadge(value)
      case .sound: aps.sound = readSound(value, parent: path, key: name)
      case .threadID: aps.threadID = string(value, name, path)
      case .category: aps.category = string(value, name, path)
      case .contentAvailable: aps.contentAvailable = flag(value, name, path, apsKey: key)
      case .mutableContent: aps.mutableContent = flag(value, name, path, apsKey: key)
      case .targetContentID: aps.targetContentID = string(value, name, path)
      case .filterCriteria: aps.filterCriteria = string(value, name, path)
      case .event: aps.event = string(value, name, path)
      case .timestamp: aps.timestamp = number(value, name, path)
      case .staleDate: aps.staleDate = number(value, name, path)
      case .dismissalDate: aps.dismissalDate = number(value, name, path)
      case .contentState: aps.contentState = objectValue(value, name, path)
      case .attributesType: aps.attributesType = string(value, name, path)
      case .attributes: aps.attributes = objectValue(value, name, path)
      case .inputPushToken: aps.inputPushToken = flag(value, name, path, apsKey: key)
      case .inputPushChannel: aps.inputPushChannel = string(value, name, path)
      case .urlArgs: aps.urlArguments = stringArray(value, parent: path, key: name)
      case .interruptionLevel:
        aps.interruptionLevel = readInterruptionLevel(value, parent: path, key: name)
      case .relevanceScore: relevance = value
      }
    }
    // The score's range depends on whether this is a Live Activity, known only at the end.
    if let relevance {
      let liveActivity = pushType == .liveactivity || aps.isLiveActivity
      aps.relevanceScore = readRelevanceScore(
        relevance, path: path.appending("relevance-score"), liveActivity: liveActivity)
    }
    aps.unknownKeys = unknown
  }

  // MARK: - Rules of Rules.md §2

  /// `badge`, read in `aps` (its path is ``badgePath``).
  private mutating func readBadge(_ value: some JSONReadable) -> Int? {
    let path = Self.badgePath
    // The common case, read without making the number.
    if let integer = value.integerValue, integer >= 0 { return integer }
    if let number = value.numberValue {
      if let integer = number.integer {
        if integer >= 0 { return integer }
        warn(
          .badgeNegative, path,
          "badge \(integer) is negative; treated as absent (badge unchanged)",
          .model)
      } else {
        warn(
          .badgeNotInteger, path,
          "badge \(number.text) is not an integer; treated as absent (badge unchanged)", .model)
      }
    } else if let text = value.stringValue {
      warn(
        .badgeString, path,
        "badge is the string \(JSONWriter.quoted(text)); iOS ignores it and the badge is unchanged (send a number)",
        .device)
    } else {
      warn(
        .badgeNotInteger, path,
        "badge must be a number, found \(value.typeName); treated as absent (badge unchanged)",
        .model)
    }
    return nil
  }

  /// `content-available`, `mutable-content`, `input-push-token`: 1 sets, 0/false/absent do not.
  /// `apsKey` names a flag of `aps` itself, whose `flag-boolean` warning is made once.
  private mutating func flag(
    _ value: some JSONReadable, _ key: String, _ parent: JSONPath, apsKey: APSKey? = nil
  ) -> Bool {
    var path: JSONPath { parent.appending(key) }
    // The common case, read without making the number.
    if let integer = value.integerValue, integer == 0 || integer == 1 { return integer == 1 }
    if let number = value.numberValue {
      if number.double == 1 { return true }
      if number.double == 0 { return false }
      warn(
        .flagInvalid, path, "\(key) is \(number.text); only 1 sets it, so it is not set", .model)
      return false
    }
    if let flag = value.boolValue {
      if flag {
        diagnostics.append(
          apsKey.flatMap { Self.flagBooleanWarnings[$0] } ?? Self.flagBooleanWarning(key, path))
      }
      return flag
    }
    warn(
      .flagInvalid, path,
      "\(key) must be the number 1, found \(value.typeName); not set", .model)
    return false
  }

  private mutating func readInterruptionLevel(
    _ value: some JSONReadable, parent: JSONPath, key: String
  )
    -> InterruptionLevel
  {
    var path: JSONPath { parent.appending(key) }
    if let text = value.stringValue {
      if let level = InterruptionLevel(rawValue: text) { return level }
      warn(
        .interruptionLevelUnknown, path,
        "unknown interruption-level \(JSONWriter.quoted(text)); treated as active "
          + "(expected passive, active, time-sensitive or critical)", .model)
    } else {
      warn(
        .interruptionLevelUnknown, path,
        "interruption-level must be a string, found \(value.typeName); treated as active", .model)
    }
    return .active
  }

  private mutating func readRelevanceScore(
    _ value: some JSONReadable, path: JSONPath, liveActivity: Bool
  )
    -> Double?
  {
    guard let number = value.numberValue else {
      warn(
        .relevanceScoreNotNumber, path,
        "relevance-score must be a number, found \(value.typeName); treated as absent (0)", .model)
      return nil
    }
    let score = number.double
    if liveActivity || (0...1).contains(score) { return score }
    let clamped = min(max(score, 0), 1)
    warn(
      .relevanceScoreOutOfRange, path,
      "relevance-score \(number.text) is outside 0…1; clamped to \(clamped == 0 ? "0" : "1")",
      .model)
    return clamped
  }

  /// Reads `alert` into `result` in place (returning the large `Alert` struct cost a copy and
  /// a destroy per payload; measured ~3% of validate).
  private mutating func readAlert<Value: JSONReadable>(
    _ value: Value, path: JSONPath, into result: inout Alert?
  ) {
    if let text = value.stringValue {
      result = Alert(form: .string, body: text)
    } else if let members = value.objectMembers {
      result = Alert(form: .dictionary)
      // Explicit `*-loc-key`/`*-loc-args` win over Live Activity `{loc-key, loc-args}` objects.
      var titleKey: String?
      var titleArguments: [String]?
      var subtitleKey: String?
      var subtitleArguments: [String]?
      var bodyKey: String?
      var bodyArguments: [String]?
      var unknown: [String] = []
      for member in members {
        let value = member.value
        guard let known = Self.alertKey(member.key) else {
          unknown.append(member.key.string)
          continue
        }
        // A known key is spelled as its case's raw value.
        let key = known.rawValue
        switch known {
        case .title:
          result?.title = localizableText(
            value, key, path, key: &titleKey, arguments: &titleArguments)
        case .body:
          result?.body = localizableText(value, key, path, key: &bodyKey, arguments: &bodyArguments)
        case .subtitle:
          result?.subtitle = localizableText(
            value, key, path, key: &subtitleKey, arguments: &subtitleArguments)
        case .titleLocKey: result?.titleLocKey = string(value, key, path)
        case .subtitleLocKey: result?.subtitleLocKey = string(value, key, path)
        case .locKey: result?.locKey = string(value, key, path)
        case .titleLocArgs:
          result?.titleLocArguments = stringArray(value, parent: path, key: key)
        case .subtitleLocArgs:
          result?.subtitleLocArguments = stringArray(value, parent: path, key: key)
        case .locArgs: result?.locArguments = stringArray(value, parent: path, key: key)
        case .launchImage: result?.launchImage = string(value, key, path)
        case .actionLocKey: if !value.isNull { result?.actionLocKey = string(value, key, path) }
        case .action: result?.action = string(value, key, path)
        case .summaryArg:
          result?.summaryArgument = string(value, key, path)
          summaryWarning(key, path.appending(key))
        case .summaryArgCount:
          if let count = value.numberValue?.integer {
            result?.summaryArgumentCount = count
          } else {
            warn(
              .wrongType, path.appending(key),
              "summary-arg-count must be an integer, found \(value.typeName); treated as absent",
              .model)
          }
          summaryWarning(key, path.appending(key))
        case .sound: result?.sound = readSound(value, parent: path, key: key)
        }
      }
      // Only a Live Activity object sets these (the alert is not touched otherwise).
      if let titleKey, result?.titleLocKey == nil { result?.titleLocKey = titleKey }
      if let titleArguments, result?.titleLocArguments == nil {
        result?.titleLocArguments = titleArguments
      }
      if let subtitleKey, result?.subtitleLocKey == nil { result?.subtitleLocKey = subtitleKey }
      if let subtitleArguments, result?.subtitleLocArguments == nil {
        result?.subtitleLocArguments = subtitleArguments
      }
      if let bodyKey, result?.locKey == nil { result?.locKey = bodyKey }
      if let bodyArguments, result?.locArguments == nil { result?.locArguments = bodyArguments }
      if !unknown.isEmpty { result?.unknownKeys = unknown }
    } else {
      result = nil
      warn(
        .alertWrongType, path,
        "alert must be a string or an object, found \(value.typeName); no alert", .model)
    }
  }

  /// The keys of the alert dictionary.
  enum AlertKey: String, CaseIterable {
    case title, subtitle, body, action, sound
    case launchImage = "launch-image"
    case titleLocKey = "title-loc-key"
    case titleLocArgs = "title-loc-args"
    case subtitleLocKey = "subtitle-loc-key"
    case subtitleLocArgs = "subtitle-loc-args"
    case locKey = "loc-key"
    case locArgs = "loc-args"
    case actionLocKey = "action-loc-key"
    case summaryArg = "summary-arg"
    case summaryArgCount = "summary-arg-count"
  }

  /// The key's case, by length then spelling, from its bytes (as ``apsKey(_:)``).
  static func alertKey(_ key: some JSONKey) -> AlertKey? {
    key.withKeyBytes { key in
      func spells(_ literal: StaticString) -> Bool { Self.spells(key, literal) }
      switch key.count {
      case 4: return spells("body") ? .body : nil
      case 5: return spells("title") ? .title : spells("sound") ? .sound : nil
      case 6: return spells("action") ? .action : nil
      case 7: return spells("loc-key") ? .locKey : nil
      case 8: return spells("subtitle") ? .subtitle : spells("loc-args") ? .locArgs : nil
      case 11: return spells("summary-arg") ? .summaryArg : nil
      case 12: return spells("launch-image") ? .launchImage : nil
      case 13: return spells("title-loc-key") ? .titleLocKey : nil
      case 14:
        return spells("title-loc-args")
          ? .titleLocArgs : spells("action-loc-key") ? .actionLocKey : nil
      case 16: return spells("subtitle-loc-key") ? .subtitleLocKey : nil
      case 17:
        return spells("subtitle-loc-args")
          ? .subtitleLocArgs : spells("summary-arg-count") ? .summaryArgCount : nil
      default: return nil
      }
    }
  }

  private mutating func summaryWarning(_ key: String, _ path: JSONPath) {
    warn(
      .summaryArgDeprecated, path,
      "\(key) is deprecated and ignored since iOS 15; kept in the model, not displayed", .device)
  }

  /// A title/subtitle/body: a string, or (Live Activity) a `{loc-key, loc-args}` object.
  private mutating func localizableText(
    _ value: some JSONReadable, _ name: String, _ parent: JSONPath, key: inout String?,
    arguments: inout [String]?
  ) -> String? {
    if let text = value.stringValue { return text }
    if value.isObject {
      let inner = value
      let path = parent.appending(name)
      if let locKey = inner["loc-key"].flatMap({ string($0, "loc-key", path) }) {
        key = locKey
      } else if inner["loc-key"] == nil {
        warn(
          .wrongType, path,
          "\(name) is an object without 'loc-key'; treated as absent", .model)
      }
      if let locArgs = inner["loc-args"] {
        arguments = stringArray(locArgs, parent: path, key: "loc-args")
      }
      return nil
    }
    warn(
      .wrongType, parent.appending(name),
      "\(name) must be a string, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func readSound(_ value: some JSONReadable, parent: JSONPath, key: String)
    -> Sound?
  {
    if let name = value.stringValue { return Sound(name: name, form: .string) }
    if value.isObject {
      let object = value
      let path = parent.appending(key)
      var sound = Sound(
        name: object["name"].flatMap { string($0, "name", path) }, form: .dictionary)
      sound.isCritical = object["critical"].map { flag($0, "critical", path) } ?? false
      if let volumeValue = object["volume"] {
        let volumePath = path.appending("volume")
        if let volume = volumeValue.numberValue?.double {
          if (0...1).contains(volume) {
            sound.volume = volume
          } else {
            sound.volume = min(max(volume, 0), 1)
            warn(
              .soundVolumeOutOfRange, volumePath,
              "volume \(volumeValue.jsonText) is outside 0…1; clamped", .model)
          }
        } else {
          warn(
            .wrongType, volumePath,
            "volume must be a number, found \(volumeValue.typeName); treated as absent", .model)
        }
      }
      return sound
    }
    warn(
      .wrongType, parent.appending(key),
      "sound must be a string or a critical-sound object, found \(value.typeName); no sound",
      .model)
    return nil
  }

  // MARK: - Safe casts (the path is built only when a warning needs it)

  private mutating func string(_ value: some JSONReadable, _ key: String, _ parent: JSONPath)
    -> String?
  {
    if let text = value.stringValue { return text }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be a string, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func number(_ value: some JSONReadable, _ key: String, _ parent: JSONPath)
    -> Double?
  {
    if let number = value.numberValue { return number.double }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be a number, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func objectValue(_ value: some JSONReadable, _ key: String, _ parent: JSONPath)
    -> JSONValue?
  {
    if value.isObject { return value.jsonValue }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be an object, found \(value.typeName); treated as absent", .model)
    return nil
  }

  /// loc-args and url-args: an array of strings; other items become their JSON text.
  private mutating func stringArray(_ value: some JSONReadable, parent: JSONPath, key: String)
    -> [String]?
  {
    var path: JSONPath { parent.appending(key) }
    guard let elements = value.arrayValue else {
      warn(
        .wrongType, path,
        "\(Self.lastKey(path)) must be an array of strings, found \(value.typeName); treated as absent",
        .model)
      return nil
    }
    var result: [String] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      if let text = element.stringValue {
        result.append(text)
      } else {
        let text = element.jsonText
        warn(
          .locArgNotString, path.appending(index: index),
          "argument is a \(element.typeName), not a string; used as its JSON text \(text)", .model)
        result.append(text)
      }
    }
    return result
  }

  private static func lastKey(_ path: JSONPath) -> String {
    if case .key(let key) = path.components.last { return key }
    return path.description
  }

  private mutating func warn(
    _ code: DiagnosticCode, _ path: JSONPath, _ message: String, _ source: DiagnosticSource
  ) {
    warn(code, path.description, message, source)
  }

  private mutating func warn(
    _ code: DiagnosticCode, _ path: String, _ message: String, _ source: DiagnosticSource
  ) {
    diagnostics.append(
      Diagnostic(.warning, code: code, path: path, message: message, source: source))
  }
}
