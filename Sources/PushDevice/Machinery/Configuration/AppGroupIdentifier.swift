/// App group identifiers as iOS takes them (Behavior §13.5): `group.` followed by a
/// name of letters, digits, `-` and `.`.
package enum AppGroupIdentifier {
  /// What every iOS app group identifier starts with.
  package static let prefix = "group."

  /// Whether `identifier` is `group.` and a name of ASCII letters, digits, `-` and `.`.
  package static func isValid(_ identifier: String) -> Bool {
    guard identifier.hasPrefix(prefix) else { return false }
    let name = identifier.utf8.dropFirst(prefix.utf8.count)
    return !name.isEmpty
      && name.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
          true
        default: false
        }
      }
  }
}
