import Foundation
import PushCore
import PushPayload

/// Decides how one notification is presented, step by step, in the order of
/// Rules.md §5; every step that changes something leaves a note for the event log.
///
/// A pure function of the content, the app and the device: no state, so each rule is testable
/// alone.
struct PresentationPolicy {
  /// One recorded step.
  struct Step: Sendable, Equatable {
    var kind: PlainEvent
    var source: DiagnosticSource
    var reason: String
  }

  /// Where the notification goes.
  enum Outcome: Sendable, Equatable {
    /// Not shown, not kept (Rules.md §5 steps 1 and 3).
    case suppressed(source: DiagnosticSource, reason: String)
    /// Held for the Scheduled Summary (Rules.md §4).
    case held
    /// Presented as described.
    case presented(Presentation)
  }

  /// The whole decision.
  struct Decision: Sendable, Equatable {
    var outcome: Outcome
    /// The level the device acted on (a time-sensitive push without the entitlement acts as
    /// active, Behavior.md §5.1).
    var effectiveLevel: InterruptionLevel
    /// The sound the notification carries after the app's check (`nil`: none).
    var sound: NotificationSound?
    /// The badge to apply (`nil`: leave it).
    var badge: Int?
    /// Notes for the event log, in decision order.
    var steps: [Step]
    /// Warnings raised on the way.
    var diagnostics: [Diagnostic]
  }

  /// Decides for `content` of `app` on `device`, step by step in the order of Rules.md §5.
  ///
  /// The effective level and the sound the app ships are settled first, since later steps read
  /// them; then authorization (steps 1 and 2), the foreground's options or the background's
  /// defaults (step 3), the interruption level (step 4), Focus (step 5), the Scheduled Summary
  /// (Rules.md §4), the sound (step 6) and the badge (step 7).
  static func decide(
    content: NotificationContent, app: AppConfiguration, device: DeviceConfiguration
  ) -> Decision {
    var draft = Draft(content: content, app: app, device: device)
    draft.settleEffectiveLevel()
    draft.checkShippedSound()
    if let settled = draft.authorize() ?? draft.startPresentation() {
      return draft.decision(settled)
    }
    draft.applyInterruptionLevel()
    draft.applyFocus()
    if draft.isHeldForScheduledSummary { return draft.decision(.held) }
    draft.applySound()
    draft.applyBadge()
    return draft.decision(.presented(draft.presentation))
  }
}

extension PresentationPolicy {
  /// A decision under way: the inputs, and what the steps so far have settled.
  private struct Draft {
    let content: NotificationContent
    let app: AppConfiguration
    let device: DeviceConfiguration
    /// The level the device acts on (``settleEffectiveLevel()``).
    var effective: InterruptionLevel
    /// The sound the notification carries (``checkShippedSound()``).
    var sound: NotificationSound?
    var steps: [Step] = []
    var diagnostics: [Diagnostic] = []
    /// What is shown so far (``startPresentation()`` and the steps after it).
    var presentation = Presentation.none
    /// Whether the presentation so far lets a sound play (step 6 decides whether one does).
    var soundWanted = false
    /// Whether the presentation so far lets a badge apply (step 7 decides whether one does).
    var badgeWanted = false
    /// The badge to apply (step 7).
    var badge: Int?

    init(content: NotificationContent, app: AppConfiguration, device: DeviceConfiguration) {
      self.content = content
      self.app = app
      self.device = device
      effective = content.interruptionLevel
      sound = content.sound
    }

    private var authorization: NotificationAuthorization { app.authorization }
    private var isForeground: Bool { app.state == .foreground }

    /// The decision with `outcome` and what the steps settled.
    func decision(_ outcome: Outcome) -> Decision {
      Decision(
        outcome: outcome, effectiveLevel: effective, sound: sound, badge: badge, steps: steps,
        diagnostics: diagnostics)
    }

    /// Records a step for the event log.
    private mutating func note(
      _ kind: PlainEvent, _ source: DiagnosticSource, _ reason: String
    ) {
      steps.append(Step(kind: kind, source: source, reason: reason))
    }

    /// Records a step of the model's, with the same words as a warning at `path`.
    private mutating func warn(
      _ kind: PlainEvent, _ code: DiagnosticCode, path: String, _ reason: String
    ) {
      note(kind, .model, reason)
      diagnostics.append(
        Diagnostic(.warning, code: code, path: path, message: reason, source: .model))
    }

    /// Step 4's entitlement rules, settled first because later steps read the level: a
    /// time-sensitive push without the entitlement or the user's setting, and a critical one
    /// without the entitlement or the authorization, act as active (Rules.md §5 step 4).
    mutating func settleEffectiveLevel() {
      switch content.interruptionLevel {
      case .timeSensitive:
        if !app.entitlements.contains(.timeSensitive) {
          effective = .active
          warn(
            .level, .timeSensitiveEntitlementMissing, path: "aps.interruption-level",
            "time-sensitive without the time-sensitive entitlement behaves as active")
        } else if !app.settings.timeSensitive {
          effective = .active
          note(
            .level, .device,
            "the user turned Time Sensitive Notifications off for the app: behaves as active")
        }
      case .critical:
        let entitled = app.entitlements.contains(.criticalAlerts)
        let allowed = authorization.options.contains(.criticalAlert)
        guard !entitled || !allowed else { return }
        effective = .active
        let missing =
          !entitled && !allowed
          ? "the critical-alerts entitlement and the criticalAlert authorization"
          : !entitled ? "the critical-alerts entitlement" : "the criticalAlert authorization"
        // The level may come from the sound's `critical: 1` alone (Behavior.md §1.4).
        let fromSound = content.payload["aps"]?["interruption-level"] == nil
        warn(
          .level, .criticalNotAllowed,
          path: fromSound ? "aps.sound.critical" : "aps.interruption-level",
          "\(fromSound ? "a critical sound" : "critical") without \(missing) behaves as active")
      default:
        break
      }
    }

    /// Step 6, its first part: the sound the notification carries after the app's check (a
    /// named sound the app does not ship plays the default, with a warning); a critical alert
    /// always carries a critical sound (Rules.md §5 steps 4 and 6).
    mutating func checkShippedSound() {
      if let carried = sound, let shipped = app.sounds {
        switch carried {
        case .named(let name) where !shipped.contains(name):
          sound = .default
          warn(
            .sound, .soundNotShipped, path: "aps.sound",
            "the app does not ship the sound \"\(name)\": the default sound plays")
        case .critical(let name?, let volume) where !shipped.contains(name):
          sound = .critical(name: nil, volume: volume)
          warn(
            .sound, .soundNotShipped, path: "aps.sound.name",
            "the app does not ship the sound \"\(name)\": the default critical sound plays")
        default: break
        }
      }
      if effective == .critical {
        switch sound {
        case nil, .default?: sound = .critical(name: nil, volume: nil)
        case .named(let name)?: sound = .critical(name: name, volume: nil)
        case .critical?: break
        }
      }
    }

    /// Steps 1 and 2, authorization: `denied` and `notDetermined` are not shown, `provisional`
    /// is delivered quietly to Notification Center (Behavior.md §7.3); `nil` when authorized.
    mutating func authorize() -> Outcome? {
      switch authorization.status {
      case .denied:
        return .suppressed(source: .device, reason: "notifications are denied for the app")
      case .notDetermined:
        return .suppressed(
          source: .device, reason: "the app never asked for notification permission")
      case .provisional:
        note(
          .provisional, .device,
          "provisional authorization: delivered quietly to Notification Center only")
        return .presented(.listOnly)
      case .authorized:
        return nil
      }
    }

    /// Step 3, the foreground: the app's `willPresent` options decide (none: not shown,
    /// Behavior.md §7.2). In the background, what the alert authorization and the lock allow
    /// (Rules.md §5 step 4's `active`). `nil` when the notification goes on.
    mutating func startPresentation() -> Outcome? {
      badgeWanted = authorization.options.contains(.badge)
      if isForeground {
        let options = app.foregroundPresentation
        if options.isEmpty {
          return .suppressed(
            source: .device,
            reason: "the app is in the foreground and willPresent returns no options")
        }
        presentation = Presentation(
          banner: options.contains(.banner), list: options.contains(.list))
        soundWanted = options.contains(.sound)
        badgeWanted = badgeWanted && options.contains(.badge)
        note(
          .foreground, .device,
          "the app is in the foreground: willPresent returns "
            + (options.map(\.rawValue).sorted().joined(separator: ", ")))
      } else if !authorization.options.contains(.alert) {
        presentation = .listOnly
        soundWanted = true
        note(.alert, .device, "alerts are not authorized: Notification Center only")
      } else if device.locked {
        presentation = Presentation(lockScreen: true, wake: true, list: true)
        soundWanted = true
      } else {
        presentation = Presentation(banner: true, list: true)
        soundWanted = true
      }
      return nil
    }

    /// Step 4, the interruption level: `passive` is list only, with no sound or wake.
    mutating func applyInterruptionLevel() {
      guard effective == .passive else { return }
      silence()
      note(.level, .device, "passive: list only, no sound or wake")
    }

    /// Step 5, Focus: in the background, a passive or active notification is delivered
    /// silently unless the Focus allows the app, or the sender of a communication notification
    /// is one of its Allowed People (Rules.md §16), or its filter lets it through.
    mutating func applyFocus() {
      guard !isForeground, effective <= .active, let focus = device.focus else { return }
      let allowedSender = content.communication?.sender.flatMap { focus.allows($0) ? $0 : nil }
      if let sender = allowedSender {
        note(
          .focus, .device,
          "Focus \"\(focus.name)\" allows \(sender.displayName): the communication "
            + "notification breaks through")
      } else if !focus.allowedApps.contains(app.bundleId) {
        silence()
        note(.focus, .model, "Focus \"\(focus.name)\" does not allow the app: delivered silently")
      } else if let silenced = FocusFilter.silences(content, device: device) {
        silence()
        note(.focus, silenced.source, silenced.reason)
      }
    }

    /// The Scheduled Summary (Rules.md §4): a passive or active notification of an app in the
    /// summary is held for it in the background; communication notifications break through
    /// (Rules.md §16).
    var isHeldForScheduledSummary: Bool {
      guard !isForeground, let summary = device.scheduledSummary else { return false }
      return summary.apps.contains(app.bundleId) && effective <= .active
        && content.communication == nil
    }

    /// Step 6, the sound: it plays when the presentation lets it and the notification carries
    /// one, with the `sound` authorization on an unmuted device; a critical alert always plays.
    mutating func applySound() {
      if effective == .critical {
        presentation.sound = true
      } else if soundWanted, sound != nil {
        if !authorization.options.contains(.sound) {
          note(.sound, .device, "sounds are not authorized")
        } else if device.muted {
          note(.sound, .device, "the device is muted")
        } else {
          presentation.sound = true
        }
      }
    }

    /// Step 7, the badge: a number applies with the `badge` authorization (and, in the
    /// foreground, the `badge` option); otherwise the badge is left unchanged.
    mutating func applyBadge() {
      guard let number = content.badge else { return }
      if badgeWanted {
        badge = number
        presentation.badge = true
      } else {
        let reason =
          authorization.options.contains(.badge)
          ? "the app is in the foreground and willPresent does not return badge"
          : "badges are not authorized"
        note(.badgeUnchanged, .device, reason + ": badge unchanged")
      }
    }

    /// No banner, lock-screen entry, wake or sound: Notification Center only.
    private mutating func silence() {
      presentation.banner = false
      presentation.lockScreen = false
      presentation.wake = false
      soundWanted = false
    }
  }
}
