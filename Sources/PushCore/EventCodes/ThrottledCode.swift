/// Which budget dropped a push: the `code` of a `throttled` event (Rules.md §6, §13).
public struct ThrottledCode: EventCode {
  /// The kebab-case name, as printed.
  public let rawValue: String
  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim logs.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `throttled`.
  public static var kind: EventKind { .throttled }

  /// A background push over the background-push budget (3 per rolling hour by default).
  public static let backgroundBudget = Self(rawValue: "background-budget")
  /// A priority-10 Live Activity push over its hourly budget.
  public static let liveActivityBudget = Self(rawValue: "live-activity-budget")
  /// A push-to-start push over its hourly budget.
  public static let pushToStartBudget = Self(rawValue: "push-to-start-budget")

  /// Every code, in the order of Codes.md.
  public static let all: [Self] = [.backgroundBudget, .liveActivityBudget, .pushToStartBudget]
}
