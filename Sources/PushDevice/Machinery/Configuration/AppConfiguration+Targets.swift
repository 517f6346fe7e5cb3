extension AppConfiguration {
  /// The entitlements of the app's notification service extension target: its own
  /// (``ServiceExtensionConfiguration/entitlements``) when the scenario lists them, else the
  /// app's one list, as before targets had lists of their own (Rules.md §7).
  package var extensionEntitlements: Set<Entitlement> {
    serviceExtension?.entitlements ?? entitlements
  }

  /// Whether the app's extension may hide a push by handing over empty content: the
  /// `filtering` entitlement, which Apple grants to the extension target (Rules.md §7).
  package var extensionMayFilter: Bool { extensionEntitlements.contains(.filtering) }

  /// Whether the app declares `intent` (a class name such as `INSendMessageIntent`) in its
  /// `NSUserActivityTypes`; `true` when the scenario does not list them (Rules.md §16).
  package func declaresUserActivityType(_ intent: String) -> Bool {
    userActivityTypes?.contains(intent) ?? true
  }
}
