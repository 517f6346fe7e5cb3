import Foundation
import PushDevice
import PushPayload

extension LiveActivityDeviceSettings {
  /// The fields of `device.liveActivities`.
  static let scenarioFields = [
    "budgetPerHour", "frequentBudgetPerHour", "pushToStartBudgetPerHour", "maximumPerApp",
    "dynamicIsland",
  ]

  /// Reads `device.liveActivities` over `base` (absent fields keep their values).
  init(decoding node: Node, over base: Self) throws(ScenarioError) {
    let object = try node.object(allowing: Self.scenarioFields)
    self = base
    func count(_ key: String) throws(ScenarioError) -> Int? {
      guard let field = object.optional(key) else { return nil }
      let value = try field.int()
      guard value >= 0 else { throw field.error("\"\(key)\" cannot be negative") }
      return value
    }
    if let value = try count("budgetPerHour") { budgetPerHour = value }
    if let value = try count("frequentBudgetPerHour") { frequentBudgetPerHour = value }
    if let value = try count("pushToStartBudgetPerHour") { pushToStartBudgetPerHour = value }
    if let value = try count("maximumPerApp") { maximumPerApp = value }
    if let field = object.optional("dynamicIsland") { dynamicIsland = try field.bool() }
  }
}

extension IOSVersion {
  /// Reads `device.iosVersion`: a string such as `"17.2"` (or a number such as `18`).
  init(decoding node: Node) throws(ScenarioError) {
    let text: String
    if let number = node.value.numberValue {
      text = number.text
    } else {
      text = try node.string()
    }
    guard let version = IOSVersion(text), version >= IOSVersion(15) else {
      throw node.error(
        "\"\(text)\" is not an iOS version PushSim models; write one such as \"17.2\" "
          + "(15 or later)")
    }
    self = version
  }
}

extension LiveActivityConfiguration {
  /// The fields of `app.liveActivities`.
  static let scenarioFields = [
    "supported", "supportsFrequentUpdates", "enabled", "frequentUpdates", "channels",
  ]

  /// Reads `app.liveActivities` over `base`.
  init(decoding node: Node, over base: Self) throws(ScenarioError) {
    let object = try node.object(allowing: Self.scenarioFields)
    self = base
    if let field = object.optional("supported") { supported = try field.bool() }
    if let field = object.optional("supportsFrequentUpdates") {
      supportsFrequentUpdates = try field.bool()
    }
    if let field = object.optional("enabled") { enabled = try field.bool() }
    if let field = object.optional("frequentUpdates") { frequentUpdates = try field.bool() }
    if let field = object.optional("channels") { channels = try Self.channels(decoding: field) }
  }

  /// Reads `app.liveActivities.channels`: `[{"id": "<base64>", "messageStoragePolicy": 0 or 1}]`.
  static func channels(decoding node: Node) throws(ScenarioError) -> [BroadcastChannel] {
    var channels: [BroadcastChannel] = []
    for element in try node.array() {
      let object = try element.object(allowing: ["id", "messageStoragePolicy"])
      let id = try object.required("id").nonEmptyString()
      let policyNode = try object.required("messageStoragePolicy")
      let number = try policyNode.int()
      guard let policy = BroadcastChannel.StoragePolicy(rawValue: number) else {
        throw policyNode.error(
          "\"messageStoragePolicy\" is 0 (No Message Stored) or 1 (Most Recent Message "
            + "Stored); found \(number)")
      }
      guard !channels.contains(where: { $0.id == id }) else {
        throw element.error("channel \"\(id)\" is declared twice")
      }
      channels.append(BroadcastChannel(id: id, storagePolicy: policy))
    }
    return channels
  }

  /// Reads `app.activities`: the app's `ActivityAttributes` types.
  static func types(decoding node: Node) throws(ScenarioError) -> [ActivityTypeDeclaration] {
    var types: [ActivityTypeDeclaration] = []
    for element in try node.array() {
      let object = try element.object(allowing: ["type", "attributes", "contentState"])
      var declaration = ActivityTypeDeclaration(name: try object.required("type").nonEmptyString())
      if let fields = object.optional("attributes") {
        declaration.attributes = try Self.fields(decoding: fields)
      }
      if let fields = object.optional("contentState") {
        declaration.contentState = try Self.fields(decoding: fields)
      }
      types.append(declaration)
    }
    return types
  }

  /// `{"name": "Swift type"}` in declaration order.
  static func fields(decoding node: Node) throws(ScenarioError) -> [ActivityField] {
    var fields: [ActivityField] = []
    for (name, typeNode) in try node.object(allowing: nil).fields {
      let text = try typeNode.string()
      guard let type = ActivityFieldType(swift: text) else {
        throw typeNode.error(
          "unknown field type \"\(text)\"; use String, Int, Double, Bool, Date, URL, [T] or T?")
      }
      fields.append(ActivityField(name: name, type: type))
    }
    return fields
  }
}

/// A `startActivity` step: the app calls `Activity.request` (ScenarioFormat.md).
public struct StartActivityStep: Sendable {
  /// What the app requests.
  package var request: ActivityRequest

  /// The fields a `startActivity` step takes.
  static let fields = [
    "id", "type", "attributes", "contentState", "pushType", "staleDate", "relevanceScore",
    "start",
  ]

  /// Reads a step.
  init(decoding node: Node) throws(ScenarioError) {
    let object = try node.object(allowing: Self.fields)
    let id = try object.required("id").nonEmptyString()
    let type = try object.required("type").nonEmptyString()
    var request = ActivityRequest(id: id, type: type)
    if let attributes = object.optional("attributes") {
      _ = try attributes.object(allowing: nil)
      request.attributes = attributes.value
    }
    if let content = object.optional("contentState") {
      _ = try content.object(allowing: nil)
      request.contentState = content.value
    }
    if let pushType = object["pushType"] {
      if pushType.isNull {
        request.channel = .none
      } else {
        let text = try pushType.string()
        if text == "token" {
          request.channel = .token
        } else if text.hasPrefix("channel:"), text.count > "channel:".count {
          request.channel = .channel(String(text.dropFirst("channel:".count)))
        } else {
          throw pushType.error(
            "\"pushType\" is \"token\", \"channel:<id>\" or null (no pushes); found \"\(text)\"")
        }
      }
    }
    if let stale = object.optional("staleDate") { request.staleDate = try stale.instant() }
    if let score = object.optional("relevanceScore") { request.relevanceScore = try score.double() }
    if let start = object.optional("start") { request.start = try start.instant() }
    self.request = request
  }
}

extension PushTypeConfiguration {
  /// The fields of `app.pushTypes`.
  static let scenarioFields = [
    "reportsCalls", "voipFailureLimit", "locationExtension", "locationAlways",
    "pttChannelJoined", "fileProviderReplicated",
  ]

  /// Reads `app.pushTypes` over `base`.
  init(decoding node: Node, over base: Self) throws(ScenarioError) {
    let object = try node.object(allowing: Self.scenarioFields)
    self = base
    if let field = object.optional("reportsCalls") { reportsCalls = try field.bool() }
    if let field = object.optional("voipFailureLimit") {
      let limit = try field.int()
      guard limit >= 1 else { throw field.error("\"voipFailureLimit\" must be at least 1") }
      voipFailureLimit = limit
    }
    if let field = object.optional("locationExtension") { locationExtension = try field.bool() }
    if let field = object.optional("locationAlways") { locationAlways = try field.bool() }
    if let field = object.optional("pttChannelJoined") { pttChannelJoined = try field.bool() }
    if let field = object.optional("fileProviderReplicated") {
      fileProviderReplicated = try field.bool()
    }
  }
}
