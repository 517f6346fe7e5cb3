import Foundation
import PushCore
import PushPayload
import PushScenario
import PushSimDocs
import PushSimTestSupport

/// A hand-built site that exercises every part of the drawing, independent of the runner:
/// Cyrillic and accented text, a `<script>` in a body, a cut body, a group with a summary,
/// time-sensitive and critical cards, hidden previews, a banner, a long press with actions, a
/// thumbnail, Focus and silent mode.
enum DocsSampleSite {
  static let start = Date(timeIntervalSince1970: 1_782_205_200)  // 2026-06-23T09:00:00Z

  static var fixtures: URL { Repository.folder().appendingPathComponent("Fixtures/Docs") }

  static func card(
    _ push: String, title: String, subtitle: String = "", body: String, minutesAgo: Double = 0,
    level: InterruptionLevel = .active, hidden: Bool = false, thumbnail: String? = nil
  ) -> PhoneSnapshot.Card {
    PhoneSnapshot.Card(
      push: push, appName: "Chat", title: title, subtitle: subtitle, body: body,
      date: start.addingTimeInterval(-minutesAgo * 60), interruptionLevel: level,
      hidesPreview: hidden, thumbnail: thumbnail)
  }

  static var localizedScenario: DocsScenario {
    let payload: JSONValue = [
      "aps": [
        "alert": ["title-loc-key": "MSG_TITLE", "loc-key": "MSG_BODY", "loc-args": ["Ана"]],
        "thread-id": "chat_4521", "badge": "3", "sound": "default",
      ],
      "chat-id": "chat_4521",
    ]
    let lockScreen = PhoneSnapshot(
      time: start, isLocked: true, focus: "Работа", isMuted: true, badge: 2, appName: "Chat",
      groups: [
        .init(
          thread: "chat_4521",
          leading: card(
            "m2", title: "Ана Петровић",
            body: "Здраво! Како си? Видимо се сутра у девет код старе библиотеке, "
              + "понеси књиге које сам ти позајмила прошле недеље и не заборави кишобран.",
            thumbnail: "localized-files/sneakers.png"),
          moreCount: 2, summary: "2 more messages from Ана"),
        .init(
          thread: "orders",
          leading: card(
            "o1", title: "¡Tu pedido está en camino!", body: "Llegará mañana entre 9 y 11 h.",
            minutesAgo: 5, level: .timeSensitive)),
      ])
    let banner = PhoneSnapshot(
      time: start.addingTimeInterval(30), isLocked: false, badge: 3, appName: "Chat",
      banner: card(
        "x1", title: "Crème brûlée <b>ready</b><img src=x onerror=\"document.title='owned'\">",
        body: "<script>alert('owned')</script> Café, naïve façade, jalapeño & «quotes» — "
          + "this long body goes on past two lines so the banner has to cut it like iOS does."),
      groups: [
        .init(
          thread: "", leading: card("x0", title: "Chat", body: "Notification", hidden: true))
      ], sound: "default")
    let pressed = PhoneSnapshot(
      time: start.addingTimeInterval(60), isLocked: true, badge: 3, appName: "Chat",
      groups: [
        .init(
          thread: "alarm",
          leading: card("c1", title: "Smoke detected", body: "Kitchen sensor.", level: .critical))
      ],
      longPress: .init(
        card: card("c1", title: "Smoke detected", body: "Kitchen sensor.", level: .critical),
        actions: [
          .init(
            identifier: "reply", title: "Reply", opensApp: false, textInputPlaceholder: "Message"),
          .init(
            identifier: "mute", title: "Mute", isDestructive: true, requiresAuthentication: true),
        ], chosen: "reply"))
    return DocsScenario(
      name: "Localized: Cyrillic and accents <i>render</i>",
      description: "sr-Cyrl text, a thread summary and a time-sensitive order (spec §4, §5.1).",
      file: "Scenarios/localized.json", passed: false,
      behaviours: ["thread grouping", "time-sensitive", "hidden previews"],
      steps: [
        DocsStep(
          number: 1, offset: 0, kind: "push", title: "Push m2", note: "Ана пише",
          push: DocsPush(
            id: "m2", payload: payload, rawText: "", bytes: 143,
            headers: [("apns-push-type", "alert"), ("apns-priority", "10")],
            diagnostics: [
              Diagnostic(
                .warning, code: .badgeNotInteger, path: "aps.badge",
                message: "badge is a string <\"3\">; iOS ignores it", source: .device),
              Diagnostic(
                .warning, code: .locKeyMissing, path: "aps.alert.loc-key",
                message: "no MSG_BODY in sr", source: .model),
            ],
            usedPaths: ["aps.alert.title-loc-key", "aps.thread-id", "chat-id"]),
          events: [
            DocsEvent(offset: 0, kind: "received", push: "m2", source: .apns, reason: "accepted"),
            DocsEvent(
              offset: 0, kind: "delivered", push: "m2", source: .device,
              reason: "Focus «Работа» allows the app"),
          ],
          phone: lockScreen),
        DocsStep(
          number: 2, offset: 30, kind: "push", title: "Push x1",
          push: DocsPush(
            id: "x1", payload: nil, rawText: "{\"aps\": <script>", bytes: 16, accepted: false,
            httpStatus: 400, reason: "MalformedPayload"),
          phone: banner),
        DocsStep(
          number: 3, offset: 60, kind: "tap", title: "Tap c1: Reply",
          phone: PhoneSnapshot(time: start.addingTimeInterval(60), badge: 3, appName: "Chat"),
          gesture: pressed),
        DocsStep(
          number: 4, offset: 60, kind: "expect", title: "Expect",
          failures: [
            DocsFailure(
              path: "notification.m2.title", expected: "\"Ана\"", actual: "\"Ана Петровић\"",
              message: "title differs")
          ], checkCount: 3),
      ],
      assets: [
        .init(
          data: (try? Data(contentsOf: fixtures.appendingPathComponent("sneakers.png"))) ?? Data(),
          path: "localized-files/sneakers.png")
      ])
  }

  static var emptyScenario: DocsScenario {
    DocsScenario(
      name: "Nothing pending", file: "Scenarios/empty.json", passed: true,
      steps: [
        DocsStep(
          number: 1, offset: 90, kind: "wait", title: "Wait 1m30s",
          phone: PhoneSnapshot(time: start.addingTimeInterval(90), isScreenLit: false))
      ])
  }

  static var site: DocsSite { DocsSite(scenarios: [localizedScenario, emptyScenario]) }
}
