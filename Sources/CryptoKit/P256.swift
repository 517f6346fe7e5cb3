internal import CPushCrypto
import Foundation

/// The NIST P-256 curve (secp256r1, prime256v1), as Apple's namespace: keys for signing
/// (``Signing``, ECDSA: ES256) and for key agreement (``KeyAgreement``, ECDH). Through the
/// system's libcrypto.
public enum P256 {
  /// ECDSA over P-256 with SHA-256 (the ES256 of JSON Web Tokens, APNs' provider tokens).
  public enum Signing {}
  /// ECDH over P-256 (Web Push's message encryption, RFC 8291).
  public enum KeyAgreement {}
}

extension P256.Signing {
  /// A P-256 private key (its 32-byte scalar) and its public key.
  public struct PrivateKey: Sendable {
    let key: P256PrivateKeyBytes

    /// A new random key. With `compactRepresentable` (the default) its public key has a compact
    /// representation, as Apple's makes them. Without libcrypto this stops the program (Apple's
    /// initializer cannot throw): ``LibCryptoUnavailableError`` says what to install.
    public init(compactRepresentable: Bool = true) {
      key = P256PrivateKeyBytes(compactRepresentable: compactRepresentable)
    }

    /// The key of the 32-byte scalar `rawRepresentation`.
    public init<D: ContiguousBytes>(rawRepresentation: D) throws {
      key = try P256PrivateKeyBytes(scalar: copyBytes(rawRepresentation))
    }

    /// The key of its ANSI X9.63 representation: `04`, x, y and the scalar (97 bytes).
    public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
      key = try P256PrivateKeyBytes(x963: copyBytes(x963Representation))
    }

    /// The key of a PEM document: `PRIVATE KEY` (PKCS #8, as an APNs `.p8` file holds it) or
    /// `EC PRIVATE KEY` (SEC 1).
    public init(pemRepresentation: String) throws {
      key = try P256PrivateKeyBytes(pem: pemRepresentation)
    }

    /// The key of its DER form: PKCS #8 `PrivateKeyInfo` or SEC 1 `ECPrivateKey`.
    public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws
    where Bytes.Element == UInt8 {
      key = try P256PrivateKeyBytes(der: [UInt8](derRepresentation))
    }

    /// The matching public key.
    public var publicKey: PublicKey { PublicKey(key: P256PublicKeyBytes(point: key.point)) }

    /// The 32-byte scalar.
    public var rawRepresentation: Data { Data(key.scalar) }

    /// `04`, x, y and the scalar (97 bytes).
    public var x963Representation: Data { Data(key.point + key.scalar) }

    /// The PKCS #8 `PrivateKeyInfo`, DER.
    public var derRepresentation: Data { Data(key.der) }

    /// The PKCS #8 `PrivateKeyInfo` as a PEM document (`-----BEGIN PRIVATE KEY-----`).
    public var pemRepresentation: String { ASN1.pem(label: "PRIVATE KEY", der: key.der) }
  }

  /// A P-256 public key (a point of the curve).
  public struct PublicKey: Sendable {
    let key: P256PublicKeyBytes

    init(key: P256PublicKeyBytes) { self.key = key }

    /// The key of its x and y coordinates (64 bytes).
    public init<D: ContiguousBytes>(rawRepresentation: D) throws {
      key = try P256PublicKeyBytes(raw: copyBytes(rawRepresentation))
    }

    /// The key of its x coordinate alone (32 bytes), y being the smaller of the two roots.
    public init<Bytes: ContiguousBytes>(compactRepresentation: Bytes) throws {
      key = try P256PublicKeyBytes(compact: copyBytes(compactRepresentation))
    }

    /// The key of its ANSI X9.63 representation: `04`, x and y (65 bytes), as a Web Push
    /// subscription's `p256dh` holds it.
    public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
      key = try P256PublicKeyBytes(x963: copyBytes(x963Representation))
    }

    /// The key of its compressed representation: `02` or `03` and x (33 bytes).
    public init<Bytes: ContiguousBytes>(compressedRepresentation: Bytes) throws {
      key = try P256PublicKeyBytes(compressed: copyBytes(compressedRepresentation))
    }

    /// The key of a PEM document `PUBLIC KEY` (`SubjectPublicKeyInfo`).
    public init(pemRepresentation: String) throws {
      key = try P256PublicKeyBytes(pem: pemRepresentation)
    }

    /// The key of its DER `SubjectPublicKeyInfo`.
    public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws
    where Bytes.Element == UInt8 {
      key = try P256PublicKeyBytes(der: [UInt8](derRepresentation))
    }

    /// x and y (64 bytes).
    public var rawRepresentation: Data { Data(key.point.dropFirst()) }

    /// `04`, x and y (65 bytes).
    public var x963Representation: Data { Data(key.point) }

    /// `02` or `03` (y's parity) and x (33 bytes).
    public var compressedRepresentation: Data { Data(key.compressed) }

    /// x alone (32 bytes); `nil` when y is not the smaller root (the key has no compact form).
    public var compactRepresentation: Data? {
      key.isCompactRepresentable ? Data(key.point[1...32]) : nil
    }

    /// The `SubjectPublicKeyInfo`, DER.
    public var derRepresentation: Data { Data(ASN1.subjectPublicKeyInfo(point: key.point)) }

    /// The `SubjectPublicKeyInfo` as a PEM document (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String {
      ASN1.pem(label: "PUBLIC KEY", der: ASN1.subjectPublicKeyInfo(point: key.point))
    }
  }
}

extension P256.Signing.PrivateKey {
  /// The ECDSA signature of `data`'s SHA-256 digest (randomized: two signatures of the same data
  /// differ).
  public func signature<D: DataProtocol>(for data: D) throws -> P256.Signing.ECDSASignature {
    try signature(for: SHA256.hash(data: data))
  }

  /// The ECDSA signature of `digest`.
  public func signature<D: Digest>(for digest: D) throws -> P256.Signing.ECDSASignature {
    try LibCrypto.require()
    let bytes = digest.withUnsafeBytes { [UInt8]($0) }
    var signature = [UInt8](repeating: 0, count: 64)
    guard pushsim_p256_sign(key.scalar, bytes, bytes.count, &signature) == 1 else {
      throw LibCrypto.failure()
    }
    return P256.Signing.ECDSASignature(bytes: signature)
  }
}

extension P256.Signing.PublicKey {
  /// Whether `signature` is this key's signature of `data`'s SHA-256 digest.
  public func isValidSignature<D: DataProtocol>(
    _ signature: P256.Signing.ECDSASignature, for data: D
  ) -> Bool {
    isValidSignature(signature, for: SHA256.hash(data: data))
  }

  /// Whether `signature` is this key's signature of `digest`.
  public func isValidSignature<D: Digest>(_ signature: P256.Signing.ECDSASignature, for digest: D)
    -> Bool
  {
    // A public key exists only once libcrypto has loaded; the check stays for safety.
    guard LibCrypto.isAvailable else { return false }
    let bytes = digest.withUnsafeBytes { [UInt8]($0) }
    return pushsim_p256_verify(key.point, bytes, bytes.count, signature.bytes) == 1
  }
}

extension P256.Signing {
  /// An ECDSA signature: r and s.
  public struct ECDSASignature: ContiguousBytes, Sendable {
    /// r and s, 32 bytes each.
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The signature of r and s, 32 bytes each (as a JSON Web Token's ES256 signature is).
    public init<D: DataProtocol>(rawRepresentation: D) throws {
      guard rawRepresentation.count == 64 else { throw CryptoKitError.incorrectParameterSize }
      bytes = [UInt8](rawRepresentation)
    }

    /// The signature of its DER form, `SEQUENCE { INTEGER r, INTEGER s }` (as `openssl dgst
    /// -sign` writes it).
    public init<D: DataProtocol>(derRepresentation: D) throws {
      bytes = try ASN1.readSignature([UInt8](derRepresentation), size: 32)
    }

    /// r and s, 32 bytes each.
    public var rawRepresentation: Data { Data(bytes) }

    /// `SEQUENCE { INTEGER r, INTEGER s }`, DER.
    public var derRepresentation: Data {
      Data(ASN1.signature(r: bytes[0..<32], s: bytes[32..<64]))
    }

    /// Calls `body` with r and s.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
      try bytes.withUnsafeBytes(body)
    }
  }
}

extension P256.KeyAgreement {
  /// A P-256 private key (its 32-byte scalar) and its public key.
  public struct PrivateKey: Sendable {
    let key: P256PrivateKeyBytes

    /// A new random key. With `compactRepresentable` (the default) its public key has a compact
    /// representation, as Apple's makes them. Without libcrypto this stops the program (Apple's
    /// initializer cannot throw): ``LibCryptoUnavailableError`` says what to install.
    public init(compactRepresentable: Bool = true) {
      key = P256PrivateKeyBytes(compactRepresentable: compactRepresentable)
    }

    /// The key of the 32-byte scalar `rawRepresentation`.
    public init<D: ContiguousBytes>(rawRepresentation: D) throws {
      key = try P256PrivateKeyBytes(scalar: copyBytes(rawRepresentation))
    }

    /// The key of its ANSI X9.63 representation: `04`, x, y and the scalar (97 bytes).
    public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
      key = try P256PrivateKeyBytes(x963: copyBytes(x963Representation))
    }

    /// The key of a PEM document: `PRIVATE KEY` (PKCS #8, as an APNs `.p8` file holds it) or
    /// `EC PRIVATE KEY` (SEC 1).
    public init(pemRepresentation: String) throws {
      key = try P256PrivateKeyBytes(pem: pemRepresentation)
    }

    /// The key of its DER form: PKCS #8 `PrivateKeyInfo` or SEC 1 `ECPrivateKey`.
    public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws
    where Bytes.Element == UInt8 {
      key = try P256PrivateKeyBytes(der: [UInt8](derRepresentation))
    }

    /// The matching public key.
    public var publicKey: PublicKey { PublicKey(key: P256PublicKeyBytes(point: key.point)) }

    /// The 32-byte scalar.
    public var rawRepresentation: Data { Data(key.scalar) }

    /// `04`, x, y and the scalar (97 bytes).
    public var x963Representation: Data { Data(key.point + key.scalar) }

    /// The PKCS #8 `PrivateKeyInfo`, DER.
    public var derRepresentation: Data { Data(key.der) }

    /// The PKCS #8 `PrivateKeyInfo` as a PEM document (`-----BEGIN PRIVATE KEY-----`).
    public var pemRepresentation: String { ASN1.pem(label: "PRIVATE KEY", der: key.der) }
  }

  /// A P-256 public key (a point of the curve).
  public struct PublicKey: Sendable {
    let key: P256PublicKeyBytes

    init(key: P256PublicKeyBytes) { self.key = key }

    /// The key of its x and y coordinates (64 bytes).
    public init<D: ContiguousBytes>(rawRepresentation: D) throws {
      key = try P256PublicKeyBytes(raw: copyBytes(rawRepresentation))
    }

    /// The key of its x coordinate alone (32 bytes), y being the smaller of the two roots.
    public init<Bytes: ContiguousBytes>(compactRepresentation: Bytes) throws {
      key = try P256PublicKeyBytes(compact: copyBytes(compactRepresentation))
    }

    /// The key of its ANSI X9.63 representation: `04`, x and y (65 bytes), as a Web Push
    /// subscription's `p256dh` holds it.
    public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
      key = try P256PublicKeyBytes(x963: copyBytes(x963Representation))
    }

    /// The key of its compressed representation: `02` or `03` and x (33 bytes).
    public init<Bytes: ContiguousBytes>(compressedRepresentation: Bytes) throws {
      key = try P256PublicKeyBytes(compressed: copyBytes(compressedRepresentation))
    }

    /// The key of a PEM document `PUBLIC KEY` (`SubjectPublicKeyInfo`).
    public init(pemRepresentation: String) throws {
      key = try P256PublicKeyBytes(pem: pemRepresentation)
    }

    /// The key of its DER `SubjectPublicKeyInfo`.
    public init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws
    where Bytes.Element == UInt8 {
      key = try P256PublicKeyBytes(der: [UInt8](derRepresentation))
    }

    /// x and y (64 bytes).
    public var rawRepresentation: Data { Data(key.point.dropFirst()) }

    /// `04`, x and y (65 bytes).
    public var x963Representation: Data { Data(key.point) }

    /// `02` or `03` (y's parity) and x (33 bytes).
    public var compressedRepresentation: Data { Data(key.compressed) }

    /// x alone (32 bytes); `nil` when y is not the smaller root (the key has no compact form).
    public var compactRepresentation: Data? {
      key.isCompactRepresentable ? Data(key.point[1...32]) : nil
    }

    /// The `SubjectPublicKeyInfo`, DER.
    public var derRepresentation: Data { Data(ASN1.subjectPublicKeyInfo(point: key.point)) }

    /// The `SubjectPublicKeyInfo` as a PEM document (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String {
      ASN1.pem(label: "PUBLIC KEY", der: ASN1.subjectPublicKeyInfo(point: key.point))
    }
  }
}

extension P256.KeyAgreement.PrivateKey {
  /// The secret this key shares with `publicKeyShare`'s owner (ECDH: the x coordinate of the
  /// shared point); derive a key from it with `hkdfDerivedSymmetricKey`.
  public func sharedSecretFromKeyAgreement(with publicKeyShare: P256.KeyAgreement.PublicKey)
    throws -> SharedSecret
  {
    try LibCrypto.require()
    var secret = [UInt8](repeating: 0, count: 32)
    guard pushsim_p256_ecdh(key.scalar, publicKeyShare.key.point, &secret) == 1 else {
      throw LibCrypto.failure()
    }
    return SharedSecret(bytes: secret)
  }
}

// MARK: Storage

/// The curve's prime p, big-endian.
private let p256Prime: [UInt8] = [
  0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
]

/// A private key: its scalar and its public point.
struct P256PrivateKeyBytes: Sendable {
  /// The scalar, 32 bytes big-endian, in 1..<n.
  let scalar: [UInt8]
  /// The public point, uncompressed (65 bytes).
  let point: [UInt8]

  init(compactRepresentable: Bool) {
    guard LibCrypto.isAvailable else { fatalError(LibCryptoUnavailableError().description) }
    while true {
      let scalar = randomBytes(32)
      var point = [UInt8](repeating: 0, count: 65)
      // A scalar of 0 or not below n (a chance of about 2^-32) is drawn again.
      guard pushsim_p256_public_key(scalar, &point) == 1 else { continue }
      if compactRepresentable && !P256PublicKeyBytes(point: point).isCompactRepresentable {
        continue
      }
      self.scalar = scalar
      self.point = point
      return
    }
  }

  init(scalar: [UInt8]) throws {
    guard scalar.count == 32 else { throw CryptoKitError.incorrectParameterSize }
    try LibCrypto.require()
    var point = [UInt8](repeating: 0, count: 65)
    guard pushsim_p256_public_key(scalar, &point) == 1 else { throw LibCrypto.failure() }
    self.scalar = scalar
    self.point = point
  }

  init(x963: [UInt8]) throws {
    guard x963.count == 97 else { throw CryptoKitError.incorrectParameterSize }
    try self.init(scalar: Array(x963[65...]))
    guard point == Array(x963[0..<65]) else { throw CryptoKitError.invalidParameter }
  }

  init(der: [UInt8]) throws {
    try LibCrypto.require()
    var scalar = [UInt8](repeating: 0, count: 32)
    guard pushsim_p256_private_key_from_der(der, der.count, &scalar) == 1 else {
      _ = pushsim_crypto_last_error()
      throw CryptoKitASN1Error.invalidASN1Object
    }
    try self.init(scalar: scalar)
  }

  init(pem: String) throws {
    let (label, der) = try ASN1.readPEM(pem)
    guard label == "PRIVATE KEY" || label == "EC PRIVATE KEY" else {
      throw CryptoKitASN1Error.invalidPEMDocument
    }
    try self.init(der: der)
  }

  /// The PKCS #8 `PrivateKeyInfo`.
  var der: [UInt8] { ASN1.privateKeyInfo(scalar: scalar, point: point) }
}

/// A public key: its point.
struct P256PublicKeyBytes: Sendable {
  /// The point, uncompressed (65 bytes).
  let point: [UInt8]

  init(point: [UInt8]) { self.point = point }

  /// The point of `bytes` (65 uncompressed or 33 compressed), checked on the curve.
  private static func decode(_ bytes: [UInt8]) throws -> [UInt8] {
    try LibCrypto.require()
    var point = [UInt8](repeating: 0, count: 65)
    guard pushsim_p256_decode_point(bytes, bytes.count, &point) == 1 else {
      throw LibCrypto.failure()
    }
    return point
  }

  init(raw: [UInt8]) throws {
    guard raw.count == 64 else { throw CryptoKitError.incorrectParameterSize }
    point = try Self.decode([0x04] + raw)
  }

  init(x963: [UInt8]) throws {
    guard x963.count == 65 else { throw CryptoKitError.incorrectParameterSize }
    point = try Self.decode(x963)
  }

  init(compressed: [UInt8]) throws {
    guard compressed.count == 33 else { throw CryptoKitError.incorrectParameterSize }
    point = try Self.decode(compressed)
  }

  init(compact: [UInt8]) throws {
    guard compact.count == 32 else { throw CryptoKitError.incorrectParameterSize }
    let even = P256PublicKeyBytes(point: try Self.decode([0x02] + compact))
    point = even.isCompactRepresentable ? even.point : try Self.decode([0x03] + compact)
  }

  init(der: [UInt8]) throws {
    try LibCrypto.require()
    var point = [UInt8](repeating: 0, count: 65)
    guard pushsim_p256_public_key_from_der(der, der.count, &point) == 1 else {
      _ = pushsim_crypto_last_error()
      throw CryptoKitASN1Error.invalidASN1Object
    }
    self.point = point
  }

  init(pem: String) throws {
    let (label, der) = try ASN1.readPEM(pem)
    guard label == "PUBLIC KEY" else { throw CryptoKitASN1Error.invalidPEMDocument }
    try self.init(der: der)
  }

  /// `02` or `03` (y's parity) and x.
  var compressed: [UInt8] { [0x02 | (point[64] & 1)] + point[1...32] }

  /// Whether y is the smaller of y and p − y, so x alone names the point.
  var isCompactRepresentable: Bool {
    let y = Array(point[33...64])
    var difference = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in (0..<32).reversed() {
      let value = Int(p256Prime[index]) - Int(y[index]) - borrow
      difference[index] = UInt8((value + 256) % 256)
      borrow = value < 0 ? 1 : 0
    }
    return !difference.lexicographicallyPrecedes(y)
  }
}
