import Foundation
import PushPayload
import PushScenario

/// What the phone shows at one moment of a scenario: the view model the documentation draws.
///
/// A snapshot holds only what is visible (Rules.md §4–§5): whether the screen is
/// locked and lit, the clock, Focus and the ring/silent switch, the app icon's badge, the banner
/// if one came down, and the Notification Center's groups as the lock screen stacks them (the
/// leading notification, how many more are under it and the group's summary line). It is built
/// from the runner's per-step state (``PhoneSnapshot/init(time:timeZone:isLocked:isScreenLit:focus:isMuted:badge:appName:banner:groups:longPress:sound:)``
/// or ``DocsSnapshotBuilder``) and computes nothing itself.
package struct PhoneSnapshot: Sendable, Hashable {
  /// The virtual time on the phone's clock.
  package var time: Date
  /// The device's time zone (for the clock and the date line).
  package var timeZone: TimeZone
  /// Whether the lock screen is showing (else the phone is unlocked: banners come down over
  /// the Home Screen and the list is the Notification Center).
  package var isLocked: Bool
  /// Whether the screen is lit (a presented notification wakes a locked phone; passive and
  /// quietly delivered ones do not, Behavior.md §5.1).
  package var isScreenLit: Bool
  /// The active Focus's name, if one is on.
  package var focus: String?
  /// The ring/silent switch is on silent.
  package var isMuted: Bool
  /// The app icon's badge (`nil` or 0: no badge).
  package var badge: Int?
  /// The app's display name (for the Home Screen icon).
  package var appName: String
  /// The banner that came down at this moment, if any (unlocked phone).
  package var banner: Card?
  /// The Notification Center's groups, newest group first (Rules.md §4): all of them, or the
  /// first ones with ``moreGroups`` counting the rest.
  package var groups: [Group]
  /// How many groups the center holds after those in ``groups`` (the generator lists only the
  /// ones a drawing shows).
  package var moreGroups = 0
  /// How many groups the center holds.
  package var groupCount: Int { groups.count + moreGroups }
  /// A notification the user is long-pressing, with its action buttons.
  package var longPress: LongPress?
  /// The sound that played at this moment (`default`, a file name, or a critical sound).
  package var sound: String?
  /// The Live Activities on the Lock Screen (and atop the Notification Center), top first:
  /// highest relevance score, then first started; ended ones stay until dismissed
  /// (Rules.md §13).
  package var activities: [Activity] = []
  /// What the Dynamic Island shows, if anything (a phone without one, or no live activity:
  /// `nil`).
  package var island: Island?
  /// A Live Activity's Lock Screen presentation shown as a banner: an alerting update on an
  /// unlocked phone without a Dynamic Island, the app not in use (Rules.md §13.12).
  package var activityBanner: Activity?
  /// The incoming call ringing at this moment, if any: the newest call the app reported to
  /// CallKit that has not ended or rung out (Rules.md §14). Locked, it fills the screen;
  /// unlocked, it comes down as the call banner.
  package var call: Call?

  /// Creates a snapshot.
  package init(
    time: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
    isLocked: Bool = true, isScreenLit: Bool = true, focus: String? = nil,
    isMuted: Bool = false, badge: Int? = nil, appName: String = "App",
    banner: Card? = nil, groups: [Group] = [], longPress: LongPress? = nil, sound: String? = nil
  ) {
    self.time = time
    self.timeZone = timeZone
    self.isLocked = isLocked
    self.isScreenLit = isScreenLit
    self.focus = focus
    self.isMuted = isMuted
    self.badge = badge
    self.appName = appName
    self.banner = banner
    self.groups = groups
    self.longPress = longPress
    self.sound = sound
  }

  /// One Live Activity as its presentations show it.
  ///
  /// The simulator has no SwiftUI views: a presentation shows the attributes type and the
  /// content-state fields (`name: value`), which is what the app's views are drawn from.
  package struct Activity: Sendable, Hashable {
    /// The scenario's name for the activity.
    package var id: String
    /// The `ActivityAttributes` type name.
    package var type: String
    /// The app's display name.
    package var appName: String
    /// `active`, `stale` or `ended` (`ActivityState`; dismissed ones are not drawn).
    package var state: String
    /// The content state's fields in the app's order, values as text (dates as ISO 8601).
    package var fields: [Field]
    /// The alert the update at this moment carried (localized title and body), if any.
    package var alert: Alert?

    /// Creates an activity view.
    package init(
      id: String, type: String, appName: String, state: String = "active",
      fields: [Field] = [], alert: Alert? = nil
    ) {
      self.id = id
      self.type = type
      self.appName = appName
      self.state = state
      self.fields = fields
      self.alert = alert
    }

    /// One content-state field.
    package struct Field: Sendable, Hashable {
      /// The field's name in `ContentState`.
      package var name: String
      /// Its value as text.
      package var value: String

      /// Creates a field.
      package init(name: String, value: String) {
        self.name = name
        self.value = value
      }
    }

    /// An alerting update's title and body (`AlertConfiguration`).
    package struct Alert: Sendable, Hashable {
      /// The localized title.
      package var title: String
      /// The localized body.
      package var body: String

      /// Creates an alert.
      package init(title: String, body: String) {
        self.title = title
        self.body = body
      }
    }
  }

  /// An incoming call as CallKit's interface shows it: the caller, the app's name and the kind
  /// of call (`Chat Audio`, `Chat Video`).
  package struct Call: Sendable, Hashable {
    /// The caller: the reported name, else the handle (`nil`: "Unknown Caller").
    package var caller: String?
    /// Whether the app reported a video call.
    package var hasVideo: Bool
    /// The app's display name, which the interface shows beside the kind of call.
    package var appName: String
    /// When the call started ringing.
    package var ringingSince: Date
    /// The VoIP push it was reported for, if any.
    package var push: String?

    /// Creates a call view.
    package init(
      caller: String?, hasVideo: Bool = false, appName: String, ringingSince: Date,
      push: String? = nil
    ) {
      self.caller = caller
      self.hasVideo = hasVideo
      self.appName = appName
      self.ringingSince = ringingSince
      self.push = push
    }

    /// The name the interface shows.
    package var callerName: String { caller.flatMap { $0.isEmpty ? nil : $0 } ?? "Unknown Caller" }
    /// The line under the name: the app's name and `Audio` or `Video`, as CallKit labels a
    /// VoIP call.
    package var kindLine: String { "\(appName) \(hasVideo ? "Video" : "Audio")" }
  }

  /// The Dynamic Island at one moment.
  package struct Island: Sendable, Hashable {
    /// How it presents the activity.
    package var presentation: Presentation
    /// The activity it shows: the most relevant live one (Rules.md §13).
    package var activity: Activity
    /// In the minimal presentation, the second activity, shown detached beside the island.
    package var detached: Activity?

    /// The Dynamic Island's presentations (`ActivityConfiguration`'s `dynamicIsland`).
    package enum Presentation: String, Sendable, Hashable, CaseIterable {
      /// Leading and trailing views around the camera: one ongoing activity.
      case compact
      /// A small view: several activities share the island.
      case minimal
      /// The whole island: touch and hold, or an alerting update.
      case expanded
    }

    /// Creates an island view.
    package init(presentation: Presentation, activity: Activity, detached: Activity? = nil) {
      self.presentation = presentation
      self.activity = activity
      self.detached = detached
    }
  }

  /// One notification as a card shows it.
  ///
  /// `title`, `subtitle` and `body` are what the card shows: with previews hidden they are the
  /// app name (or the title, with `hiddenPreviewsShowTitle`) and the category's placeholder
  /// (Rules.md §5 step 8), and ``hidesPreview`` is set.
  package struct Card: Sendable, Hashable {
    /// The scenario's push id (`m1`).
    package var push: String
    /// The app's display name, shown in the card's header.
    package var appName: String
    /// The title line (`""` when none).
    package var title: String
    /// The subtitle line (`""` when none).
    package var subtitle: String
    /// The body (`""` when none).
    package var body: String
    /// When the notification was delivered (the card's "now", "5m ago").
    package var date: Date
    /// The interruption level: time-sensitive and critical cards are styled apart.
    package var interruptionLevel: InterruptionLevel
    /// Previews are hidden: the texts are the hidden-preview texts.
    package var hidesPreview: Bool
    /// The attachment thumbnail: a path relative to the page (`nil`: none, or hidden).
    package var thumbnail: String?
    /// A communication notification's avatar, drawn instead of the app icon: a path relative
    /// to the page (`nil`: none, or previews hidden; Rules.md §16).
    package var avatar: String?

    /// Creates a card.
    package init(
      push: String, appName: String, title: String = "", subtitle: String = "",
      body: String = "", date: Date, interruptionLevel: InterruptionLevel = .active,
      hidesPreview: Bool = false, thumbnail: String? = nil, avatar: String? = nil
    ) {
      self.push = push
      self.appName = appName
      self.title = title
      self.subtitle = subtitle
      self.body = body
      self.date = date
      self.interruptionLevel = interruptionLevel
      self.hidesPreview = hidesPreview
      self.thumbnail = thumbnail
      self.avatar = avatar
    }
  }

  /// A stack of notifications: the leading (newest) one on top (Behavior.md §4).
  package struct Group: Sendable, Hashable {
    /// The thread identifier (`""` for the app's own group).
    package var thread: String
    /// The leading notification.
    package var leading: Card
    /// How many notifications are under the leading one.
    package var moreCount: Int
    /// The summary line (`categorySummaryFormat`, or "N more notifications"); `nil` for a
    /// group of one (Rules.md §4).
    package var summary: String?

    /// Creates a group.
    package init(thread: String, leading: Card, moreCount: Int = 0, summary: String? = nil) {
      self.thread = thread
      self.leading = leading
      self.moreCount = moreCount
      self.summary = summary
    }
  }

  /// A long-pressed notification, expanded, with the category's actions below it.
  package struct LongPress: Sendable, Hashable {
    /// The expanded notification.
    package var card: Card
    /// The action buttons, in the category's order.
    package var actions: [Action]
    /// The action the user picks next, if known (highlighted).
    package var chosen: String?

    /// Creates a long press.
    package init(card: Card, actions: [Action], chosen: String? = nil) {
      self.card = card
      self.actions = actions
      self.chosen = chosen
    }
  }

  /// One action button (`UNNotificationAction`).
  package struct Action: Sendable, Hashable {
    /// The action identifier.
    package var identifier: String
    /// The button title.
    package var title: String
    /// Drawn in red (`destructive`).
    package var isDestructive: Bool
    /// Needs the device unlocked first (`authenticationRequired`).
    package var requiresAuthentication: Bool
    /// Opens the app (`foreground`).
    package var opensApp: Bool
    /// A text-input action's placeholder, when it is one.
    package var textInputPlaceholder: String?

    /// Creates an action button.
    package init(
      identifier: String, title: String, isDestructive: Bool = false,
      requiresAuthentication: Bool = false, opensApp: Bool = false,
      textInputPlaceholder: String? = nil
    ) {
      self.identifier = identifier
      self.title = title
      self.isDestructive = isDestructive
      self.requiresAuthentication = requiresAuthentication
      self.opensApp = opensApp
      self.textInputPlaceholder = textInputPlaceholder
    }
  }
}
