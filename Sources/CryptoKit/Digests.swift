import Foundation

/// A cryptographic hash function (`SHA256`, `SHA384`, `SHA512`): hash at once with
/// ``hash(data:)``, or feed a value with ``update(data:)`` and ``finalize()``. Hashers are
/// values: a copy hashes on independently.
public protocol HashFunction: Sendable {
  /// The digest this function makes.
  associatedtype Digest: CryptoKit.Digest
  /// The function's block size in bytes.
  static var blockByteCount: Int { get }
  /// A hasher that has hashed nothing yet.
  init()
  /// Hashes the bytes of `bufferPointer`.
  mutating func update(bufferPointer: UnsafeRawBufferPointer)
  /// The digest of everything hashed so far (the hasher is left as it was).
  func finalize() -> Digest
}

extension HashFunction {
  /// The digest's size in bytes.
  public static var byteCount: Int { Digest.byteCount }

  /// The digest of `data`.
  public static func hash<D: DataProtocol>(data: D) -> Digest {
    var hasher = Self()
    hasher.update(data: data)
    return hasher.finalize()
  }

  /// The digest of the bytes of `bufferPointer`.
  public static func hash(bufferPointer: UnsafeRawBufferPointer) -> Digest {
    var hasher = Self()
    hasher.update(bufferPointer: bufferPointer)
    return hasher.finalize()
  }

  /// Hashes `data`.
  public mutating func update<D: DataProtocol>(data: D) {
    for region in data.regions {
      region.withUnsafeBytes { update(bufferPointer: $0) }
    }
  }
}

/// The output of a hash function: its bytes (a `Sequence` of `UInt8`, `withUnsafeBytes`), and a
/// `description` of the function's name and the hexadecimal bytes (`SHA256 digest: ba78…`).
/// Digests compare in constant time.
public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence
where Element == UInt8 {
  /// The digest's size in bytes.
  static var byteCount: Int { get }
}

extension Digest {
  /// The digest's size in bytes.
  public var byteCount: Int { Self.byteCount }

  /// Whether the digest's bytes are `other`'s, compared in constant time.
  public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
    lhs.withUnsafeBytes { constantTimeEqual($0, [UInt8](rhs)) }
  }
}

/// Whether two byte strings are equal, in time that depends on their lengths only.
func constantTimeEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ lhs: A, _ rhs: B) -> Bool {
  guard lhs.count == rhs.count else { return false }
  var difference: UInt8 = 0
  for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
  return difference == 0
}

/// Lowercase hexadecimal of `bytes`.
func hexString<S: Sequence<UInt8>>(_ bytes: S) -> String {
  let digits = Array("0123456789abcdef")
  var text = ""
  for byte in bytes {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0x0F)])
  }
  return text
}

// MARK: SHA-256

/// SHA-256 (FIPS 180-4): 32-byte digests.
public struct SHA256: HashFunction {
  /// 64 bytes.
  public static let blockByteCount = 64
  private var core = SHA256Core(state: SHA256Core.initial)

  /// A hasher that has hashed nothing yet.
  public init() {}

  /// Hashes the bytes of `bufferPointer`.
  public mutating func update(bufferPointer: UnsafeRawBufferPointer) { core.update(bufferPointer) }

  /// The digest of everything hashed so far.
  public func finalize() -> SHA256Digest { SHA256Digest(bytes: core.finalize()) }
}

/// A SHA-256 digest (32 bytes).
public struct SHA256Digest: Digest {
  /// 32 bytes.
  public static let byteCount = 32
  /// The digest's bytes.
  let bytes: [UInt8]

  /// The digest's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// An iterator over the digest's bytes.
  public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

  /// The function's name and the hexadecimal bytes: `SHA256 digest: …`.
  public var description: String { "SHA256 digest: \(hexString(bytes))" }

  public static func == (lhs: Self, rhs: Self) -> Bool { constantTimeEqual(lhs.bytes, rhs.bytes) }
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

// MARK: SHA-384

/// SHA-384 (FIPS 180-4): 48-byte digests.
public struct SHA384: HashFunction {
  /// 128 bytes.
  public static let blockByteCount = 128
  private var core = SHA512Core(state: SHA512Core.initial384)

  /// A hasher that has hashed nothing yet.
  public init() {}

  /// Hashes the bytes of `bufferPointer`.
  public mutating func update(bufferPointer: UnsafeRawBufferPointer) { core.update(bufferPointer) }

  /// The digest of everything hashed so far.
  public func finalize() -> SHA384Digest { SHA384Digest(bytes: Array(core.finalize().prefix(48))) }
}

/// A SHA-384 digest (48 bytes).
public struct SHA384Digest: Digest {
  /// 48 bytes.
  public static let byteCount = 48
  /// The digest's bytes.
  let bytes: [UInt8]

  /// The digest's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// An iterator over the digest's bytes.
  public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

  /// The function's name and the hexadecimal bytes: `SHA384 digest: …`.
  public var description: String { "SHA384 digest: \(hexString(bytes))" }

  public static func == (lhs: Self, rhs: Self) -> Bool { constantTimeEqual(lhs.bytes, rhs.bytes) }
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

// MARK: SHA-512

/// SHA-512 (FIPS 180-4): 64-byte digests.
public struct SHA512: HashFunction {
  /// 128 bytes.
  public static let blockByteCount = 128
  private var core = SHA512Core(state: SHA512Core.initial512)

  /// A hasher that has hashed nothing yet.
  public init() {}

  /// Hashes the bytes of `bufferPointer`.
  public mutating func update(bufferPointer: UnsafeRawBufferPointer) { core.update(bufferPointer) }

  /// The digest of everything hashed so far.
  public func finalize() -> SHA512Digest { SHA512Digest(bytes: core.finalize()) }
}

/// A SHA-512 digest (64 bytes).
public struct SHA512Digest: Digest {
  /// 64 bytes.
  public static let byteCount = 64
  /// The digest's bytes.
  let bytes: [UInt8]

  /// The digest's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// An iterator over the digest's bytes.
  public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

  /// The function's name and the hexadecimal bytes: `SHA512 digest: …`.
  public var description: String { "SHA512 digest: \(hexString(bytes))" }

  public static func == (lhs: Self, rhs: Self) -> Bool { constantTimeEqual(lhs.bytes, rhs.bytes) }
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
