/// The kind of one step in the device's event log (`delivered`, `media.failed`, …): what
/// `expect.events` and reports name, each documented in Codes.md.
///
/// An open set of dotted names, so new kinds can be added; every kind the device logs is a named
/// constant (in this folder) and is listed in ``all``, which the scenario schema reads.
public struct EventKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
  /// The dotted name (`media.failed`).
  public var rawValue: String
  /// Creates a kind from its name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Creates a kind from a literal name.
  public init(stringLiteral value: String) { self.rawValue = value }
}
