/// The iOS version the simulated device runs (scenario `device.iosVersion`): what each release
/// added to push handling (Behavior.md; Rules.md §13).
///
/// Written `major[.minor[.patch]]`, compared numerically (`17.2` < `17.10`). The default is the
/// newest version PushSim knows, ``newest``.
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The release numbers, most significant first; missing parts count as 0.
  public var parts: [Int]

  /// A version from its numbers (`IOSVersion(17, 2)`).
  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    parts = [major, minor, patch]
  }

  /// Reads `"17.2"`; `nil` unless it is one to three dot-separated decimal numbers.
  package init?(_ text: String) {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(pieces.count) else { return nil }
    var numbers: [Int] = []
    for piece in pieces {
      guard !piece.isEmpty, piece.count <= 4, piece.allSatisfy(\.isASCII),
        let number = Int(piece), number >= 0
      else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    parts = numbers
  }

  /// `17.2`, without trailing zero parts beyond the minor number.
  public var description: String {
    let trimmed = parts.count == 3 && parts[2] == 0 ? Array(parts.prefix(2)) : parts
    return trimmed.map(String.init).joined(separator: ".")
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.parts.lexicographicallyPrecedes(rhs.parts)
  }

  /// The newest version PushSim models: iOS 26.4 (PushKit `mustReport`).
  public static let newest = IOSVersion(26, 4)
  /// Live Activities and `liveactivity` pushes (`update`, `end`).
  package static let liveActivities = IOSVersion(16, 1)
  /// `stale-date`, `relevance-score` on activities, frequent updates.
  package static let staleAndRelevance = IOSVersion(16, 2)
  /// Push-to-start (`event: start`) and `timestamp` on in-app updates.
  package static let pushToStart = IOSVersion(17, 2)
  /// Broadcast channels, `input-push-token` and `input-push-channel`.
  package static let broadcast = IOSVersion(18)
  /// Scheduled Live Activities (`ActivityState.pending`).
  package static let scheduledActivities = IOSVersion(26)
}
