public import PushCore

/// What APNs answers for a request: status, reason, and the push type and limit it judged by
/// (Behavior.md §2.4; Rules.md §1).
///
/// Build one with ``APNsVerdict/init(body:headers:)`` or, with payload reading and lint,
/// through ``PayloadValidation``. All failures found are in ``diagnostics`` (errors, source
/// `apns` or `model`); ``reason`` is the first in the order APNs checks a request: headers,
/// then the body.
public struct APNsVerdict: Sendable, Hashable {
  /// Whether APNs accepts the request (HTTP 200).
  public var accepted: Bool
  /// 200, 400 or 413.
  public var httpStatus: Int
  /// APNs's reason string when rejected.
  public var reason: APNsReason?
  /// The push type judged by: the header, or the inferred type; `nil` when the header is invalid.
  public var pushType: PushType?
  /// Whether ``pushType`` was inferred because `apns-push-type` was absent.
  public var pushTypeWasInferred: Bool
  /// The priority: the header, or 10 when absent (Behavior.md §2.2); `nil` when the header is
  /// invalid.
  public var priority: Int?
  /// The body size in bytes, counted on the exact bytes received.
  public var bytes: Int
  /// The size limit for the push type (5120 for `voip`, else 4096).
  public var limit: Int
  /// `apns-collapse-id`, when given.
  public var collapseID: String?
  /// `apns-expiration` as UNIX seconds, when given and valid.
  public var expiration: Int?
  /// The verdict's own findings (rejections as errors; the inferred push type as a warning).
  public var diagnostics: [Diagnostic]

  /// Creates a verdict from its parts.
  public init(
    accepted: Bool, httpStatus: Int, reason: APNsReason?, pushType: PushType?,
    pushTypeWasInferred: Bool, priority: Int?, bytes: Int, limit: Int, collapseID: String?,
    expiration: Int?, diagnostics: [Diagnostic]
  ) {
    self.accepted = accepted
    self.httpStatus = httpStatus
    self.reason = reason
    self.pushType = pushType
    self.pushTypeWasInferred = pushTypeWasInferred
    self.priority = priority
    self.bytes = bytes
    self.limit = limit
    self.collapseID = collapseID
    self.expiration = expiration
    self.diagnostics = diagnostics
  }

  /// Judges a request body and headers (parses the body with ``JSONDocument``).
  public init(body: [UInt8], headers: PushHeaders = PushHeaders()) {
    self = PayloadValidation(body: body, headers: headers, lint: false).verdict
  }
}

/// The `reason` strings of APNs's error responses that PushSim can produce (Behavior.md §2.4).
public enum APNsReason: String, Sendable, Hashable, Codable, CaseIterable {
  /// 400: empty body (or only whitespace).
  case payloadEmpty = "PayloadEmpty"
  /// 413: body over the push type's limit.
  case payloadTooLarge = "PayloadTooLarge"
  /// 400: not JSON, or a top-level value that is not an object. PushSim's name (model).
  case malformedPayload = "MalformedPayload"
  /// 400: `apns-push-type` not one of the 11 values.
  case invalidPushType = "InvalidPushType"
  /// 400: `apns-priority` not 1, 5 or 10; or 10 on a `background` push (model).
  case badPriority = "BadPriority"
  /// 400: `apns-collapse-id` over 64 bytes.
  case badCollapseId = "BadCollapseId"
  /// 400: `apns-expiration` not a decimal integer, or one beyond 64-bit UNIX seconds.
  case badExpirationDate = "BadExpirationDate"
  /// 400: `apns-id` not a canonical UUID.
  case badMessageId = "BadMessageId"
  /// 400: `apns-topic` without the suffix its push type needs (model).
  case badTopic = "BadTopic"

  /// The HTTP status APNs sends with this reason.
  public var httpStatus: Int { self == .payloadTooLarge ? 413 : 400 }

  /// The diagnostic code for this reason (`payload-too-large`).
  public var code: DiagnosticCode {
    switch self {
    case .payloadEmpty: .payloadEmpty
    case .payloadTooLarge: .payloadTooLarge
    case .malformedPayload: .malformedPayload
    case .invalidPushType: .invalidPushType
    case .badPriority: .badPriority
    case .badCollapseId: .badCollapseId
    case .badExpirationDate: .badExpirationDate
    case .badMessageId: .badMessageId
    case .badTopic: .badTopic
    }
  }

  /// Whether the reason is PushSim's own choice where Apple is silent (Rules.md §1).
  var isModel: Bool { self == .malformedPayload }
}

extension APNsVerdict {
  /// The header checks of Rules.md §1, in APNs's order, then the body checks.
  ///
  /// - Parameters:
  ///   - byteCount: the exact body size.
  ///   - isBlank: the body is empty or only whitespace.
  ///   - root: the parsed body (a tree or read in place), `nil` when it is not JSON.
  ///   - syntaxError: why the body is not JSON.
  static func judge<Value: JSONReadable>(
    byteCount: Int, isBlank: Bool, root: Value?, syntaxError: JSONSyntaxError?,
    headers: PushHeaders
  ) -> APNsVerdict {
    var diagnostics: [Diagnostic] = []
    var reasons: [APNsReason] = []
    func reject(
      _ reason: APNsReason, _ header: String?, _ message: String, _ source: DiagnosticSource
    ) {
      reasons.append(reason)
      diagnostics.append(
        Diagnostic(
          .error, code: reason.code, location: header.map(DiagnosticLocation.header),
          message: message, source: source))
    }

    // apns-push-type
    var pushType: PushType?
    var inferred = false
    if let header = headers.pushType {
      pushType = PushType(rawValue: header)
      if pushType == nil {
        reject(
          .invalidPushType, "apns-push-type",
          "apns-push-type \(JSONWriter.quoted(header)) is not one of "
            + PushType.allCases.map(\.rawValue).joined(separator: ", "), .apns)
      }
    } else {
      inferred = true
      if let topic = headers.topic, let fromTopic = PushType(topicSuffixOf: topic) {
        pushType = fromTopic
        diagnostics.append(Self.inferredFromTopic(fromTopic))
      } else {
        switch Self.impliedPushType(aps: root?["aps"]) {
        case .background:
          pushType = .background
          diagnostics.append(Self.inferredBackground)
        case .liveactivity:
          pushType = .liveactivity
          diagnostics.append(Self.inferredLiveActivity)
        default:
          pushType = .alert
          // The most common list of all, shared rather than allocated for every request (a
          // later rejection appends to a copy).
          diagnostics = Self.inferredAlertOnly
        }
      }
    }

    // apns-priority
    var priority: Int? = 10
    if let header = headers.priority {
      switch header {
      case "10": priority = 10
      case "5": priority = 5
      case "1": priority = 1
      default:
        priority = nil
        reject(
          .badPriority, "apns-priority",
          "apns-priority \(JSONWriter.quoted(header)) is not 1, 5 or 10", .apns)
      }
      if priority == 10, headers.pushType == PushType.background.rawValue {
        reject(
          .badPriority, "apns-priority",
          "a background push must use priority 5 (or 1); 10 is an error (Behavior.md §2.2)", .model)
      }
    }

    // apns-collapse-id
    if let collapseID = headers.collapseID, collapseID.utf8.count > 64 {
      reject(
        .badCollapseId, "apns-collapse-id",
        "apns-collapse-id is \(collapseID.utf8.count) bytes; at most 64 are allowed", .apns)
    }

    // apns-expiration
    var expiration: Int?
    if let header = headers.expiration {
      let digitsOnly = !header.isEmpty && header.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
      if digitsOnly, let value = Int(header) {
        expiration = value
      } else if digitsOnly {
        // A decimal integer, but beyond what UNIX seconds can hold (Rules.md §9.1).
        reject(
          .badExpirationDate, "apns-expiration",
          "apns-expiration \(JSONWriter.quoted(header)) is out of range: UNIX seconds are at most "
            + "\(Int.max)", .model)
      } else {
        reject(
          .badExpirationDate, "apns-expiration",
          "apns-expiration \(JSONWriter.quoted(header)) is not a decimal integer (UNIX seconds)",
          .apns)
      }
    }

    // apns-id
    if let header = headers.apnsID, !Self.isCanonicalUUID(header) {
      reject(
        .badMessageId, "apns-id",
        "apns-id \(JSONWriter.quoted(header)) is not a canonical UUID (8-4-4-4-12 hexadecimal digits)",
        .apns)
    }

    // apns-topic
    if let topic = headers.topic, let pushType, let suffix = pushType.topicSuffix,
      !topic.hasSuffix(suffix) || topic.utf8.count == suffix.utf8.count
    {
      reject(
        .badTopic, "apns-topic",
        "a \(pushType.rawValue) push needs a topic ending in '\(suffix)' (Behavior.md §2.3), "
          + "found \(JSONWriter.quoted(topic))", .model)
    }

    // Body: empty, too large, malformed.
    let limit = (pushType ?? .alert).payloadLimit
    if isBlank {
      reject(
        .payloadEmpty, nil,
        byteCount == 0 ? "the body is empty" : "the body holds only whitespace", .apns)
    } else if byteCount > limit {
      reject(
        .payloadTooLarge, nil,
        "the body is \(byteCount) bytes; the limit for \((pushType ?? .alert).rawValue) "
          + "pushes is \(limit)", .apns)
    } else if let syntaxError {
      reject(.malformedPayload, nil, "not JSON: \(syntaxError)", .model)
    } else if let root, !root.isObject {
      reject(
        .malformedPayload, nil,
        "the top-level value is \(root.typeName == "array" ? "an" : "a") \(root.typeName); "
          + "a payload must be a JSON object", .model)
    }

    let reason = reasons.first
    return APNsVerdict(
      accepted: reason == nil, httpStatus: reason?.httpStatus ?? 200, reason: reason,
      pushType: pushType, pushTypeWasInferred: inferred, priority: priority, bytes: byteCount,
      limit: limit, collapseID: headers.collapseID, expiration: expiration,
      diagnostics: diagnostics)
  }

  static let inferredAlert = Diagnostic(
    .warning, code: .pushTypeInferred, location: .header("apns-push-type"),
    message: "no apns-push-type header; APNs needs it on watchOS and recommends it everywhere; "
      + "inferred 'alert'", source: .lint)
  static let inferredAlertOnly = [inferredAlert]
  static let inferredBackground = Diagnostic(
    .warning, code: .pushTypeInferred, location: .header("apns-push-type"),
    message: "no apns-push-type header; APNs needs it on watchOS and recommends it everywhere; "
      + "inferred 'background' (aps holds only content-available)", source: .lint)

  /// The type a topic suffix names, chosen when `apns-push-type` is absent (`source: model`,
  /// Rules.md §1): a `.voip` topic is a VoIP push, not an alert.
  static func inferredFromTopic(_ pushType: PushType) -> Diagnostic {
    Diagnostic(
      .warning, code: .pushTypeInferred, location: .header("apns-push-type"),
      message: "no apns-push-type header; APNs needs it on watchOS and recommends it everywhere; "
        + "inferred '\(pushType.rawValue)' from the apns-topic suffix "
        + "'\(pushType.topicSuffix ?? "")'", source: .model)
  }

  static let inferredLiveActivity = Diagnostic(
    .warning, code: .pushTypeInferred, location: .header("apns-push-type"),
    message: "no apns-push-type header; APNs needs it on watchOS and recommends it everywhere; "
      + "inferred 'liveactivity' (aps holds only Live Activity keys); a Live Activity update "
      + "must be sent with apns-push-type liveactivity", source: .lint)

  /// The keys of a Live Activity push's `aps` (Behavior.md §1.2): an update's `event`,
  /// `content-state` and `timestamp`, its dates, a start's attributes, and the alert a Live
  /// Activity may show.
  static let liveActivityKeys: Set<String> = [
    "event", "content-state", "timestamp", "stale-date", "dismissal-date", "relevance-score",
    "attributes-type", "attributes", "alert", "input-push-token", "input-push-channel",
  ]

  /// The push type `aps` implies when no header names one (Rules.md §1 inference), in one
  /// pass over its keys (this runs for every push without the header): `background` when it
  /// holds `content-available` and nothing else; `liveactivity` when it holds `event` or
  /// `content-state` and only Live Activity keys (or an alert) beside them, a model choice
  /// (`source: model`); else `nil`.
  static func impliedPushType(aps: (some JSONReadable)?) -> PushType? {
    guard let aps = aps?.objectMembers else { return nil }
    var isEmpty = true
    var onlyContentAvailable = true
    var onlyLiveActivityKeys = true
    var hasEventOrContentState = false
    for member in aps {
      isEmpty = false
      let key = PayloadReader.apsKey(member.key)
      if key != .contentAvailable { onlyContentAvailable = false }
      switch key {
      case .event, .contentState: hasEventOrContentState = true
      case .timestamp, .staleDate, .dismissalDate, .relevanceScore, .attributesType, .attributes,
        .alert, .inputPushToken, .inputPushChannel:
        break
      default: onlyLiveActivityKeys = false
      }
      if !onlyContentAvailable, !onlyLiveActivityKeys { return nil }
    }
    if isEmpty { return nil }
    if onlyContentAvailable { return .background }
    return onlyLiveActivityKeys && hasEventOrContentState ? .liveactivity : nil
  }

  /// 8-4-4-4-12 hexadecimal digits (either case).
  package static func isCanonicalUUID(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard utf8.count == 36 else { return false }
    for (offset, byte) in utf8.enumerated() {
      if [8, 13, 18, 23].contains(offset) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
          UInt8(ascii: "A")...UInt8(ascii: "F"):
          continue
        default: return false
        }
      }
    }
    return true
  }
}
