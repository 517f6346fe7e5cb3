/// A kind of PushKit push (`PKPushType`, an extensible string type as in Apple's SDK).
///
/// Apple's constants are `PKPushTypeVoIP`, `PKPushTypeFileProvider` and the deprecated
/// `PKPushTypeComplication`; their raw strings are the constants' own names, as PushKit's
/// exported string constants hold them. PushKit has no Push to Talk type: that framework issues
/// its own tokens (`PTChannelManager`).
public struct PKPushType: Hashable, Equatable, RawRepresentable, Sendable {
  /// The raw string (`"PKPushTypeVoIP"`).
  public let rawValue: String

  /// Creates a push type from its raw string.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a push type from its raw string.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// VoIP call invitations (iOS 9+); each must be reported to CallKit (Rules.md §14).
  public static let voIP = PKPushType("PKPushTypeVoIP")
  /// File Provider updates (iOS 11+); the system signals the extension, the app's delegate is
  /// not called.
  public static let fileProvider = PKPushType("PKPushTypeFileProvider")
  /// Complication updates: deprecated on iOS 9–13 ("supported directly on watchOS now").
  @available(iOS, introduced: 9.0, deprecated: 13.0)
  public static let complication = PKPushType("PKPushTypeComplication")
}
