/// A custom action button of a category (`UNNotificationAction`, Behavior.md §8).
public struct NotificationAction: Sendable, Equatable {
  /// The identifier the app receives as `actionIdentifier`.
  public var id: String
  /// The button title.
  public var title: String
  /// `UNNotificationActionOptions` (Behavior.md §8, Rules.md §8).
  public var options: Set<Option>
  /// Present for a `UNTextInputNotificationAction`: the response carries `userText`.
  public var textInput: TextInput?

  /// Creates an action.
  public init(
    id: String, title: String = "", options: Set<Option> = [], textInput: TextInput? = nil
  ) {
    self.id = id
    self.title = title
    self.options = options
    self.textInput = textInput
  }

  /// `UNNotificationActionOptions` members; raw values are the scenario spellings.
  public enum Option: String, Sendable, Hashable, Codable, CaseIterable {
    /// Brings the app to the foreground; without it the action runs in the background.
    case foreground
    /// Shown highlighted; no behaviour change in PushSim.
    case destructive
    /// Needs an unlocked device: a locked one unlocks first (event `unlock`).
    case authenticationRequired
  }

  /// The text field of a text-input action.
  public struct TextInput: Sendable, Equatable {
    /// The send button title.
    public var button: String
    /// The placeholder in the empty field.
    public var placeholder: String

    /// Creates a text input.
    public init(button: String = "Send", placeholder: String = "") {
      self.button = button
      self.placeholder = placeholder
    }
  }
}
