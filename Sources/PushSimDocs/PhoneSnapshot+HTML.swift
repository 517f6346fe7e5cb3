import Foundation
public import PushCore
import PushDevice
import PushPayload
import PushScenario

/// A phone drawn in HTML, and the texts the drawing had to cut.
public struct PhoneDrawing: Sendable, Hashable {
  /// The drawing: one `<figure class="phone">` element, styled by the site's stylesheet.
  public var html: String
  /// Texts cut the way iOS cuts them (``TextFit``), to show in full beside the drawing.
  public var truncations: [Truncation]

  /// A text the drawing shows cut.
  public struct Truncation: Sendable, Hashable {
    /// The push whose text was cut.
    public var push: String
    /// `title`, `subtitle` or `body`.
    public var field: String
    /// Where it was drawn: `banner` or `lock screen` (or `Notification Center`).
    public var place: String
    /// The whole text.
    public var fullText: String
    /// Lines the whole text needs, and lines iOS shows there.
    public var neededLines: Int
    /// Lines shown.
    public var shownLines: Int

    /// The lint note for this cut (the device reports the same, ``TextFit``).
    public var diagnostic: Diagnostic {
      TextFit.truncationDiagnostic(
        field: field, place: place, neededLines: neededLines, shownLines: shownLines)
    }
  }
}

extension PhoneSnapshot {
  /// Draws this moment as an iPhone screen in HTML and CSS (no scripts, no images but the
  /// attachment thumbnails, which are relative paths).
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
  public func drawing() -> PhoneDrawing {
    var renderer = PhoneRenderer(snapshot: self)
    return renderer.render()
  }
}

/// Builds the phone's HTML; keeps the list of cuts made on the way.
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
    let onHomeScreen =
      !snapshot.isLocked && (snapshot.banner != nil || snapshot.activityBanner != nil)
      && snapshot.longPress == nil
    var classes = ["phone", snapshot.isLocked ? "locked" : "unlocked"]
    if onHomeScreen { classes.append("home") }
    if !snapshot.isScreenLit { classes.append("asleep") }
    if snapshot.longPress != nil { classes.append("pressing") }
    let label =
      snapshot.isLocked
      ? "Lock screen at \(clock.time)"
      : onHomeScreen ? "Home Screen at \(clock.time)" : "Notification Center at \(clock.time)"
    var html =
      "<figure class=\"\(classes.joined(separator: " "))\" aria-label=\"\(HTML.escape(label))\">\n"
    html += "<div class=\"screen\">\n"
    html += statusBar(time: clock.time)
    if let island = snapshot.island { html += Self.island(island) }
    if onHomeScreen {
      html += homeScreen()
      html += "<div class=\"banner\">\n"
      if let banner = snapshot.banner {
        html += card(banner, place: "banner", fit: .bannerBody, extraClass: "banner-card")
      } else if let activity = snapshot.activityBanner {
        html += Self.activity(activity, extraClass: "banner-card")
      }
      html += "</div>\n<div class=\"home-indicator\"></div>\n</div>\n"
      html += caption()
      html += "</figure>\n"
      return PhoneDrawing(html: html, truncations: truncations)
    }
    if snapshot.isLocked {
      html += "<div class=\"lock-glyph\">\(Icon.lock)</div>\n"
    } else {
      html += "<div class=\"center-title\">Notification Center</div>\n"
    }
    html += "<div class=\"date-line\">\(HTML.escape(clock.date))</div>\n"
    html += "<div class=\"big-clock\">\(HTML.escape(clock.time))</div>\n"
    if let focus = snapshot.focus {
      html += "<div class=\"focus-pill\">\(Icon.moon)<span>\(HTML.escape(focus))</span></div>\n"
    }
    html += "<div class=\"stack-list\">\n"
    for activity in snapshot.activities {
      html += Self.activity(activity, extraClass: nil)
    }
    if snapshot.groups.isEmpty {
      html += "<p class=\"empty\">No Older Notifications</p>\n"
    }
    let place = snapshot.isLocked ? "lock screen" : "Notification Center"
    // The screen holds about four stacks; the rest are further down the list.
    for group in snapshot.groups.prefix(Self.visibleGroups) {
      html += self.group(group, place: place)
    }
    if snapshot.groups.count > Self.visibleGroups {
      let more = snapshot.groups.count - Self.visibleGroups
      html += "<p class=\"older\">\(more) more stack\(more == 1 ? "" : "s") below</p>\n"
    }
    html += "</div>\n"
    if let press = snapshot.longPress {
      html += longPress(press)
    }
    if snapshot.isLocked {
      html += "<div class=\"quick-buttons\"><span>\(Icon.flashlight)</span>"
      html += "<span>\(Icon.camera)</span></div>\n"
    }
    html += "<div class=\"home-indicator\"></div>\n"
    html += "</div>\n"
    html += caption()
    html += "</figure>\n"
    return PhoneDrawing(html: html, truncations: truncations)
  }

  private func statusBar(time: String) -> String {
    var html = "<div class=\"status-bar\"><span class=\"status-time\">"
    html += snapshot.isLocked ? "PushSim" : HTML.escape(time)
    html += "</span><span class=\"status-icons\">"
    if snapshot.focus != nil { html += "<span title=\"Focus on\">\(Icon.moon)</span>" }
    if snapshot.isMuted { html += "<span title=\"Silent mode\">\(Icon.bellSlash)</span>" }
    html += Icon.signal + Icon.battery
    html += "</span></div>\n"
    return html
  }

  private mutating func group(_ group: PhoneSnapshot.Group, place: String) -> String {
    let plates = min(group.moreCount, 2)
    var html =
      "<section class=\"group plates-\(plates)\" data-thread=\"\(HTML.escape(group.thread))\">\n"
    html += card(
      group.leading, place: place, fit: .lockScreenBody, extraClass: nil, summary: group.summary)
    for index in 0..<plates {
      html += "<div class=\"plate plate-\(index + 1)\"></div>\n"
    }
    html += "</section>\n"
    return html
  }

  private mutating func card(
    _ card: PhoneSnapshot.Card, place: String, fit: TextFit?, extraClass: String?,
    summary: String? = nil
  ) -> String {
    var classes = ["card", "level-\(card.interruptionLevel.rawValue)"]
    if card.hidesPreview { classes.append("hidden-preview") }
    if let extraClass { classes.append(extraClass) }
    var html =
      "<article class=\"\(classes.joined(separator: " "))\" data-push=\"\(HTML.escape(card.push))\">\n"
    html += "<div class=\"app-icon\" style=\"\(Self.iconStyle(card.appName))\">"
    html += "\(HTML.escape(Self.initial(card.appName)))</div>\n"
    html += "<div class=\"card-main\">\n"
    switch card.interruptionLevel {
    case .timeSensitive:
      html += "<div class=\"level-tag\">\(Icon.clock)Time Sensitive</div>\n"
    case .critical:
      html += "<div class=\"level-tag\">\(Icon.warning)Critical Alert</div>\n"
    case .active, .passive:
      break
    }
    let heading = card.title.isEmpty ? card.appName : card.title
    html += "<div class=\"card-head\"><span class=\"title\">"
    html += cut(
      heading, field: "title", push: card.push, place: place, fit: fit.map { _ in .titleLine })
    html +=
      "</span><span class=\"when\">\(Self.relative(card.date, to: snapshot.time))</span></div>\n"
    html += "<div class=\"card-content\"><div class=\"texts\">\n"
    if !card.subtitle.isEmpty {
      html += "<div class=\"subtitle\">"
      html += cut(
        card.subtitle, field: "subtitle", push: card.push, place: place,
        fit: fit.map { _ in .titleLine })
      html += "</div>\n"
    }
    if !card.body.isEmpty {
      html += "<div class=\"body lines-\(fit?.lines ?? 0)\">"
      html += cut(card.body, field: "body", push: card.push, place: place, fit: fit)
      html += "</div>\n"
    }
    html += "</div>"
    if let thumbnail = card.thumbnail {
      html += "<img class=\"thumb\" src=\"\(HTML.escape(thumbnail))\" alt=\"attachment\">"
    }
    html += "</div>\n"
    if let summary {
      html += "<div class=\"summary\">\(HTML.escape(summary))</div>\n"
    }
    html += "</div>\n</article>\n"
    return html
  }

  /// The escaped text, cut to `fit` (recording the cut), or whole when `fit` is `nil`.
  private mutating func cut(
    _ text: String, field: String, push: String, place: String, fit: TextFit?
  ) -> String {
    guard let fit else { return HTML.escape(text) }
    let result = fit.fit(text)
    guard result.isTruncated else { return HTML.escape(text) }
    truncations.append(
      PhoneDrawing.Truncation(
        push: push, field: field, place: place, fullText: text,
        neededLines: result.neededLines, shownLines: fit.lines))
    return HTML.escape(result.text)
  }

  private mutating func longPress(_ press: PhoneSnapshot.LongPress) -> String {
    var html = "<div class=\"press-overlay\">\n"
    html += card(press.card, place: "expanded notification", fit: nil, extraClass: "expanded")
    html += "<ul class=\"actions\">\n"
    for action in press.actions {
      var classes = ["action"]
      if action.isDestructive { classes.append("destructive") }
      if action.identifier == press.chosen { classes.append("chosen") }
      html +=
        "<li class=\"\(classes.joined(separator: " "))\" data-action=\"\(HTML.escape(action.identifier))\">"
      html += "<span>\(HTML.escape(action.title))</span>"
      if action.requiresAuthentication {
        html += "<span class=\"action-icon\" title=\"Unlocks first\">\(Icon.lock)</span>"
      }
      if action.textInputPlaceholder != nil {
        html += "<span class=\"action-icon\">\(Icon.reply)</span>"
      }
      html += "</li>\n"
    }
    html += "</ul>\n"
    if let chosen = press.actions.first(where: { $0.identifier == press.chosen }),
      let placeholder = chosen.textInputPlaceholder
    {
      html +=
        "<div class=\"text-input\"><span class=\"placeholder\">\(HTML.escape(placeholder))</span>"
      html += "<span class=\"send\">\(Icon.send)</span></div>\n"
    }
    html += "</div>\n"
    return html
  }

  // MARK: - Live Activities

  /// A Live Activity's Lock Screen presentation: the app, the attributes type, the state when
  /// not plainly active, the alert it carried this moment, and its content-state fields.
  static func activity(_ activity: PhoneSnapshot.Activity, extraClass: String?) -> String {
    var classes = ["activity", "state-\(HTML.escape(activity.state))"]
    if let extraClass { classes.append(extraClass) }
    var html =
      "<article class=\"\(classes.joined(separator: " "))\" data-activity=\"\(HTML.escape(activity.id))\">\n"
    html += activityHead(activity)
    if let alert = activity.alert { html += self.alert(alert) }
    html += fields(activity.fields)
    html += "</article>\n"
    return html
  }

  /// The app's icon, the attributes type and, for a stale or ended activity, its state.
  private static func activityHead(_ activity: PhoneSnapshot.Activity) -> String {
    var html = "<div class=\"activity-head\">"
    html += "<span class=\"app-icon\" style=\"\(iconStyle(activity.appName))\">"
    html += "\(HTML.escape(initial(activity.appName)))</span>"
    html += "<span class=\"activity-type\">\(HTML.escape(activity.type))</span>"
    switch activity.state {
    case "stale": html += "<span class=\"activity-state\">Stale</span>"
    case "ended": html += "<span class=\"activity-state\">Ended</span>"
    default: break
    }
    html += "</div>\n"
    return html
  }

  private static func alert(_ alert: PhoneSnapshot.Activity.Alert) -> String {
    "<div class=\"activity-alert\"><b>\(HTML.escape(alert.title))</b> "
      + "<span>\(HTML.escape(alert.body))</span></div>\n"
  }

  /// The content-state fields as a definition list (`name` over `value`).
  private static func fields(_ fields: [PhoneSnapshot.Activity.Field]) -> String {
    guard !fields.isEmpty else { return "" }
    var html = "<dl class=\"activity-fields\">\n"
    for field in fields {
      html += "<div><dt>\(HTML.escape(field.name))</dt><dd>\(HTML.escape(field.value))</dd></div>\n"
    }
    html += "</dl>\n"
    return html
  }

  /// The Dynamic Island around the camera: compact (the app's icon leading, the first
  /// content-state value trailing), minimal (the icon, and a second activity's icon detached)
  /// or expanded (the whole activity, with the alert that opened it).
  static func island(_ island: PhoneSnapshot.Island) -> String {
    let activity = island.activity
    let kind = island.presentation.rawValue
    var html =
      "<div class=\"island island-\(kind)\" data-activity=\"\(HTML.escape(activity.id))\" "
      + "aria-label=\"Dynamic Island, \(kind)\">"
    switch island.presentation {
    case .compact:
      html += "<span class=\"island-leading\">\(islandIcon(activity))</span>"
      html += "<span class=\"island-camera\"></span>"
      let trailing = activity.fields.first.map(\.value) ?? activity.type
      html += "<span class=\"island-trailing\">\(HTML.escape(trailing))</span></div>\n"
    case .minimal:
      html += "<span class=\"island-leading\">\(islandIcon(activity))</span></div>\n"
      if let detached = island.detached {
        html +=
          "<div class=\"island-detached\" data-activity=\"\(HTML.escape(detached.id))\">"
        html += "\(islandIcon(detached))</div>\n"
      }
    case .expanded:
      html += "\n"
      html += activityHead(activity)
      if let alert = activity.alert { html += self.alert(alert) }
      html += fields(activity.fields)
      html += "</div>\n"
    }
    return html
  }

  private static func islandIcon(_ activity: PhoneSnapshot.Activity) -> String {
    "<span class=\"app-icon\" style=\"\(iconStyle(activity.appName))\">"
      + "\(HTML.escape(initial(activity.appName)))</span>"
  }

  /// The Home Screen: the app's icon with its badge among neutral placeholder icons, and
  /// the dock.
  private func homeScreen() -> String {
    var html = "<div class=\"home-grid\">\n"
    html +=
      "<span class=\"home-app\"><span class=\"app-icon\" style=\"\(Self.iconStyle(snapshot.appName))\">"
    html += HTML.escape(Self.initial(snapshot.appName))
    if let badge = snapshot.badge, badge > 0 { html += "<span class=\"badge\">\(badge)</span>" }
    html += "</span><span class=\"home-label\">\(HTML.escape(snapshot.appName))</span></span>\n"
    for _ in 0..<11 {
      html += "<span class=\"home-app\"><span class=\"placeholder-icon\"></span></span>\n"
    }
    html += "</div>\n<div class=\"dock\">"
    html += String(repeating: "<span class=\"placeholder-icon\"></span>", count: 4)
    html += "</div>\n"
    return html
  }

  private func caption() -> String {
    var html = "<figcaption class=\"phone-caption\">\n"
    html +=
      "<span class=\"home-icon\"><span class=\"app-icon\" style=\"\(Self.iconStyle(snapshot.appName))\">"
    html += HTML.escape(Self.initial(snapshot.appName))
    if let badge = snapshot.badge, badge > 0 {
      html += "<span class=\"badge\">\(badge)</span>"
    }
    html += "</span><span class=\"home-name\">\(HTML.escape(snapshot.appName))</span></span>\n"
    var facts: [String] = []
    if let badge = snapshot.badge, badge > 0 {
      facts.append("badge \(badge)")
    } else {
      facts.append("no badge")
    }
    if let sound = snapshot.sound {
      facts.append("\(Icon.speaker) plays \u{201C}\(HTML.escape(sound))\u{201D}")
    } else if snapshot.isMuted {
      facts.append("\(Icon.bellSlash) silent")
    }
    facts.append(snapshot.isScreenLit ? "screen lit" : "screen stays dark")
    html += "<span class=\"facts\">\(facts.joined(separator: " · "))</span>\n"
    html += "</figcaption>\n"
    return html
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

/// Small inline SVG icons (no image files, no icon fonts).
enum Icon {
  private static func svg(_ body: String, viewBox: String = "0 0 24 24") -> String {
    "<svg class=\"icon\" viewBox=\"\(viewBox)\" aria-hidden=\"true\">\(body)</svg>"
  }
  static let lock = svg(
    "<rect x=\"5\" y=\"10.5\" width=\"14\" height=\"10\" rx=\"2.5\" fill=\"currentColor\"/>"
      + "<path d=\"M8 10.5V8a4 4 0 0 1 8 0v2.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
  )
  static let moon = svg(
    "<path d=\"M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z\" fill=\"currentColor\"/>")
  static let bellSlash = svg(
    "<path d=\"M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0z\" fill=\"currentColor\"/>"
      + "<path d=\"M3 3l18 18\" stroke=\"currentColor\" stroke-width=\"2.2\"/>")
  static let signal = svg(
    "<rect x=\"2\" y=\"15\" width=\"3.5\" height=\"5\" rx=\"1\" fill=\"currentColor\"/>"
      + "<rect x=\"7.5\" y=\"11\" width=\"3.5\" height=\"9\" rx=\"1\" fill=\"currentColor\"/>"
      + "<rect x=\"13\" y=\"7\" width=\"3.5\" height=\"13\" rx=\"1\" fill=\"currentColor\"/>"
      + "<rect x=\"18.5\" y=\"3\" width=\"3.5\" height=\"17\" rx=\"1\" fill=\"currentColor\"/>")
  static let battery = svg(
    "<rect x=\"1.5\" y=\"6.5\" width=\"19\" height=\"11\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\"/>"
      + "<rect x=\"3.5\" y=\"8.5\" width=\"13\" height=\"7\" rx=\"1.5\" fill=\"currentColor\"/>"
      + "<rect x=\"21.5\" y=\"10\" width=\"1.6\" height=\"4\" rx=\"0.8\" fill=\"currentColor\"/>")
  static let flashlight = svg(
    "<path d=\"M8 2h8v5l-2 3v11a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1V10L8 7z\" fill=\"currentColor\"/>")
  static let camera = svg(
    "<path d=\"M4 7h3l2-2.5h6L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z\" fill=\"currentColor\"/>"
      + "<circle cx=\"12\" cy=\"13\" r=\"3.6\" fill=\"#000\" opacity=\".45\"/>")
  static let clock = svg(
    "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\"/>"
      + "<path d=\"M12 7v5l3 2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.2\"/>")
  static let warning = svg(
    "<path d=\"M12 2.5 1.5 21h21z\" fill=\"currentColor\"/>"
      + "<path d=\"M12 9v6m0 2.5v1\" stroke=\"#fff\" stroke-width=\"2.2\"/>")
  static let speaker = svg(
    "<path d=\"M3 9h4l5-4v14l-5-4H3z\" fill=\"currentColor\"/>"
      + "<path d=\"M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
  )
  static let reply = svg(
    "<path d=\"M10 5 3 12l7 7v-4.5c5 0 8.5 1.5 11 5-1-5-4-10-11-11z\" fill=\"currentColor\"/>")
  static let send = svg(
    "<circle cx=\"12\" cy=\"12\" r=\"11\" fill=\"currentColor\"/>"
      + "<path d=\"M12 17V7m-4.5 4.5L12 7l4.5 4.5\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2.4\"/>"
  )
}
