/// A digest that is the same on every run and machine: four rounds of 64-bit FNV-1a, each
/// over the round's number and then the bytes, written as 64 lower-case hex digits.
///
/// Not cryptographic: it names things the device makes up from text it was given (the app's
/// device token from its bundle ID, Rules.md §15; a long suite's file name, Rules.md §17), so
/// that two runs name them alike.
enum StableDigest {
  /// The 64 hex digits of `bytes`' digest.
  static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hex = ""
    hex.reserveCapacity(64)
    for round in UInt8(0)..<4 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      hash = (hash ^ UInt64(round)) &* 0x0000_0100_0000_01b3
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      let digits = String(hash, radix: 16)
      hex += String(repeating: "0", count: 16 - digits.count) + digits
    }
    return hex
  }
}
