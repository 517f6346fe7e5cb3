import PushDevice
import UserNotifications

extension UNNotificationCategory {
  /// A category from PushDevice's configuration (a scenario's app file).
  package convenience init(_ category: NotificationCategory) {
    self.init(
      identifier: category.id, actions: category.actions.map(UNNotificationAction.make),
      intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
      categorySummaryFormat: category.summaryFormat,
      options: NotificationCategory.Option.appleOptions(category.options))
  }

  /// This category as PushDevice's configuration (what `setNotificationCategories` registers on
  /// the device). An empty placeholder or summary format is `nil` (iOS's default text); intent
  /// identifiers have no counterpart.
  package var deviceCategory: NotificationCategory {
    NotificationCategory(
      id: identifier, actions: actions.map(\.deviceAction),
      options: NotificationCategory.Option.deviceOptions(options),
      summaryFormat: categorySummaryFormat.isEmpty ? nil : categorySummaryFormat,
      hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder.isEmpty
        ? nil : hiddenPreviewsBodyPlaceholder)
  }
}

extension UNNotificationAction {
  /// An action (a text input action when the configuration has a text field).
  package static func make(_ action: NotificationAction) -> UNNotificationAction {
    let options = NotificationAction.Option.appleOptions(action.options)
    guard let input = action.textInput else {
      return UNNotificationAction(identifier: action.id, title: action.title, options: options)
    }
    return UNTextInputNotificationAction(
      identifier: action.id, title: action.title, options: options,
      textInputButtonTitle: input.button, textInputPlaceholder: input.placeholder)
  }

  /// This action as PushDevice's configuration; the icon has no counterpart.
  package var deviceAction: NotificationAction {
    let input = (self as? UNTextInputNotificationAction).map {
      NotificationAction.TextInput(
        button: $0.textInputButtonTitle, placeholder: $0.textInputPlaceholder)
    }
    return NotificationAction(
      id: identifier, title: title, options: NotificationAction.Option.deviceOptions(options),
      textInput: input)
  }
}
