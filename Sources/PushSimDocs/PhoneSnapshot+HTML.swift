import Foundation
import PushCore
import PushDevice
import PushPayload
import PushScenario

/// A phone drawn in HTML, and the texts the drawing had to cut.
package struct PhoneDrawing: Sendable, Hashable {
  /// The drawing as a node of the page.
  package var node: HTMLNode
  /// The drawing: one `<figure class="phone">` element, styled by the site's stylesheet.
  package var html: String { node.html }
  /// Texts cut the way iOS cuts them (``TextFit``), to show in full beside the drawing.
  package var truncations: [Truncation]

  /// A text the drawing shows cut.
  package struct Truncation: Sendable, Hashable {
    /// The push whose text was cut.
    package var push: String
    /// `title`, `subtitle` or `body`.
    package var field: String
    /// Where it was drawn: `banner` or `lock screen` (or `Notification Center`).
    package var place: String
    /// The whole text.
    package var fullText: String
    /// Lines the whole text needs, and lines iOS shows there.
    package var neededLines: Int
    /// Lines shown.
    package var shownLines: Int

    /// The lint note for this cut (the device reports the same, ``TextFit``).
    package var diagnostic: Diagnostic {
      TextFit.truncationDiagnostic(
        field: field, place: place, neededLines: neededLines, shownLines: shownLines)
    }
  }
}

extension PhoneSnapshot {
  /// Draws this moment as an iPhone screen in HTML and CSS (no scripts, no images but the
  /// attachment thumbnails and communication notifications' avatars, which are relative paths;
  /// an avatar replaces the card's app icon, Rules.md §16).
  ///
  /// The locked phone is the lock screen: status bar, clock and date, the Focus, then the
  /// groups (leading card, stacked plates for the ones under it, the summary line). Unlocked,
  /// the list is the Notification Center and a banner, if any, comes down over it. A long press
  /// dims the screen and shows the expanded notification with its action buttons. The Home
  /// Screen icon with its badge and the sound that played are drawn under the phone. Live
  /// Activities head the list (their content-state fields, stale or ended marked), the Dynamic
  /// Island shows its activity compact, minimal or expanded, and an activity's alerting update
  /// can come down as the banner (Rules.md §13.8, §13.12). Text is
  /// cut as iOS cuts it (``TextFit``): two lines of body on a banner, four on the lock screen.
  package func drawing() -> PhoneDrawing {
    var renderer = PhoneRenderer(snapshot: self)
    return renderer.render()
  }
}

/// Builds the phone's nodes; keeps the list of cuts made on the way.
struct PhoneRenderer {
  let snapshot: PhoneSnapshot
  var truncations: [PhoneDrawing.Truncation] = []

  init(snapshot: PhoneSnapshot) { self.snapshot = snapshot }

  /// How many stacks the drawing shows before "N more stacks below".
  static let visibleGroups = 4

  mutating func render() -> PhoneDrawing {
    let clock = Self.clock(snapshot.time, in: snapshot.timeZone)
    // Unlocked, a banner comes down over whatever is on screen: the Home Screen here. Without
    // one, the drawing is the Notification Center, pulled down, which shows what the center holds.
    // A call ringing on a locked phone fills the screen; unlocked, its banner comes down.
    let callScreen = snapshot.isLocked ? snapshot.call : nil
    let onHomeScreen =
      !snapshot.isLocked
      && (snapshot.banner != nil || snapshot.activityBanner != nil || snapshot.call != nil)
      && snapshot.longPress == nil
    var classes = ["phone", snapshot.isLocked ? "locked" : "unlocked"]
    if onHomeScreen { classes.append("home") }
    if callScreen != nil { classes.append("calling") }
    if !snapshot.isScreenLit { classes.append("asleep") }
    if snapshot.longPress != nil { classes.append("pressing") }
    let label =
      callScreen != nil
      ? "Incoming call at \(clock.time)"
      : snapshot.isLocked
        ? "Lock screen at \(clock.time)"
        : onHomeScreen ? "Home Screen at \(clock.time)" : "Notification Center at \(clock.time)"
    let screen =
      if let callScreen { Self.incomingCallScreen(callScreen) } else if onHomeScreen {
        homeScreenContent()
      } else { listContent(clock: clock) }
    let figure = element(
      "figure", ["class": classes.joined(separator: " "), "aria-label": label]
    ) {
      "\n"
      element("div", ["class": "screen"]) {
        "\n"
        statusBar(time: clock.time)
        if let island = snapshot.island { Self.island(island) }
        screen
        element("div", ["class": "home-indicator"])
        "\n"
      }
      "\n"
      caption()
    }
    return PhoneDrawing(
      node: fragment {
        figure; "\n"
      }, truncations: truncations)
  }

  /// Unlocked with a banner: the Home Screen, and the banner come down over it.
  /// A ringing call's banner comes first, the notification's under it.
  private mutating func homeScreenContent() -> HTMLNode {
    var banner: HTMLNode = .fragment([])
    if let card = snapshot.banner {
      banner = self.card(card, place: "banner", fit: .bannerBody, extraClass: "banner-card")
    } else if let activity = snapshot.activityBanner {
      banner = Self.activity(activity, extraClass: "banner-card")
    }
    return fragment {
      homeScreen()
      element("div", ["class": "banner"]) {
        "\n"
        if let call = snapshot.call { Self.callBanner(call) }
        banner
      }
      "\n"
    }
  }

  // MARK: - Calls

  /// CallKit's full-screen interface on a locked phone: the caller, the app's name and the
  /// kind of call, and "slide to answer" (a locked iPhone declines with the side button, so
  /// the interface has no Decline button; Rules.md §14).
  static func incomingCallScreen(_ call: PhoneSnapshot.Call) -> HTMLNode {
    fragment {
      element("div", ["class": "call-screen", "data-push": call.push]) {
        "\n"
        element("div", ["class": "call-caller"]) { call.callerName }
        "\n"
        element("div", ["class": "call-kind"]) { call.kindLine }
        "\n"
        element("div", ["class": "call-slider"]) {
          element("span", ["class": "call-knob"]) { Icon.phone }
          element("span", ["class": "call-slide-text"]) { "slide to answer" }
        }
        "\n"
      }
      "\n"
    }
  }

  /// The call banner of an unlocked phone: the app's icon, the caller and the kind of call,
  /// and the Decline and Accept buttons.
  static func callBanner(_ call: PhoneSnapshot.Call) -> HTMLNode {
    fragment {
      element("article", ["class": "call-banner", "data-push": call.push]) {
        "\n"
        appIcon(call.appName)
        element("div", ["class": "call-texts"]) {
          element("div", ["class": "call-caller"]) { call.callerName }
          element("div", ["class": "call-kind"]) { call.kindLine }
        }
        element("span", ["class": "call-button decline", "title": "Decline"]) { Icon.phoneDown }
        element("span", ["class": "call-button accept", "title": "Accept"]) {
          call.hasVideo ? Icon.video : Icon.phone
        }
        "\n"
      }
      "\n"
    }
  }

  /// The lock screen or the Notification Center: clock, Focus, Live Activities, the groups
  /// (about four fit), a long press over them, and the lock screen's quick buttons.
  private mutating func listContent(clock: (time: String, date: String)) -> HTMLNode {
    let place = snapshot.isLocked ? "lock screen" : "Notification Center"
    var groups: [HTMLNode] = []
    // The screen holds about four stacks; the rest are further down the list.
    for group in snapshot.groups.prefix(Self.visibleGroups) {
      groups.append(self.group(group, place: place))
    }
    let press = snapshot.longPress.map { longPress($0) }
    return fragment {
      if snapshot.isLocked {
        element("div", ["class": "lock-glyph"]) { Icon.lock }
      } else {
        element("div", ["class": "center-title"]) { "Notification Center" }
      }
      "\n"
      element("div", ["class": "date-line"]) { clock.date }
      "\n"
      element("div", ["class": "big-clock"]) { clock.time }
      "\n"
      if let focus = snapshot.focus {
        element("div", ["class": "focus-pill"]) {
          Icon.moon
          element("span") { focus }
        }
        "\n"
      }
      element("div", ["class": "stack-list"]) {
        "\n"
        for activity in snapshot.activities {
          Self.activity(activity, extraClass: nil)
        }
        if snapshot.groupCount == 0 {
          element("p", ["class": "empty"]) { "No Older Notifications" }
          "\n"
        }
        groups
        if snapshot.groupCount > Self.visibleGroups {
          let more = snapshot.groupCount - Self.visibleGroups
          element("p", ["class": "older"]) { "\(more) more stack\(more == 1 ? "" : "s") below" }
          "\n"
        }
      }
      "\n"
      if let press { press }
      if snapshot.isLocked {
        element("div", ["class": "quick-buttons"]) {
          element("span") { Icon.flashlight }
          element("span") { Icon.camera }
        }
        "\n"
      }
    }
  }

  private func statusBar(time: String) -> HTMLNode {
    fragment {
      element("div", ["class": "status-bar"]) {
        element("span", ["class": "status-time"]) { snapshot.isLocked ? "PushSim" : time }
        element("span", ["class": "status-icons"]) {
          if snapshot.focus != nil { element("span", ["title": "Focus on"]) { Icon.moon } }
          if snapshot.isMuted { element("span", ["title": "Silent mode"]) { Icon.bellSlash } }
          Icon.signal
          Icon.battery
        }
      }
      "\n"
    }
  }

  private mutating func group(_ group: PhoneSnapshot.Group, place: String) -> HTMLNode {
    let plates = min(group.moreCount, 2)
    let leading = card(
      group.leading, place: place, fit: .lockScreenBody, extraClass: nil, summary: group.summary)
    return fragment {
      element("section", ["class": "group plates-\(plates)", "data-thread": group.thread]) {
        "\n"
        leading
        for index in 0..<plates {
          element("div", ["class": "plate plate-\(index + 1)"])
          "\n"
        }
      }
      "\n"
    }
  }

  private mutating func card(
    _ card: PhoneSnapshot.Card, place: String, fit: TextFit?, extraClass: String?,
    summary: String? = nil
  ) -> HTMLNode {
    var classes = ["card", "level-\(card.interruptionLevel.rawValue)"]
    if card.hidesPreview { classes.append("hidden-preview") }
    if let extraClass { classes.append(extraClass) }
    let heading = cut(
      card.title.isEmpty ? card.appName : card.title, field: "title", push: card.push,
      place: place, fit: fit.map { _ in .titleLine })
    let subtitle =
      card.subtitle.isEmpty
      ? nil
      : cut(
        card.subtitle, field: "subtitle", push: card.push, place: place,
        fit: fit.map { _ in .titleLine })
    let body =
      card.body.isEmpty
      ? nil : cut(card.body, field: "body", push: card.push, place: place, fit: fit)
    let now = snapshot.time
    return fragment {
      element("article", ["class": classes.joined(separator: " "), "data-push": card.push]) {
        "\n"
        if let avatar = card.avatar {
          // A communication notification's avatar replaces the app icon (Rules.md §16).
          element("img", ["class": "avatar", "src": avatar, "alt": "avatar"])
        } else {
          element("div", ["class": "app-icon", "style": Self.iconStyle(card.appName)]) {
            Self.initial(card.appName)
          }
        }
        "\n"
        element("div", ["class": "card-main"]) {
          "\n"
          switch card.interruptionLevel {
          case .timeSensitive:
            element("div", ["class": "level-tag"]) {
              Icon.clock
              "Time Sensitive"
            }
            "\n"
          case .critical:
            element("div", ["class": "level-tag"]) {
              Icon.warning
              "Critical Alert"
            }
            "\n"
          case .active, .passive:
            []
          }
          element("div", ["class": "card-head"]) {
            element("span", ["class": "title"]) { heading }
            element("span", ["class": "when"]) { Self.relative(card.date, to: now) }
          }
          "\n"
          element("div", ["class": "card-content"]) {
            element("div", ["class": "texts"]) {
              "\n"
              if let subtitle {
                element("div", ["class": "subtitle"]) { subtitle }
                "\n"
              }
              if let body {
                element("div", ["class": "body lines-\(fit?.lines ?? 0)"]) { body }
                "\n"
              }
            }
            if let thumbnail = card.thumbnail {
              element("img", ["class": "thumb", "src": thumbnail, "alt": "attachment"])
            }
          }
          "\n"
          if let summary {
            element("div", ["class": "summary"]) { summary }
            "\n"
          }
        }
        "\n"
      }
      "\n"
    }
  }

  /// The text, cut to `fit` (recording the cut), or whole when `fit` is `nil`.
  private mutating func cut(
    _ text: String, field: String, push: String, place: String, fit: TextFit?
  ) -> String {
    guard let fit else { return text }
    let result = fit.fit(text)
    guard result.isTruncated else { return text }
    truncations.append(
      PhoneDrawing.Truncation(
        push: push, field: field, place: place, fullText: text,
        neededLines: result.neededLines, shownLines: fit.lines))
    return result.text
  }

  private mutating func longPress(_ press: PhoneSnapshot.LongPress) -> HTMLNode {
    let expanded = card(
      press.card, place: "expanded notification", fit: nil, extraClass: "expanded")
    let chosen = press.actions.first { $0.identifier == press.chosen }
    return fragment {
      element("div", ["class": "press-overlay"]) {
        "\n"
        expanded
        element("ul", ["class": "actions"]) {
          "\n"
          for action in press.actions {
            Self.action(action, chosen: action.identifier == press.chosen)
            "\n"
          }
        }
        "\n"
        if let placeholder = chosen?.textInputPlaceholder {
          element("div", ["class": "text-input"]) {
            element("span", ["class": "placeholder"]) { placeholder }
            element("span", ["class": "send"]) { Icon.send }
          }
          "\n"
        }
      }
      "\n"
    }
  }

  /// An action button of the expanded notification.
  private static func action(
    _ action: PhoneSnapshot.Action, chosen: Bool
  ) -> HTMLNode {
    var classes = ["action"]
    if action.isDestructive { classes.append("destructive") }
    if chosen { classes.append("chosen") }
    return element(
      "li", ["class": classes.joined(separator: " "), "data-action": action.identifier]
    ) {
      element("span") { action.title }
      if action.requiresAuthentication {
        element("span", ["class": "action-icon", "title": "Unlocks first"]) { Icon.lock }
      }
      if action.textInputPlaceholder != nil {
        element("span", ["class": "action-icon"]) { Icon.reply }
      }
    }
  }

  // MARK: - Live Activities

  /// A Live Activity's Lock Screen presentation: the app, the attributes type, the state when
  /// not plainly active, the alert it carried this moment, and its content-state fields.
  static func activity(_ activity: PhoneSnapshot.Activity, extraClass: String?) -> HTMLNode {
    var classes = ["activity", "state-\(activity.state)"]
    if let extraClass { classes.append(extraClass) }
    return fragment {
      element("article", ["class": classes.joined(separator: " "), "data-activity": activity.id]) {
        "\n"
        activityDetails(activity)
      }
      "\n"
    }
  }

  /// The head, the alert and the fields, each on its line.
  private static func activityDetails(_ activity: PhoneSnapshot.Activity) -> HTMLNode {
    fragment {
      activityHead(activity)
      "\n"
      if let alert = activity.alert {
        element("div", ["class": "activity-alert"]) {
          element("b") { alert.title }
          " "
          element("span") { alert.body }
        }
        "\n"
      }
      fields(activity.fields)
    }
  }

  /// The app's icon, the attributes type and, for a stale or ended activity, its state.
  private static func activityHead(_ activity: PhoneSnapshot.Activity) -> HTMLNode {
    element("div", ["class": "activity-head"]) {
      appIcon(activity.appName)
      element("span", ["class": "activity-type"]) { activity.type }
      switch activity.state {
      case "stale": element("span", ["class": "activity-state"]) { "Stale" }
      case "ended": element("span", ["class": "activity-state"]) { "Ended" }
      default: []
      }
    }
  }

  /// The content-state fields as a definition list (`name` over `value`).
  private static func fields(_ fields: [PhoneSnapshot.Activity.Field]) -> HTMLNode {
    guard !fields.isEmpty else { return .fragment([]) }
    return fragment {
      element("dl", ["class": "activity-fields"]) {
        "\n"
        for field in fields {
          element("div") {
            element("dt") { field.name }
            element("dd") { field.value }
          }
          "\n"
        }
      }
      "\n"
    }
  }

  /// The Dynamic Island around the camera: compact (the app's icon leading, the first
  /// content-state value trailing), minimal (the icon, and a second activity's icon detached)
  /// or expanded (the whole activity, with the alert that opened it).
  static func island(_ island: PhoneSnapshot.Island) -> HTMLNode {
    let activity = island.activity
    let kind = island.presentation.rawValue
    return fragment {
      element(
        "div",
        [
          "class": "island island-\(kind)", "data-activity": activity.id,
          "aria-label": "Dynamic Island, \(kind)",
        ]
      ) {
        switch island.presentation {
        case .compact:
          element("span", ["class": "island-leading"]) { appIcon(activity.appName) }
          element("span", ["class": "island-camera"])
          element("span", ["class": "island-trailing"]) {
            activity.fields.first.map(\.value) ?? activity.type
          }
        case .minimal:
          element("span", ["class": "island-leading"]) { appIcon(activity.appName) }
        case .expanded:
          "\n"
          activityDetails(activity)
        }
      }
      "\n"
      if island.presentation == .minimal, let detached = island.detached {
        element("div", ["class": "island-detached", "data-activity": detached.id]) {
          appIcon(detached.appName)
        }
        "\n"
      }
    }
  }

  /// The app's icon: its initial on its colour.
  private static func appIcon(_ appName: String) -> HTMLNode {
    element("span", ["class": "app-icon", "style": iconStyle(appName)]) { initial(appName) }
  }

  /// The app's icon with its badge, if any.
  private func badgedIcon() -> HTMLNode {
    element("span", ["class": "app-icon", "style": Self.iconStyle(snapshot.appName)]) {
      Self.initial(snapshot.appName)
      if let badge = snapshot.badge, badge > 0 {
        element("span", ["class": "badge"]) { "\(badge)" }
      }
    }
  }

  /// The Home Screen: the app's icon with its badge among neutral placeholder icons, and
  /// the dock.
  private func homeScreen() -> HTMLNode {
    fragment {
      element("div", ["class": "home-grid"]) {
        "\n"
        element("span", ["class": "home-app"]) {
          badgedIcon()
          element("span", ["class": "home-label"]) { snapshot.appName }
        }
        "\n"
        for _ in 0..<11 {
          element("span", ["class": "home-app"]) { element("span", ["class": "placeholder-icon"]) }
          "\n"
        }
      }
      "\n"
      element("div", ["class": "dock"]) {
        for _ in 0..<4 {
          element("span", ["class": "placeholder-icon"])
        }
      }
      "\n"
    }
  }

  /// Under the phone: the Home Screen icon with its badge, the badge in words, the sound that
  /// played (or silence) and whether the screen lit.
  private func caption() -> HTMLNode {
    var facts: [[HTMLNode]] = []
    if let badge = snapshot.badge, badge > 0 {
      facts.append([.text("badge \(badge)")])
    } else {
      facts.append([.text("no badge")])
    }
    if let sound = snapshot.sound {
      facts.append([Icon.speaker, .text(" plays \u{201C}\(sound)\u{201D}")])
    } else if snapshot.isMuted {
      facts.append([Icon.bellSlash, .text(" silent")])
    }
    if let call = snapshot.call {
      facts.append([Icon.phone, .text(" \(call.callerName) calling")])
    }
    facts.append([.text(snapshot.isScreenLit ? "screen lit" : "screen stays dark")])
    return fragment {
      element("figcaption", ["class": "phone-caption"]) {
        "\n"
        element("span", ["class": "home-icon"]) {
          badgedIcon()
          element("span", ["class": "home-name"]) { snapshot.appName }
        }
        "\n"
        element("span", ["class": "facts"]) {
          Array(facts.joined(separator: [.text(" · ")]))
        }
        "\n"
      }
      "\n"
    }
  }

  // MARK: - Text helpers

  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The clock (`9:41`, 24-hour) and the date line (`Thursday 1 January`), in English so the
  /// pages are the same on every machine.
  static func clock(_ date: Date, in timeZone: TimeZone) -> (time: String, date: String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .weekday, .day, .month], from: date)
    let hour = parts.hour ?? 0
    let minute = parts.minute ?? 0
    let time = "\(hour):\(minute < 10 ? "0" : "")\(minute)"
    let weekday = weekdays[((parts.weekday ?? 1) - 1 + 7) % 7]
    let month = months[((parts.month ?? 1) - 1 + 12) % 12]
    return (time, "\(weekday) \(parts.day ?? 1) \(month)")
  }

  /// "now", "5m ago", "2h ago", "3d ago".
  static func relative(_ date: Date, to now: Date) -> String {
    let interval = now.timeIntervalSince(date)
    let seconds = interval.isFinite ? Int(min(max(interval, -1e13), 1e13).rounded(.down)) : 0
    switch seconds {
    case ..<60: return "now"
    case ..<3600: return "\(seconds / 60)m ago"
    case ..<86_400: return "\(seconds / 3600)h ago"
    default: return "\(seconds / 86_400)d ago"
    }
  }

  /// The first letter of the app name, for its icon.
  static func initial(_ name: String) -> String {
    name.first.map { String($0).uppercased() } ?? "?"
  }

  /// A stable colour for the app icon (FNV-1a of the name: the same on every run, unlike
  /// `Hasher`).
  static func iconStyle(_ name: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    let hue = Int(hash % 360)
    return "--icon-hue:\(hue)"
  }
}

/// Small inline SVG icons (no image files, no icon fonts): constant shapes.
enum Icon {
  private static func svg(_ shapes: TrustedHTML...) -> HTMLNode {
    element("svg", ["class": "icon", "viewBox": "0 0 24 24", "aria-hidden": "true"]) {
      shapes.map(HTMLNode.trusted)
    }
  }
  static let lock = svg(
    "<rect x=\"5\" y=\"10.5\" width=\"14\" height=\"10\" rx=\"2.5\" fill=\"currentColor\"/>",
    "<path d=\"M8 10.5V8a4 4 0 0 1 8 0v2.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
  )
  static let moon = svg(
    "<path d=\"M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z\" fill=\"currentColor\"/>")
  static let bellSlash = svg(
    "<path d=\"M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0z\" fill=\"currentColor\"/>",
    "<path d=\"M3 3l18 18\" stroke=\"currentColor\" stroke-width=\"2.2\"/>")
  static let signal = svg(
    "<rect x=\"2\" y=\"15\" width=\"3.5\" height=\"5\" rx=\"1\" fill=\"currentColor\"/>",
    "<rect x=\"7.5\" y=\"11\" width=\"3.5\" height=\"9\" rx=\"1\" fill=\"currentColor\"/>",
    "<rect x=\"13\" y=\"7\" width=\"3.5\" height=\"13\" rx=\"1\" fill=\"currentColor\"/>",
    "<rect x=\"18.5\" y=\"3\" width=\"3.5\" height=\"17\" rx=\"1\" fill=\"currentColor\"/>")
  static let battery = svg(
    "<rect x=\"1.5\" y=\"6.5\" width=\"19\" height=\"11\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\"/>",
    "<rect x=\"3.5\" y=\"8.5\" width=\"13\" height=\"7\" rx=\"1.5\" fill=\"currentColor\"/>",
    "<rect x=\"21.5\" y=\"10\" width=\"1.6\" height=\"4\" rx=\"0.8\" fill=\"currentColor\"/>")
  static let flashlight = svg(
    "<path d=\"M8 2h8v5l-2 3v11a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1V10L8 7z\" fill=\"currentColor\"/>")
  static let camera = svg(
    "<path d=\"M4 7h3l2-2.5h6L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z\" fill=\"currentColor\"/>",
    "<circle cx=\"12\" cy=\"13\" r=\"3.6\" fill=\"#000\" opacity=\".45\"/>")
  static let clock = svg(
    "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\"/>",
    "<path d=\"M12 7v5l3 2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\"/>")
  static let warning = svg(
    "<path d=\"M12 2.5 1.5 21h21z\" fill=\"currentColor\"/>",
    "<path d=\"M12 9v6m0 2.5v1\" stroke=\"#fff\" stroke-width=\"2.2\"/>")
  static let speaker = svg(
    "<path d=\"M3 9h4l5-4v14l-5-4H3z\" fill=\"currentColor\"/>",
    "<path d=\"M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
  )
  static let phone = svg(
    "<path d=\"M6.6 2.5 9.5 6 7.8 8.6a13 13 0 0 0 7.6 7.6l2.6-1.7 3.5 2.9-1.6 3.4c-.5.9-1.5 1.3-2.5 1.1C9.8 20.3 3.7 14.2 2.1 6.6 1.9 5.6 2.4 4.6 3.2 4.1z\" fill=\"currentColor\"/>"
  )
  static let phoneDown = svg(
    "<path d=\"M2 14.2c5.6-5 14.4-5 20 0l-2.3 3-3.5-1.3v-3a11 11 0 0 0-8.4 0v3L4.3 17.2z\" fill=\"currentColor\"/>"
  )
  static let video = svg(
    "<rect x=\"2\" y=\"6\" width=\"13\" height=\"12\" rx=\"2.5\" fill=\"currentColor\"/>",
    "<path d=\"M16.5 10.5 22 7v10l-5.5-3.5z\" fill=\"currentColor\"/>")
  static let reply = svg(
    "<path d=\"M10 5 3 12l7 7v-4.5c5 0 8.5 1.5 11 5-1-5-4-10-11-11z\" fill=\"currentColor\"/>")
  static let send = svg(
    "<circle cx=\"12\" cy=\"12\" r=\"11\" fill=\"currentColor\"/>",
    "<path d=\"M12 17V7m-4.5 4.5L12 7l4.5 4.5\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2.4\"/>"
  )
}
