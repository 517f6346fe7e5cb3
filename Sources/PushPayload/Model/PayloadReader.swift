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

  mutating func readRoot(_ root: JSONValue) -> APS {
    var aps = APS()
    readRoot(root, into: &aps)
    return aps
  }

  /// Reads `aps` into a model the caller owns: filled in place, so the large `APS` struct is
  /// not copied on the way out (a copy and a destroy per payload; measured ~4% of validate).
  mutating func readRoot(_ root: JSONValue, into aps: inout APS) {
    guard let object = root.objectValue else { return }
    guard let value = object["aps"] else { return }
    let path = Self.apsPath
    guard let apsObject = value.objectValue else {
      warn(
        .apsWrongType, path,
        "'aps' must be an object, found \(value.typeName); treated as absent", .model)
      return
    }
    readAPS(apsObject, path: path, into: &aps)
  }

  /// The `aps` keys, so one hashed lookup per member routes it (one pass over the object).
  enum APSKey {
    case alert, badge, sound, threadID, category, contentAvailable, mutableContent
    case targetContentID, interruptionLevel, relevanceScore, filterCriteria, staleDate
    case contentState, timestamp, event, dismissalDate, attributesType, attributes
    case inputPushToken, inputPushChannel, urlArgs
  }

  static let apsKeys: [String: APSKey] = [
    "alert": .alert, "badge": .badge, "sound": .sound, "thread-id": .threadID,
    "category": .category, "content-available": .contentAvailable,
    "mutable-content": .mutableContent, "target-content-id": .targetContentID,
    "interruption-level": .interruptionLevel, "relevance-score": .relevanceScore,
    "filter-criteria": .filterCriteria, "stale-date": .staleDate, "content-state": .contentState,
    "timestamp": .timestamp, "event": .event, "dismissal-date": .dismissalDate,
    "attributes-type": .attributesType, "attributes": .attributes,
    "input-push-token": .inputPushToken, "input-push-channel": .inputPushChannel,
    "url-args": .urlArgs,
  ]

  /// The key's case, by length then spelling (cheaper than hashing for these short keys).
  static func apsKey(_ key: String) -> APSKey? {
    switch key.utf8.count {
    case 5:
      switch key {
      case "alert": return .alert
      case "badge": return .badge
      case "sound": return .sound
      case "event": return .event
      default: return nil
      }
    case 8: return key == "category" ? .category : key == "url-args" ? .urlArgs : nil
    case 9:
      return key == "thread-id" ? .threadID : key == "timestamp" ? .timestamp : nil
    case 10: return key == "stale-date" ? .staleDate : key == "attributes" ? .attributes : nil
    case 13: return key == "content-state" ? .contentState : nil
    case 14: return key == "dismissal-date" ? .dismissalDate : nil
    case 15:
      switch key {
      case "mutable-content": return .mutableContent
      case "relevance-score": return .relevanceScore
      case "filter-criteria": return .filterCriteria
      case "attributes-type": return .attributesType
      default: return nil
      }
    case 16: return key == "input-push-token" ? .inputPushToken : nil
    case 17:
      return key == "content-available"
        ? .contentAvailable : key == "target-content-id" ? .targetContentID : nil
    case 18:
      return key == "interruption-level"
        ? .interruptionLevel : key == "input-push-channel" ? .inputPushChannel : nil
    default: return nil
    }
  }

  static let apsPath: JSONPath = "aps"
  static let alertPath: JSONPath = "aps.alert"

  private mutating func readAPS(_ object: JSONObject, path: JSONPath, into aps: inout APS) {
    var relevance: JSONValue?
    var unknown: [String] = []
    // One pass in source order; with repeated keys only the winning (last) member is read.
    for member in object.hasDuplicateKeys ? object.uniqueMembers : object.members {
      let value = member.value
      guard let key = Self.apsKey(member.key) else {
        unknown.append(member.key)
        continue
      }
      switch key {
      case .alert: readAlert(value, path: Self.alertPath, into: &aps.alert)
      case .badge: aps.badge = readBadge(value, parent: path)
      case .sound: aps.sound = readSound(value, parent: path, key: member.key)
      case .threadID: aps.threadID = string(value, member.key, path)
      case .category: aps.category = string(value, member.key, path)
      case .contentAvailable: aps.contentAvailable = flag(value, member.key, path)
      case .mutableContent: aps.mutableContent = flag(value, member.key, path)
      case .targetContentID: aps.targetContentID = string(value, member.key, path)
      case .filterCriteria: aps.filterCriteria = string(value, member.key, path)
      case .event: aps.event = string(value, member.key, path)
      case .timestamp: aps.timestamp = number(value, member.key, path)
      case .staleDate: aps.staleDate = number(value, member.key, path)
      case .dismissalDate: aps.dismissalDate = number(value, member.key, path)
      case .contentState: aps.contentState = objectValue(value, member.key, path)
      case .attributesType: aps.attributesType = string(value, member.key, path)
      case .attributes: aps.attributes = objectValue(value, member.key, path)
      case .inputPushToken: aps.inputPushToken = flag(value, member.key, path)
      case .inputPushChannel: aps.inputPushChannel = string(value, member.key, path)
      case .urlArgs: aps.urlArguments = stringArray(value, parent: path, key: member.key)
      case .interruptionLevel:
        aps.interruptionLevel = readInterruptionLevel(value, parent: path, key: member.key)
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

  private mutating func readBadge(_ value: JSONValue, parent: JSONPath) -> Int? {
    var path: JSONPath { parent.appending("badge") }
    switch value.kind {
    case .number(let number):
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
    case .string(let text):
      warn(
        .badgeString, path,
        "badge is the string \(JSONWriter.quoted(text)); iOS ignores it and the badge is unchanged (send a number)",
        .device)
    default:
      warn(
        .badgeNotInteger, path,
        "badge must be a number, found \(value.typeName); treated as absent (badge unchanged)",
        .model)
    }
    return nil
  }

  /// `content-available`, `mutable-content`, `input-push-token`: 1 sets, 0/false/absent do not.
  private mutating func flag(_ value: JSONValue, _ key: String, _ parent: JSONPath) -> Bool {
    var path: JSONPath { parent.appending(key) }
    switch value.kind {
    case .number(let number):
      if number.double == 1 { return true }
      if number.double == 0 { return false }
      warn(
        .flagInvalid, path, "\(key) is \(number.text); only 1 sets it, so it is not set", .model)
      return false
    case .bool(let flag):
      if flag {
        warn(
          .flagBoolean, path,
          "\(key) is true; Apple documents the number 1 (treated as set; use 1)", .model)
      }
      return flag
    default:
      warn(
        .flagInvalid, path,
        "\(key) must be the number 1, found \(value.typeName); not set", .model)
      return false
    }
  }

  private mutating func readInterruptionLevel(_ value: JSONValue, parent: JSONPath, key: String)
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

  private mutating func readRelevanceScore(_ value: JSONValue, path: JSONPath, liveActivity: Bool)
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
  private mutating func readAlert(_ value: JSONValue, path: JSONPath, into result: inout Alert?) {
    switch value.kind {
    case .string(let text):
      result = Alert(form: .string, body: text)
    case .object(let object):
      result = Alert(form: .dictionary)
      // Explicit `*-loc-key`/`*-loc-args` win over Live Activity `{loc-key, loc-args}` objects.
      var titleKey: String?
      var titleArguments: [String]?
      var subtitleKey: String?
      var subtitleArguments: [String]?
      var bodyKey: String?
      var bodyArguments: [String]?
      var unknown: [String] = []
      for member in object.hasDuplicateKeys ? object.uniqueMembers : object.members {
        let value = member.value
        let key = member.key
        switch Self.alertKey(key) {
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
        case nil: unknown.append(key)
        }
      }
      if result?.titleLocKey == nil { result?.titleLocKey = titleKey }
      if result?.titleLocArguments == nil { result?.titleLocArguments = titleArguments }
      if result?.subtitleLocKey == nil { result?.subtitleLocKey = subtitleKey }
      if result?.subtitleLocArguments == nil { result?.subtitleLocArguments = subtitleArguments }
      if result?.locKey == nil { result?.locKey = bodyKey }
      if result?.locArguments == nil { result?.locArguments = bodyArguments }
      result?.unknownKeys = unknown
    default:
      result = nil
      warn(
        .alertWrongType, path,
        "alert must be a string or an object, found \(value.typeName); no alert", .model)
    }
  }

  /// The keys of the alert dictionary.
  enum AlertKey {
    case title, subtitle, body, launchImage, titleLocKey, titleLocArgs, subtitleLocKey
    case subtitleLocArgs, locKey, locArgs, actionLocKey, action, summaryArg, summaryArgCount
    case sound
  }

  /// The key's case, by length then spelling (a `switch` over the strings compared each key
  /// with every case in turn).
  static func alertKey(_ key: String) -> AlertKey? {
    switch key.utf8.count {
    case 4: return key == "body" ? .body : nil
    case 5: return key == "title" ? .title : key == "sound" ? .sound : nil
    case 6: return key == "action" ? .action : nil
    case 7: return key == "loc-key" ? .locKey : nil
    case 8: return key == "subtitle" ? .subtitle : key == "loc-args" ? .locArgs : nil
    case 11: return key == "summary-arg" ? .summaryArg : nil
    case 12: return key == "launch-image" ? .launchImage : nil
    case 13: return key == "title-loc-key" ? .titleLocKey : nil
    case 14:
      return key == "title-loc-args"
        ? .titleLocArgs : key == "action-loc-key" ? .actionLocKey : nil
    case 16: return key == "subtitle-loc-key" ? .subtitleLocKey : nil
    case 17:
      return key == "subtitle-loc-args"
        ? .subtitleLocArgs : key == "summary-arg-count" ? .summaryArgCount : nil
    default: return nil
    }
  }

  static let alertKeys: Set<String> = [
    "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
    "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "action",
    "summary-arg", "summary-arg-count", "sound",
  ]

  private mutating func summaryWarning(_ key: String, _ path: JSONPath) {
    warn(
      .summaryArgDeprecated, path,
      "\(key) is deprecated and ignored since iOS 15; kept in the model, not displayed", .device)
  }

  /// A title/subtitle/body: a string, or (Live Activity) a `{loc-key, loc-args}` object.
  private mutating func localizableText(
    _ value: JSONValue, _ name: String, _ parent: JSONPath, key: inout String?,
    arguments: inout [String]?
  ) -> String? {
    switch value.kind {
    case .string(let text):
      return text
    case .object(let inner):
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
    default:
      warn(
        .wrongType, parent.appending(name),
        "\(name) must be a string, found \(value.typeName); treated as absent", .model)
      return nil
    }
  }

  private mutating func readSound(_ value: JSONValue, parent: JSONPath, key: String) -> Sound? {
    switch value.kind {
    case .string(let name):
      return Sound(name: name, form: .string)
    case .object(let object):
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
    default:
      warn(
        .wrongType, parent.appending(key),
        "sound must be a string or a critical-sound object, found \(value.typeName); no sound",
        .model)
      return nil
    }
  }

  // MARK: - Safe casts (the path is built only when a warning needs it)

  private mutating func string(_ value: JSONValue, _ key: String, _ parent: JSONPath) -> String? {
    if case .string(let text) = value.kind { return text }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be a string, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func number(_ value: JSONValue, _ key: String, _ parent: JSONPath) -> Double? {
    if case .number(let number) = value.kind { return number.double }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be a number, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func objectValue(_ value: JSONValue, _ key: String, _ parent: JSONPath)
    -> JSONValue?
  {
    if case .object = value.kind { return value }
    warn(
      .wrongType, parent.appending(key),
      "\(key) must be an object, found \(value.typeName); treated as absent", .model)
    return nil
  }

  /// loc-args and url-args: an array of strings; other items become their JSON text.
  private mutating func stringArray(_ value: JSONValue, parent: JSONPath, key: String)
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
    diagnostics.append(
      Diagnostic(.warning, code: code, path: path.description, message: message, source: source))
  }
}
