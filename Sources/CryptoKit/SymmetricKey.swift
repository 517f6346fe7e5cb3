import Foundation

/// The size of a symmetric key, in bits.
public struct SymmetricKeySize: Sendable {
  /// The size in bits.
  public let bitCount: Int

  /// A size of `bitCount` bits, a positive multiple of 8.
  public init(bitCount: Int) {
    precondition(bitCount > 0 && bitCount % 8 == 0, "a key size is a positive multiple of 8 bits")
    self.bitCount = bitCount
  }

  /// 128 bits (AES-128).
  public static var bits128: SymmetricKeySize { SymmetricKeySize(bitCount: 128) }
  /// 192 bits (AES-192).
  public static var bits192: SymmetricKeySize { SymmetricKeySize(bitCount: 192) }
  /// 256 bits (AES-256, HMAC-SHA256).
  public static var bits256: SymmetricKeySize { SymmetricKeySize(bitCount: 256) }
}

/// A symmetric key: its bytes, compared in constant time.
public struct SymmetricKey: ContiguousBytes, Equatable, Sendable {
  /// The key's bytes.
  let bytes: [UInt8]

  /// A key of the bytes of `data`.
  public init<D: ContiguousBytes>(data: D) {
    bytes = copyBytes(data)
  }

  /// A random key of `size` (from the system's secure generator).
  public init(size: SymmetricKeySize) {
    bytes = randomBytes(size.bitCount / 8)
  }

  /// The key's size in bits.
  public var bitCount: Int { bytes.count * 8 }

  /// Calls `body` with the key's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
    constantTimeEqual(lhs.bytes, rhs.bytes)
  }
}

// MARK: HMAC

/// A message authentication code (``HashedAuthenticationCode``): its bytes, compared in
/// constant time.
public protocol MessageAuthenticationCode: ContiguousBytes, CustomStringConvertible, Hashable,
  Sendable, Sequence
where Element == UInt8 {
  /// The code's size in bytes.
  var byteCount: Int { get }
}

/// The authentication code HMAC makes with hash function `H`.
public struct HashedAuthenticationCode<H: HashFunction>: MessageAuthenticationCode {
  /// The code's bytes (the hash function's digest size).
  let bytes: [UInt8]

  /// The code's size in bytes.
  public var byteCount: Int { bytes.count }

  /// Calls `body` with the code's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// An iterator over the code's bytes.
  public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

  /// The hash function and the hexadecimal bytes: `HMAC with SHA256: …`.
  public var description: String { "HMAC with \(H.self): \(hexString(bytes))" }

  public static func == (lhs: Self, rhs: Self) -> Bool { constantTimeEqual(lhs.bytes, rhs.bytes) }
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

  /// Whether the code's bytes are `rhs`, compared in constant time.
  public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
    constantTimeEqual(lhs.bytes, [UInt8](rhs))
  }
}

/// HMAC (RFC 2104) with hash function `H`: at once with ``authenticationCode(for:using:)``, or
/// fed with ``update(data:)`` and ``finalize()``.
public struct HMAC<H: HashFunction>: Sendable {
  /// The key type.
  public typealias Key = SymmetricKey
  /// The code type.
  public typealias MAC = HashedAuthenticationCode<H>

  private var inner: H
  private var outer: H

  /// An HMAC that has authenticated nothing yet, with `key`.
  public init(key: SymmetricKey) {
    var block = key.bytes
    if block.count > H.blockByteCount { block = H.hash(data: block).withUnsafeBytes { Array($0) } }
    block += [UInt8](repeating: 0, count: H.blockByteCount - block.count)
    inner = H()
    inner.update(data: block.map { $0 ^ 0x36 })
    outer = H()
    outer.update(data: block.map { $0 ^ 0x5C })
  }

  /// Authenticates `data`.
  public mutating func update<D: DataProtocol>(data: D) { inner.update(data: data) }

  /// The code of everything authenticated so far.
  public func finalize() -> MAC {
    var outer = self.outer
    outer.update(data: inner.finalize().withUnsafeBytes { Array($0) })
    return MAC(bytes: outer.finalize().withUnsafeBytes { Array($0) })
  }

  /// The code of `data` with `key`.
  public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey)
    -> MAC
  {
    var hmac = HMAC(key: key)
    hmac.update(data: data)
    return hmac.finalize()
  }

  /// Whether `mac` is `data`'s code with `key` (compared in constant time).
  public static func isValidAuthenticationCode<D: DataProtocol>(
    _ mac: MAC, authenticating data: D, using key: SymmetricKey
  ) -> Bool {
    authenticationCode(for: data, using: key) == mac
  }

  /// Whether the bytes `authenticationCode` are `data`'s code with `key` (compared in constant
  /// time).
  public static func isValidAuthenticationCode<C: ContiguousBytes, D: DataProtocol>(
    _ authenticationCode: C, authenticating data: D, using key: SymmetricKey
  ) -> Bool {
    constantTimeEqual(
      self.authenticationCode(for: data, using: key).bytes, copyBytes(authenticationCode))
  }
}

// MARK: HKDF

/// HKDF (RFC 5869) with hash function `H`: ``deriveKey(inputKeyMaterial:salt:info:outputByteCount:)``,
/// or its two steps, ``extract(inputKeyMaterial:salt:)`` and
/// ``expand(pseudoRandomKey:info:outputByteCount:)``.
public struct HKDF<H: HashFunction>: Sendable {
  /// The key derived from `inputKeyMaterial` with `salt` and `info`, `outputByteCount` bytes
  /// long (at most 255 times the digest size).
  public static func deriveKey<Salt: DataProtocol, Info: DataProtocol>(
    inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
  ) -> SymmetricKey {
    let prk = extract(inputKeyMaterial: inputKeyMaterial, salt: salt)
    return expand(pseudoRandomKey: prk, info: info, outputByteCount: outputByteCount)
  }

  /// The key derived from `inputKeyMaterial` with no salt and `info`.
  public static func deriveKey<Info: DataProtocol>(
    inputKeyMaterial: SymmetricKey, info: Info, outputByteCount: Int
  ) -> SymmetricKey {
    deriveKey(
      inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: info,
      outputByteCount: outputByteCount)
  }

  /// The key derived from `inputKeyMaterial` with no salt and no info.
  public static func deriveKey(inputKeyMaterial: SymmetricKey, outputByteCount: Int)
    -> SymmetricKey
  {
    deriveKey(
      inputKeyMaterial: inputKeyMaterial, salt: [UInt8](), info: [UInt8](),
      outputByteCount: outputByteCount)
  }

  /// HKDF-Extract: the pseudorandom key of `inputKeyMaterial` and `salt` (no salt: zeros).
  public static func extract<Salt: DataProtocol>(inputKeyMaterial: SymmetricKey, salt: Salt?)
    -> HashedAuthenticationCode<H>
  {
    let saltBytes = salt.map { [UInt8]($0) } ?? []
    let key =
      saltBytes.isEmpty
      ? SymmetricKey(data: [UInt8](repeating: 0, count: H.byteCount))
      : SymmetricKey(data: saltBytes)
    return HMAC<H>.authenticationCode(for: inputKeyMaterial.bytes, using: key)
  }

  /// HKDF-Expand: `outputByteCount` bytes (at most 255 times the digest size) of `info` from
  /// `pseudoRandomKey`.
  public static func expand<PRK: ContiguousBytes, Info: DataProtocol>(
    pseudoRandomKey prk: PRK, info: Info?, outputByteCount: Int
  ) -> SymmetricKey {
    precondition(
      outputByteCount >= 0 && outputByteCount <= 255 * H.byteCount,
      "HKDF can derive at most 255 times the digest size")
    let key = SymmetricKey(data: prk)
    let infoBytes = info.map { [UInt8]($0) } ?? []
    var output: [UInt8] = []
    var previous: [UInt8] = []
    var counter: UInt8 = 1
    while output.count < outputByteCount {
      var hmac = HMAC<H>(key: key)
      hmac.update(data: previous + infoBytes + [counter])
      previous = hmac.finalize().bytes
      output += previous
      counter &+= 1
    }
    return SymmetricKey(data: Array(output.prefix(outputByteCount)))
  }
}

// MARK: Shared secret

/// The secret a key agreement makes (`sharedSecretFromKeyAgreement(with:)`): derive a key from
/// it (``hkdfDerivedSymmetricKey(using:salt:sharedInfo:outputByteCount:)``) rather than using its
/// bytes as one.
public struct SharedSecret: ContiguousBytes, CustomStringConvertible, Equatable, Sendable {
  /// The secret's bytes (the x coordinate of the shared point).
  let bytes: [UInt8]

  /// Calls `body` with the secret's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// The type and the hexadecimal bytes, as Apple's describes it.
  public var description: String { "SharedSecret: \(hexString(bytes))" }

  /// A key derived from the secret with HKDF (RFC 5869) and hash function `hashFunction`.
  public func hkdfDerivedSymmetricKey<H: HashFunction, Salt: DataProtocol, SI: DataProtocol>(
    using hashFunction: H.Type, salt: Salt, sharedInfo: SI, outputByteCount: Int
  ) -> SymmetricKey {
    HKDF<H>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: bytes), salt: salt, info: sharedInfo,
      outputByteCount: outputByteCount)
  }

  /// A key derived from the secret with the ANSI X9.63 key derivation function.
  public func x963DerivedSymmetricKey<H: HashFunction, SI: DataProtocol>(
    using hashFunction: H.Type, sharedInfo: SI, outputByteCount: Int
  ) -> SymmetricKey {
    let info = [UInt8](sharedInfo)
    var output: [UInt8] = []
    var counter: UInt32 = 1
    while output.count < outputByteCount {
      var hasher = H()
      hasher.update(data: bytes)
      hasher.update(data: Swift.withUnsafeBytes(of: counter.bigEndian) { Array($0) })
      hasher.update(data: info)
      output += hasher.finalize().withUnsafeBytes { Array($0) }
      counter += 1
    }
    return SymmetricKey(data: Array(output.prefix(outputByteCount)))
  }

  public static func == (lhs: SharedSecret, rhs: SharedSecret) -> Bool {
    constantTimeEqual(lhs.bytes, rhs.bytes)
  }
}
