/// Which bound left events of the app's own code out of the log: the `code` of an
/// `app.eventsDropped` event (Rules.md §7.2).
public struct AppEventsDroppedCode: EventCode {
  /// The kebab-case name, as printed.
  public let rawValue: String
  /// A code with this name. Prefer the constants: a name that is not in ``all`` is not a code
  /// PushSim logs.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `app.eventsDropped`.
  public static var kind: EventKind { .appEventsDropped }

  /// One call into the app's code (an extension run, a delegate or handler call) keeps its
  /// first 100 and last 100; the ones between are counted.
  public static let callWindow = Self(rawValue: "call-window")
  /// A push keeps 1,000; later ones are counted.
  public static let pushLimit = Self(rawValue: "push-limit")
  /// A run (one device) keeps 50,000; later ones are counted.
  public static let runLimit = Self(rawValue: "run-limit")

  /// Every code, in the order of Codes.md.
  public static let all: [Self] = [.callWindow, .pushLimit, .runLimit]
}
