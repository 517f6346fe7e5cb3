import PushCore
import PushPayload

/// The expected shape of a part of a scenario file: which fields an object may hold and the
/// type of each value. Used to check the `device` and `app` sections, `set` steps and `expect`
/// checks with exact positions before anything runs.
indirect enum Shape: Sendable {
  case string
  case bool
  case int
  case number
  case duration
  case instant
  case dailyTime
  /// A string from a closed list.
  case oneOf([String])
  /// An id of a push sent by an earlier step.
  case pushID
  case array(Shape)
  /// An object with known fields (an unknown one is an error with a suggestion).
  case object([(String, Shape)])
  /// An object with known fields that may also hold others (event details, route parameters).
  case openObject([(String, Shape)])
  /// An object from any keys to values of one shape.
  case map(Shape)
  /// An object from push ids to values of one shape.
  case pushMap(Shape)
  /// `null` or the shape.
  case nullable(Shape)
  /// The first shape that fits (the error of the last one otherwise).
  case either([Shape])
  /// Any JSON value.
  case any
}

/// What a shape check needs to know beyond the value: the pushes sent so far.
struct ShapeContext {
  /// Ids of the pushes sent by earlier steps, each with the byte offset of the step that sent
  /// it (for the message of a duplicate id): one table serves both checks.
  private(set) var knownPushes: [String: Int]
  /// The push sent last. A check most often names the push just sent, and comparing one id
  /// costs less than hashing it into a table of every push (slow to reach once it outgrows the
  /// caches).
  private var latestPush: String?
  /// Ids of pushes sent by later steps (for a clearer message), listed only for that message.
  var laterPushes: () -> Set<String>
  /// Every id names a push: checks written before the pushes exist (`pushsim serve --expect`,
  /// whose pushes are named by the `apns-id` a backend sends).
  var acceptsAnyPush = false

  init(knownPushes: [String: Int], laterPushes: @escaping () -> Set<String> = { [] }) {
    self.knownPushes = knownPushes
    self.laterPushes = laterPushes
  }

  /// Whether an earlier step sent a push with this id.
  func isKnown(_ id: String) -> Bool {
    acceptsAnyPush || id == latestPush || knownPushes[id] != nil
  }

  /// Notes that the step at byte `offset` sends a push with this id; returns the offset of the
  /// earlier step that sent one with the same id, if any (then the push is not noted).
  mutating func send(_ id: String, at offset: Int) -> Int? {
    if let earlier = knownPushes.insertIfAbsent(offset, forKey: id) { return earlier }
    latestPush = id
    return nil
  }
}

extension Shape {
  /// Whether `value` fits this shape: the same rules as ``Node/check(_:context:)``, read from
  /// the value alone, with no node, path or message made on the way. A long scenario checks
  /// an `expect` object after every push, and almost all of them fit.
  func accepts(_ value: JSONValue, context: ShapeContext) -> Bool {
    switch self {
    case .any: return true
    case .string: return value.stringValue != nil
    case .bool: return value.boolValue != nil
    case .int: return value.numberValue?.integer != nil
    case .number: return value.numberValue != nil
    case .duration:
      guard let text = value.stringValue else { return false }
      if case .duration = ScenarioTime.readDuration(text) { return true }
      return false
    case .instant: return value.stringValue.flatMap(ScenarioTime.instant) != nil
    case .dailyTime: return value.stringValue.flatMap(ScenarioTime.dailyTime) != nil
    case .oneOf(let allowed): return value.stringValue.map(allowed.contains) == true
    case .pushID: return value.stringValue.map(context.isKnown) == true
    case .array(let element):
      return value.arrayValue?.allSatisfy { element.accepts($0, context: context) } == true
    case .object(let fields), .openObject(let fields):
      guard let object = value.objectValue, !object.hasDuplicateKeys else { return false }
      var open = false
      if case .openObject = self { open = true }
      return object.members.allSatisfy { member in
        guard let shape = Self.shape(of: member.key, in: fields) else { return open }
        return shape.accepts(member.value, context: context)
      }
    case .map(let shape):
      guard let object = value.objectValue, !object.hasDuplicateKeys else { return false }
      return object.members.allSatisfy { shape.accepts($0.value, context: context) }
    case .pushMap(let shape):
      guard let object = value.objectValue, !object.hasDuplicateKeys else { return false }
      return object.members.allSatisfy { member in
        context.isKnown(member.key) && shape.accepts(member.value, context: context)
      }
    case .nullable(let inner): return value.isNull || inner.accepts(value, context: context)
    case .either(let shapes): return shapes.contains { $0.accepts(value, context: context) }
    }
  }

  /// The shape of the field named `name`. Lengths are compared first: most field names differ
  /// in length, and that costs no string comparison (a long scenario checks its `expect`
  /// objects against these lists a hundred thousand times).
  fileprivate static func shape(of name: String, in fields: [(String, Shape)]) -> Shape? {
    let length = name.utf8.count
    return fields.first { $0.0.utf8.count == length && $0.0 == name }?.1
  }
}

extension Node {
  /// Checks this value against `shape`, throwing the first mismatch with its position. Values
  /// that fit (``Shape/accepts(_:context:)``) are not walked again node by node.
  func check(_ shape: Shape, context: ShapeContext) throws(ScenarioError) {
    guard !shape.accepts(value, context: context) else { return }
    try checkInDetail(shape, context: context)
  }

  /// Checks this value against `shape` node by node, throwing the first mismatch with its
  /// position (for a value ``Shape/accepts(_:context:)`` refuses; a test holds the two to the
  /// same answer).
  func checkInDetail(_ shape: Shape, context: ShapeContext) throws(ScenarioError) {
    switch shape {
    case .any: return
    case .string: _ = try string()
    case .bool: _ = try bool()
    case .int: _ = try int()
    case .number: _ = try double()
    case .duration: _ = try duration()
    case .instant: _ = try instant()
    case .dailyTime: _ = try dailyTime()
    case .oneOf(let allowed): _ = try oneOf(allowed)
    case .pushID: _ = try pushID(context)
    case .array(let element):
      for item in try array() { try item.checkInDetail(element, context: context) }
    case .object(let fields), .openObject(let fields):
      var open = false
      if case .openObject = shape { open = true }
      let object = try object(allowing: open ? nil : fields.map(\.0))
      for member in object.object.members {
        guard let fieldShape = Shape.shape(of: member.key, in: fields) else { continue }
        try object.field(member).checkInDetail(fieldShape, context: context)
      }
    case .map(let value):
      let object = try object(allowing: nil)
      for member in object.object.members {
        try object.field(member).checkInDetail(value, context: context)
      }
    case .pushMap(let value):
      let object = try object(allowing: nil)
      for member in object.object.members {
        let node = object.field(member)
        try checkPushReference(member.key, at: node.keyLocation, context: context)
        try node.checkInDetail(value, context: context)
      }
    case .nullable(let inner):
      if !isNull { try checkInDetail(inner, context: context) }
    case .either(let shapes):
      var lastError: ScenarioError?
      for candidate in shapes {
        do {
          try checkInDetail(candidate, context: context)
          return
        } catch {
          lastError = error
        }
      }
      if let lastError { throw lastError }
    }
  }

  /// A string naming a push sent by an earlier step.
  func pushID(_ context: ShapeContext) throws(ScenarioError) -> String {
    let id = try string()
    try checkPushReference(id, at: location, context: context)
    return id
  }
}

/// Fails unless `id` names a push sent by an earlier step.
func checkPushReference(
  _ id: String, at location: @autoclosure () -> SourceLocation, context: ShapeContext
) throws(ScenarioError) {
  // The position is resolved only for the message.
  guard !context.isKnown(id) else { return }
  if context.laterPushes().contains(id) {
    throw ScenarioError(at: location(), "push \"\(id)\" is not sent yet at this step")
  }
  var message = "unknown push id \"\(id)\""
  if let suggestion = Suggestion.closest(to: id, in: context.knownPushes.keys.sorted()) {
    message += "; did you mean \"\(suggestion)\"?"
  } else if context.knownPushes.isEmpty {
    message += "; no push has been sent before this step"
  } else {
    message += "; expected one of \(Suggestion.list(context.knownPushes.keys.sorted()))"
  }
  throw ScenarioError(at: location(), message)
}
