/// Reads `aps` with safe optional casts and the wrong-type rules of model-decisions.md §2.
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
    guard let object = root.objectValue else { return APS() }
    guard let aps = object["aps"] else { return APS() }
    let path: JSONPath = "aps"
    guard let apsObject = aps.objectValue else {
      warn(
        "aps-wrong-type", path,
        "'aps' must be an object, found \(aps.typeName); treated as absent", .model)
      return APS()
    }
    return readAPS(apsObject, path: path)
  }

  private mutating func readAPS(_ object: JSONObject, path: JSONPath) -> APS {
    var aps = APS()
    // Keys are few: look each one up; the object searches from the end (last duplicate wins).
    if let value = object["alert"] { aps.alert = readAlert(value, path: path.appending("alert")) }
    if let value = object["badge"] { aps.badge = readBadge(value, path: path.appending("badge")) }
    if let value = object["sound"] { aps.sound = readSound(value, path: path.appending("sound")) }
    aps.threadID = string(object, "thread-id", path)
    aps.category = string(object, "category", path)
    aps.contentAvailable = flag(object, "content-available", path)
    aps.mutableContent = flag(object, "mutable-content", path)
    aps.targetContentID = string(object, "target-content-id", path)
    aps.filterCriteria = string(object, "filter-criteria", path)
    aps.event = string(object, "event", path)
    aps.timestamp = number(object, "timestamp", path)
    aps.staleDate = number(object, "stale-date", path)
    aps.dismissalDate = number(object, "dismissal-date", path)
    aps.contentState = objectValue(object, "content-state", path)
    aps.attributesType = string(object, "attributes-type", path)
    aps.attributes = objectValue(object, "attributes", path)
    aps.inputPushToken = flag(object, "input-push-token", path)
    aps.inputPushChannel = string(object, "input-push-channel", path)
    if let value = object["url-args"] {
      aps.urlArguments = stringArray(value, path: path.appending("url-args"))
    }
    if let value = object["interruption-level"] {
      aps.interruptionLevel = readInterruptionLevel(
        value, path: path.appending("interruption-level"))
    }
    if let value = object["relevance-score"] {
      let liveActivity = pushType == .liveactivity || aps.isLiveActivity
      aps.relevanceScore = readRelevanceScore(
        value, path: path.appending("relevance-score"), liveActivity: liveActivity)
    }
    var unknown: [String] = []
    for member in object.members where !APS.knownKeys.contains(member.key) {
      if !unknown.contains(member.key) { unknown.append(member.key) }
    }
    aps.unknownKeys = unknown
    return aps
  }

  // MARK: - Rules of model-decisions.md §2

  private mutating func readBadge(_ value: JSONValue, path: JSONPath) -> Int? {
    switch value.kind {
    case .number(let number):
      if let integer = number.integer {
        if integer >= 0 { return integer }
        warn(
          "badge-negative", path,
          "badge \(integer) is negative; treated as absent (badge unchanged)",
          .model)
      } else {
        warn(
          "badge-not-integer", path,
          "badge \(number.text) is not an integer; treated as absent (badge unchanged)", .model)
      }
    case .string(let text):
      warn(
        "badge-string", path,
        "badge is the string \(JSONWriter.quoted(text)); iOS ignores it and the badge is unchanged (send a number)",
        .device)
    default:
      warn(
        "badge-not-integer", path,
        "badge must be a number, found \(value.typeName); treated as absent (badge unchanged)",
        .model)
    }
    return nil
  }

  /// `content-available`, `mutable-content`, `input-push-token`: 1 sets, 0/false/absent do not.
  private mutating func flag(_ object: JSONObject, _ key: String, _ parent: JSONPath) -> Bool {
    guard let value = object[key] else { return false }
    let path = parent.appending(key)
    switch value.kind {
    case .number(let number):
      if number.double == 1 { return true }
      if number.double == 0 { return false }
      warn(
        "flag-invalid", path, "\(key) is \(number.text); only 1 sets it, so it is not set", .model)
      return false
    case .bool(let flag):
      if flag {
        warn(
          "flag-boolean", path,
          "\(key) is true; Apple documents the number 1 (treated as set; use 1)", .model)
      }
      return flag
    default:
      warn(
        "flag-invalid", path,
        "\(key) must be the number 1, found \(value.typeName); not set", .model)
      return false
    }
  }

  private mutating func readInterruptionLevel(_ value: JSONValue, path: JSONPath)
    -> InterruptionLevel
  {
    if let text = value.stringValue {
      if let level = InterruptionLevel(rawValue: text) { return level }
      warn(
        "interruption-level-unknown", path,
        "unknown interruption-level \(JSONWriter.quoted(text)); treated as active "
          + "(expected passive, active, time-sensitive or critical)", .model)
    } else {
      warn(
        "interruption-level-unknown", path,
        "interruption-level must be a string, found \(value.typeName); treated as active", .model)
    }
    return .active
  }

  private mutating func readRelevanceScore(_ value: JSONValue, path: JSONPath, liveActivity: Bool)
    -> Double?
  {
    guard let number = value.numberValue else {
      warn(
        "relevance-score-not-number", path,
        "relevance-score must be a number, found \(value.typeName); treated as absent (0)", .model)
      return nil
    }
    let score = number.double
    if liveActivity || (0...1).contains(score) { return score }
    let clamped = min(max(score, 0), 1)
    warn(
      "relevance-score-out-of-range", path,
      "relevance-score \(number.text) is outside 0…1; clamped to \(clamped == 0 ? "0" : "1")",
      .model)
    return clamped
  }

  private mutating func readAlert(_ value: JSONValue, path: JSONPath) -> Alert? {
    switch value.kind {
    case .string(let text):
      return Alert(form: .string, body: text)
    case .object(let object):
      var alert = Alert(form: .dictionary)
      alert.title = localizableText(
        object, "title", path, key: &alert.titleLocKey,
        arguments: &alert.titleLocArguments)
      alert.subtitle = localizableText(
        object, "subtitle", path, key: &alert.subtitleLocKey,
        arguments: &alert.subtitleLocArguments)
      alert.body = localizableText(
        object, "body", path, key: &alert.locKey,
        arguments: &alert.locArguments)
      if let key = string(object, "title-loc-key", path) { alert.titleLocKey = key }
      if let key = string(object, "subtitle-loc-key", path) { alert.subtitleLocKey = key }
      if let key = string(object, "loc-key", path) { alert.locKey = key }
      if let value = object["title-loc-args"] {
        alert.titleLocArguments = stringArray(value, path: path.appending("title-loc-args"))
      }
      if let value = object["subtitle-loc-args"] {
        alert.subtitleLocArguments = stringArray(value, path: path.appending("subtitle-loc-args"))
      }
      if let value = object["loc-args"] {
        alert.locArguments = stringArray(value, path: path.appending("loc-args"))
      }
      alert.launchImage = string(object, "launch-image", path)
      if let value = object["action-loc-key"], !value.isNull {
        alert.actionLocKey = string(object, "action-loc-key", path)
      }
      alert.action = string(object, "action", path)
      if let value = object["summary-arg"] {
        alert.summaryArgument = string(object, "summary-arg", path)
        summaryWarning(value, path.appending("summary-arg"))
      }
      if let value = object["summary-arg-count"] {
        let argumentPath = path.appending("summary-arg-count")
        if let count = value.numberValue?.integer {
          alert.summaryArgumentCount = count
        } else {
          warn(
            "wrong-type", argumentPath,
            "summary-arg-count must be an integer, found \(value.typeName); treated as absent",
            .model)
        }
        summaryWarning(value, argumentPath)
      }
      if let value = object["sound"] {
        alert.sound = readSound(value, path: path.appending("sound"))
      }
      var unknown: [String] = []
      for member in object.members where !Self.alertKeys.contains(member.key) {
        if !unknown.contains(member.key) { unknown.append(member.key) }
      }
      alert.unknownKeys = unknown
      return alert
    default:
      warn(
        "alert-wrong-type", path,
        "alert must be a string or an object, found \(value.typeName); no alert", .model)
      return nil
    }
  }

  static let alertKeys: Set<String> = [
    "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
    "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "action",
    "summary-arg", "summary-arg-count", "sound",
  ]

  private mutating func summaryWarning(_ value: JSONValue, _ path: JSONPath) {
    warn(
      "summary-arg-deprecated", path,
      "\(path.components.last.map { if case .key(let key) = $0 { key } else { "" } } ?? "") "
        + "is deprecated and ignored since iOS 15; kept in the model, not displayed", .device)
  }

  /// A title/subtitle/body: a string, or (Live Activity) a `{loc-key, loc-args}` object.
  private mutating func localizableText(
    _ object: JSONObject, _ name: String, _ parent: JSONPath, key: inout String?,
    arguments: inout [String]?
  ) -> String? {
    guard let value = object[name] else { return nil }
    let path = parent.appending(name)
    switch value.kind {
    case .string(let text):
      return text
    case .object(let inner):
      if let locKey = string(inner, "loc-key", path) {
        key = locKey
      } else if inner["loc-key"] == nil {
        warn(
          "wrong-type", path,
          "\(name) is an object without 'loc-key'; treated as absent", .model)
      }
      if let locArgs = inner["loc-args"] {
        arguments = stringArray(locArgs, path: path.appending("loc-args"))
      }
      return nil
    default:
      warn(
        "wrong-type", path,
        "\(name) must be a string, found \(value.typeName); treated as absent", .model)
      return nil
    }
  }

  private mutating func readSound(_ value: JSONValue, path: JSONPath) -> Sound? {
    switch value.kind {
    case .string(let name):
      return Sound(name: name, form: .string)
    case .object(let object):
      var sound = Sound(name: string(object, "name", path), form: .dictionary)
      sound.isCritical = flag(object, "critical", path)
      if let volumeValue = object["volume"] {
        let volumePath = path.appending("volume")
        if let volume = volumeValue.numberValue?.double {
          if (0...1).contains(volume) {
            sound.volume = volume
          } else {
            sound.volume = min(max(volume, 0), 1)
            warn(
              "sound-volume-out-of-range", volumePath,
              "volume \(volumeValue.jsonText) is outside 0…1; clamped", .model)
          }
        } else {
          warn(
            "wrong-type", volumePath,
            "volume must be a number, found \(volumeValue.typeName); treated as absent", .model)
        }
      }
      return sound
    default:
      warn(
        "wrong-type", path,
        "sound must be a string or a critical-sound object, found \(value.typeName); no sound",
        .model)
      return nil
    }
  }

  // MARK: - Safe casts

  private mutating func string(_ object: JSONObject, _ key: String, _ parent: JSONPath) -> String? {
    guard let value = object[key] else { return nil }
    if let text = value.stringValue { return text }
    warn(
      "wrong-type", parent.appending(key),
      "\(key) must be a string, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func number(_ object: JSONObject, _ key: String, _ parent: JSONPath) -> Double? {
    guard let value = object[key] else { return nil }
    if let number = value.numberValue { return number.double }
    warn(
      "wrong-type", parent.appending(key),
      "\(key) must be a number, found \(value.typeName); treated as absent", .model)
    return nil
  }

  private mutating func objectValue(_ object: JSONObject, _ key: String, _ parent: JSONPath)
    -> JSONValue?
  {
    guard let value = object[key] else { return nil }
    if value.objectValue != nil { return value }
    warn(
      "wrong-type", parent.appending(key),
      "\(key) must be an object, found \(value.typeName); treated as absent", .model)
    return nil
  }

  /// loc-args and url-args: an array of strings; other items become their JSON text.
  private mutating func stringArray(_ value: JSONValue, path: JSONPath) -> [String]? {
    guard let elements = value.arrayValue else {
      warn(
        "wrong-type", path,
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
          "loc-arg-not-string", path.appending(index: index),
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
    _ code: String, _ path: JSONPath, _ message: String, _ source: DiagnosticSource
  ) {
    diagnostics.append(
      Diagnostic(.warning, code: code, path: path.description, message: message, source: source))
  }
}
