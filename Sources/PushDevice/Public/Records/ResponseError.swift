/// Why a user response (tap, action, dismiss) could not be carried out.
///
/// ScenarioFormat.md ("A step that cannot be carried out … fails the scenario"): tapping a
/// notification that is not in the center, or naming an action its category does not have.
/// A struct over a private code, so new reasons can be added (Architecture.md, house style 5).
public struct ResponseError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Code: Sendable, Hashable {
    case notInCenter
    case unknownAction
  }

  private let code: Code
  /// The push id the step named.
  public let push: String
  /// What went wrong, in plain words.
  public let message: String

  private init(_ code: Code, push: String, message: String) {
    self.code = code
    self.push = push
    self.message = message
  }

  /// The notification is not in Notification Center (never delivered, or already removed).
  package static func notInCenter(_ push: String, status: PushStatus?) -> ResponseError {
    let detail = status.map { " (its status is \($0.rawValue))" } ?? " (no push has this id)"
    return ResponseError(
      .notInCenter, push: push,
      message: "notification \(push) is not in Notification Center\(detail)")
  }

  /// The notification's category has no such action.
  package static func unknownAction(_ action: String, push: String, category: String)
    -> ResponseError
  {
    let where_ =
      category.isEmpty ? "it has no category" : "category \"\(category)\" has no such action"
    return ResponseError(
      .unknownAction, push: push,
      message: "notification \(push) offers no action \"\(action)\": \(where_)")
  }

  /// Whether this is a "not in the center" error.
  public var isNotInCenter: Bool { code == .notInCenter }
  /// Whether this is an "unknown action" error.
  public var isUnknownAction: Bool { code == .unknownAction }

  /// The message.
  public var description: String { message }
}
