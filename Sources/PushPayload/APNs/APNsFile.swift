/// An Xcode `.apns` file (what `xcrun simctl push` reads): a payload with one extra top-level
/// key, `Simulator Target Bundle`, naming the app. The simulator sends the rest; so do
/// `validate`, `render` and `run`, which all read the file here and count the same bytes, the
/// bytes APNs would get (Behavior.md §1.1).
public enum APNsFile {
  /// The key naming the app.
  public static let targetBundleKey = "Simulator Target Bundle"

  /// What an `.apns` file holds.
  public struct Contents: Sendable {
    /// The payload bytes: the file's bytes with every `Simulator Target Bundle` member cut out
    /// (the rest stays byte for byte).
    public var payload: [UInt8]
    /// The bundle id the last copy of the key names; `nil` when absent or the empty string
    /// (the default app then receives the push, `source: model`).
    public var bundleID: String?
    /// The key's value when it is not a string (a caller reports it).
    public var invalidBundleValue: JSONValue?
  }

  /// Splits `bytes`, whose parsed top level is `root`, into the payload and the bundle id.
  /// Every copy of the key is cut (a duplicated key never reaches the app as data); a top level
  /// that is not an object is the payload as is.
  public static func contents(of bytes: [UInt8], root: JSONValue) -> Contents {
    guard let object = root.objectValue else {
      return Contents(payload: bytes, bundleID: nil, invalidBundleValue: nil)
    }
    let copies = object.members.filter { $0.key == targetBundleKey }
    guard let winner = copies.last else {
      return Contents(payload: bytes, bundleID: nil, invalidBundleValue: nil)
    }
    var payload = bytes
    // From the last copy to the first, so earlier ranges stay valid.
    for member in copies.sorted(by: { $0.keyRange.lowerBound > $1.keyRange.lowerBound }) {
      cut(member, from: &payload)
    }
    guard let bundleID = winner.value.stringValue else {
      return Contents(payload: payload, bundleID: nil, invalidBundleValue: winner.value)
    }
    return Contents(
      payload: payload, bundleID: bundleID.isEmpty ? nil : bundleID, invalidBundleValue: nil)
  }

  /// The number of bytes APNs gets for `bytes` parsed as `root` (see ``contents(of:root:)``).
  public static func payloadByteCount(of bytes: [UInt8], root: JSONValue) -> Int {
    contents(of: bytes, root: root).payload.count
  }

  /// Cuts `member` from the key to the end of its value, with one neighbouring comma.
  private static func cut(_ member: JSONMember, from bytes: inout [UInt8]) {
    var start = member.keyRange.lowerBound
    var end = member.value.byteRange.upperBound
    guard start >= 0, start <= end, end <= bytes.count else { return }
    var scan = end
    while scan < bytes.count, isSpace(bytes[scan]) { scan += 1 }
    if scan < bytes.count, bytes[scan] == UInt8(ascii: ",") {
      end = scan + 1
      while end < bytes.count, isSpace(bytes[end]) { end += 1 }
    } else {
      var back = start - 1
      while back >= 0, isSpace(bytes[back]) { back -= 1 }
      if back >= 0, bytes[back] == UInt8(ascii: ",") { start = back }
    }
    bytes.removeSubrange(start..<end)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
