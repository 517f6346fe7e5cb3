import Foundation
import PushCore
import PushDevice
import PushPayload

/// Builders shared by the device tests.
enum DeviceTesting {
  /// An alert payload.
  static func alert(
    _ body: String = "Hello", title: String? = nil, thread: String? = nil, category: String? = nil,
    level: String? = nil, score: Double? = nil, sound: String? = nil, badge: Int? = nil,
    summaryArg: String? = nil, extra: [(String, JSONValue)] = []
  ) -> JSONValue {
    var alert = JSONObject()
    if let title { alert.append(JSONMember(key: "title", value: .init(.string(title)))) }
    alert.append(JSONMember(key: "body", value: .init(.string(body))))
    if let summaryArg {
      alert.append(JSONMember(key: "summary-arg", value: .init(.string(summaryArg))))
    }
    var aps = JSONObject()
    aps.append(JSONMember(key: "alert", value: .init(.object(alert))))
    if let thread { aps.append(JSONMember(key: "thread-id", value: .init(.string(thread)))) }
    if let category { aps.append(JSONMember(key: "category", value: .init(.string(category)))) }
    if let level { aps.append(JSONMember(key: "interruption-level", value: .init(.string(level)))) }
    if let score {
      aps.append(JSONMember(key: "relevance-score", value: .init(.number(JSONNumber(score)))))
    }
    if let sound { aps.append(JSONMember(key: "sound", value: .init(.string(sound)))) }
    if let badge { aps.append(JSONMember(key: "badge", value: .init(.number(JSONNumber(badge))))) }
    var root = JSONObject()
    root.append(JSONMember(key: "aps", value: .init(.object(aps))))
    for (key, value) in extra { root.append(JSONMember(key: key, value: value)) }
    return JSONValue(.object(root))
  }

  /// A background push payload.
  static let background: JSONValue = ["aps": ["content-available": 1], "sync": "all"]

  /// Headers for a background push.
  static let backgroundHeaders = PushHeaders(pushType: "background", priority: "5")

  /// An app with the remote-notification background mode.
  static func app(
    state: AppState = .background,
    authorization: NotificationAuthorization = NotificationAuthorization(),
    entitlements: Set<Entitlement> = [],
    settings: AppNotificationSettings = AppNotificationSettings(),
    sounds: [String]? = nil, foreground: Set<PresentationOption> = [],
    categories: [NotificationCategory] = [], routes: [RouteConfiguration] = []
  ) -> AppConfiguration {
    AppConfiguration(
      bundleId: "com.example.chat", name: "Chat", state: state, authorization: authorization,
      entitlements: entitlements, settings: settings, backgroundModes: [.remoteNotification],
      sounds: sounds, foregroundPresentation: foreground, categories: categories, routes: routes)
  }

  /// A device: unlocked unless said otherwise.
  static func device(
    locked: Bool = false, muted: Bool = false, online: Bool = true,
    focus: FocusConfiguration? = nil, summary: ScheduledSummaryConfiguration? = nil,
    app: AppConfiguration = DeviceTesting.app(), router: (any Router)? = nil
  ) -> Device {
    Device(
      configuration: DeviceConfiguration(
        locked: locked, muted: muted, online: online, focus: focus, scheduledSummary: summary),
      app: app, router: router)
  }

  /// Daily times from `HH:MM` literals.
  static func times(_ texts: String...) -> [DailyTime] { texts.compactMap { DailyTime($0) } }
}

extension Device {
  /// The kinds of a push's events, in order.
  func kinds(_ push: String) -> [String] { events.events(for: push).map(\.kind.rawValue) }
  /// A push's status.
  func status(_ push: String) -> PushStatus? { self.push(push)?.status }
  /// Diagnostic codes for a push.
  func codes(_ push: String) -> [DiagnosticCode] {
    diagnostics.filter { $0.push == push }.map(\.code)
  }
}
