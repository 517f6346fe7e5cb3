import PushDevice
import UserNotifications

extension UNNotificationCategory {
  /// A category from PushDevice's configuration (a scenario's app file).
  package convenience init(_ category: NotificationCategory) {
    var options: UNNotificationCategoryOptions = []
    for option in category.options {
      switch option {
      case .customDismissAction: options.insert(.customDismissAction)
      case .hiddenPreviewsShowTitle: options.insert(.hiddenPreviewsShowTitle)
      case .hiddenPreviewsShowSubtitle: options.insert(.hiddenPreviewsShowSubtitle)
      case .allowInCarPlay: options.insert(.allowInCarPlay)
      }
    }
    self.init(
      identifier: category.id, actions: category.actions.map(UNNotificationAction.make),
      intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
      categorySummaryFormat: category.summaryFormat, options: options)
  }

  /// This category as PushDevice's configuration (what `setNotificationCategories` registers on
  /// the device). An empty placeholder or summary format is `nil` (iOS's default text); intent
  /// identifiers have no counterpart.
  package var deviceCategory: NotificationCategory {
    var deviceOptions: Set<NotificationCategory.Option> = []
    if options.contains(.customDismissAction) { deviceOptions.insert(.customDismissAction) }
    if options.contains(.hiddenPreviewsShowTitle) { deviceOptions.insert(.hiddenPreviewsShowTitle) }
    if options.contains(.hiddenPreviewsShowSubtitle) {
      deviceOptions.insert(.hiddenPreviewsShowSubtitle)
    }
    if options.contains(.allowInCarPlay) { deviceOptions.insert(.allowInCarPlay) }
    return NotificationCategory(
      id: identifier, actions: actions.map(\.deviceAction), options: deviceOptions,
      summaryFormat: categorySummaryFormat.isEmpty ? nil : categorySummaryFormat,
      hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder.isEmpty
        ? nil : hiddenPreviewsBodyPlaceholder)
  }
}

extension UNNotificationAction {
  /// An action (a text input action when the configuration has a text field).
  package static func make(_ action: NotificationAction) -> UNNotificationAction {
    var options: UNNotificationActionOptions = []
    for option in action.options {
      switch option {
      case .foreground: options.insert(.foreground)
      case .destructive: options.insert(.destructive)
      case .authenticationRequired: options.insert(.authenticationRequired)
      }
    }
    guard let input = action.textInput else {
      return UNNotificationAction(identifier: action.id, title: action.title, options: options)
    }
    return UNTextInputNotificationAction(
      identifier: action.id, title: action.title, options: options,
      textInputButtonTitle: input.button, textInputPlaceholder: input.placeholder)
  }

  /// This action as PushDevice's configuration; the icon has no counterpart.
  package var deviceAction: NotificationAction {
    var deviceOptions: Set<NotificationAction.Option> = []
    if options.contains(.foreground) { deviceOptions.insert(.foreground) }
    if options.contains(.destructive) { deviceOptions.insert(.destructive) }
    if options.contains(.authenticationRequired) { deviceOptions.insert(.authenticationRequired) }
    let input = (self as? UNTextInputNotificationAction).map {
      NotificationAction.TextInput(
        button: $0.textInputButtonTitle, placeholder: $0.textInputPlaceholder)
    }
    return NotificationAction(
      id: identifier, title: title, options: deviceOptions, textInput: input)
  }
}
