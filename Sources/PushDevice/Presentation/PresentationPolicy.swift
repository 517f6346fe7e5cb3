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
    var kind: DeviceEvent.Kind
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

  /// Decides for `content` of `app` on `device`.
  static func decide(
    content: NotificationContent, app: AppConfiguration, device: DeviceConfiguration
  ) -> Decision {
    var steps: [Step] = []
    var diagnostics: [Diagnostic] = []
    let authorization = app.authorization
    let level = content.interruptionLevel

    // Effective level (step 4's entitlement rules), settled first: later steps read it.
    var effective = level
    if level == .timeSensitive {
      if !app.entitlements.contains(.timeSensitive) {
        effective = .active
        let reason = "time-sensitive without the time-sensitive entitlement behaves as active"
        steps.append(Step(kind: .level, source: .model, reason: reason))
        diagnostics.append(
          Diagnostic(
            .warning, code: .timeSensitiveEntitlementMissing, path: "aps.interruption-level",
            message: reason, source: .model))
      } else if !app.settings.timeSensitive {
        effective = .active
        steps.append(
          Step(
            kind: .level, source: .device,
            reason:
              "the user turned Time Sensitive Notifications off for the app: behaves as active"
          ))
      }
    } else if level == .critical {
      let entitled = app.entitlements.contains(.criticalAlerts)
      let allowed = authorization.options.contains(.criticalAlert)
      if !entitled || !allowed {
        effective = .active
        let missing =
          !entitled && !allowed
          ? "the critical-alerts entitlement and the criticalAlert authorization"
          : !entitled ? "the critical-alerts entitlement" : "the criticalAlert authorization"
        // The level may come from the sound's `critical: 1` alone (Behavior.md §1.4).
        let fromSound = content.payload["aps"]?["interruption-level"] == nil
        let reason =
          "\(fromSound ? "a critical sound" : "critical") without \(missing) behaves as active"
        steps.append(Step(kind: .level, source: .model, reason: reason))
        diagnostics.append(
          Diagnostic(
            .warning, code: .criticalNotAllowed,
            path: fromSound ? "aps.sound.critical" : "aps.interruption-level",
            message: reason, source: .model))
      }
    }

    // Step 6 (part): the sound the notification carries after the app's check.
    var sound = content.sound
    if let carried = sound, let shipped = app.sounds {
      switch carried {
      case .named(let name) where !shipped.contains(name):
        sound = .default
        let reason = "the app does not ship the sound \"\(name)\": the default sound plays"
        steps.append(Step(kind: .sound, source: .model, reason: reason))
        diagnostics.append(
          Diagnostic(
            .warning, code: .soundNotShipped, path: "aps.sound", message: reason, source: .model)
        )
      case .critical(let name?, let volume) where !shipped.contains(name):
        sound = .critical(name: nil, volume: volume)
        let reason = "the app does not ship the sound \"\(name)\": the default critical sound plays"
        steps.append(Step(kind: .sound, source: .model, reason: reason))
        diagnostics.append(
          Diagnostic(
            .warning, code: .soundNotShipped, path: "aps.sound.name", message: reason,
            source: .model))
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

    func finish(_ outcome: Outcome, badge: Int? = nil) -> Decision {
      Decision(
        outcome: outcome, effectiveLevel: effective, sound: sound, badge: badge, steps: steps,
        diagnostics: diagnostics)
    }

    // Step 1: authorization.
    switch authorization.status {
    case .denied:
      return finish(.suppressed(source: .device, reason: "notifications are denied for the app"))
    case .notDetermined:
      return finish(
        .suppressed(source: .device, reason: "the app never asked for notification permission"))
    case .provisional:
      // Step 2: quiet delivery, Notification Center only (Behavior.md §7.3).
      steps.append(
        Step(
          kind: .provisional, source: .device,
          reason: "provisional authorization: delivered quietly to Notification Center only"))
      return finish(.presented(.listOnly))
    case .authorized:
      break
    }

    var presentation: Presentation
    var soundWanted: Bool
    var badgeWanted = authorization.options.contains(.badge)
    let foreground = app.state == .foreground
    if foreground {
      // Step 3: willPresent options decide (Behavior.md §7.2).
      let options = app.foregroundPresentation
      if options.isEmpty {
        return finish(
          .suppressed(
            source: .device,
            reason: "the app is in the foreground and willPresent returns no options"))
      }
      presentation = Presentation(
        banner: options.contains(.banner), list: options.contains(.list))
      soundWanted = options.contains(.sound)
      badgeWanted = badgeWanted && options.contains(.badge)
      steps.append(
        Step(
          kind: .foreground, source: .device,
          reason: "the app is in the foreground: willPresent returns "
            + (options.map(\.rawValue).sorted().joined(separator: ", "))))
    } else if !authorization.options.contains(.alert) {
      presentation = .listOnly
      soundWanted = true
      steps.append(
        Step(
          kind: .alert, source: .device,
          reason: "alerts are not authorized: Notification Center only"))
    } else if device.locked {
      presentation = Presentation(lockScreen: true, wake: true, list: true)
      soundWanted = true
    } else {
      presentation = Presentation(banner: true, list: true)
      soundWanted = true
    }

    // Step 4: interruption level.
    if effective == .passive {
      presentation.banner = false
      presentation.lockScreen = false
      presentation.wake = false
      soundWanted = false
      steps.append(
        Step(kind: .level, source: .device, reason: "passive: list only, no sound or wake"))
    }

    // Step 5: Focus. A communication notification from one of the Focus's Allowed People
    // breaks through (Rules.md §16).
    let allowedSender = device.focus.flatMap { focus in
      content.communication?.sender.flatMap { focus.allows($0) ? $0 : nil }
    }
    if !foreground, effective <= .active, let focus = device.focus, let sender = allowedSender {
      steps.append(
        Step(
          kind: .focus, source: .device,
          reason: "Focus \"\(focus.name)\" allows \(sender.displayName): the communication "
            + "notification breaks through"))
    } else if !foreground, let focus = device.focus, !focus.allowedApps.contains(app.bundleId),
      effective <= .active
    {
      presentation.banner = false
      presentation.lockScreen = false
      presentation.wake = false
      soundWanted = false
      steps.append(
        Step(
          kind: .focus, source: .model,
          reason: "Focus \"\(focus.name)\" does not allow the app: delivered silently"))
    } else if !foreground, effective <= .active,
      let silenced = FocusFilter.silences(content, device: device)
    {
      presentation.banner = false
      presentation.lockScreen = false
      presentation.wake = false
      soundWanted = false
      steps.append(Step(kind: .focus, source: silenced.source, reason: silenced.reason))
    }

    // Scheduled Summary hold (Rules.md §4); communication notifications break through it
    // (Rules.md §16).
    if !foreground, let summary = device.scheduledSummary, summary.apps.contains(app.bundleId),
      effective <= .active, content.communication == nil
    {
      return finish(.held)
    }

    // Step 6: sound.
    if effective == .critical {
      presentation.sound = true
    } else if soundWanted, sound != nil {
      if !authorization.options.contains(.sound) {
        steps.append(Step(kind: .sound, source: .device, reason: "sounds are not authorized"))
      } else if device.muted {
        steps.append(Step(kind: .sound, source: .device, reason: "the device is muted"))
      } else {
        presentation.sound = true
      }
    }

    // Step 7: badge.
    var badge: Int?
    if let number = content.badge {
      if badgeWanted {
        badge = number
        presentation.badge = true
      } else {
        let reason =
          authorization.options.contains(.badge)
          ? "the app is in the foreground and willPresent does not return badge"
          : "badges are not authorized"
        steps.append(
          Step(kind: .badgeUnchanged, source: .device, reason: reason + ": badge unchanged"))
      }
    }
    return finish(.presented(presentation), badge: badge)
  }
}
