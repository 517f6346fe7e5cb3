import Foundation
import PushPayload

extension Device {
  /// A stage for the app's extension configuration (`nil` when the app has none).
  static func makeStage(for app: AppConfiguration) -> ServiceExtensionStage? {
    guard let configuration = app.serviceExtension else { return nil }
    return ServiceExtensionStage(configuration: configuration, manifest: app.media, ats: app.ats)
  }

  /// The extension that runs for this app, if any.
  var serviceExtension: (any ServiceExtension)? {
    if let customExtension { return customExtension }
    return app.serviceExtension.flatMap(ServiceExtensionStage.builtInExtension(for:))
  }

  /// Runs the app's service extension when Rules.md §7 says it runs: `mutable-content`
  /// is set, the alert has visible text after localization, alerts are allowed (provisional
  /// counts) and the app has an extension. Returns the content to present; the clock moves on
  /// by the time the extension used.
  mutating func runServiceExtension(
    _ id: String, request: NotificationRequest, mutableContent: Bool
  ) async -> NotificationContent {
    guard mutableContent else { return request.content }
    guard let serviceExtension else {
      log(
        "extension.skipped", id, .device,
        "mutable-content is set but the app has no service extension")
      return request.content
    }
    guard request.content.hasVisibleText else {
      log(
        "extension.skipped", id, .device,
        "mutable-content is set but the alert shows no text: the extension does not run")
      return request.content
    }
    let status = app.authorization.status
    guard status == .authorized || status == .provisional else {
      log(.extensionSkipped, id, .device, "alerts are not allowed: the extension does not run")
      return request.content
    }
    let stage =
      extensionStage
      ?? ServiceExtensionStage(
        configuration: ServiceExtensionConfiguration(), manifest: app.media, ats: app.ats)
    if extensionStage == nil { extensionStage = stage }
    let budget = app.serviceExtension?.budget ?? ServiceExtensionConfiguration.defaultBudget
    let start = clock.now
    let outcome = await stage.run(request: request, extension: serviceExtension, budget: budget)
    for event in outcome.deviceEvents(startingAt: start, push: id) {
      advance(to: event.time)
      events.append(event)
    }
    advance(to: start.addingTimeInterval(outcome.elapsed.timeInterval))
    var content = outcome.request.content
    // The identifier cannot change (Rules.md §7); the outcome's request keeps it.
    content.payload = outcome.request.content.payload
    return content
  }
}
