internal import CPushCrypto
import Foundation

/// AES, the block cipher, as Apple's namespace: ``AES/GCM``.
public enum AES {
  /// AES in Galois/Counter Mode: authenticated encryption with 128-, 192- or 256-bit keys,
  /// 16-byte tags and (by default) 12-byte nonces. Through the system's libcrypto.
  public enum GCM {
    /// Encrypts and authenticates `message` with `key` and `nonce` (a new random one when
    /// `nil`). Throws ``CryptoKitError/incorrectKeySize`` for a key that is not 128, 192 or 256
    /// bits, ``LibCryptoUnavailableError`` without libcrypto.
    public static func seal<Plaintext: DataProtocol>(
      _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil
    ) throws -> SealedBox {
      try seal(message, using: key, nonce: nonce, authenticating: [UInt8]())
    }

    /// Encrypts and authenticates `message`, and authenticates `authenticatedData` (not
    /// encrypted), with `key` and `nonce` (a new random one when `nil`).
    public static func seal<Plaintext: DataProtocol, AuthenticatedData: DataProtocol>(
      _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil,
      authenticating authenticatedData: AuthenticatedData
    ) throws -> SealedBox {
      guard [16, 24, 32].contains(key.bytes.count) else { throw CryptoKitError.incorrectKeySize }
      try LibCrypto.require()
      let nonce = nonce ?? Nonce()
      let plaintext = [UInt8](message)
      let aad = [UInt8](authenticatedData)
      var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
      var tag = [UInt8](repeating: 0, count: 16)
      let ok = pushsim_aes_gcm_seal(
        key.bytes, key.bytes.count, nonce.bytes, nonce.bytes.count, aad, aad.count, plaintext,
        plaintext.count, &ciphertext, &tag)
      guard ok == 1 else { throw LibCrypto.failure() }
      return SealedBox(nonce: nonce, ciphertextBytes: ciphertext, tagBytes: tag)
    }

    /// The plaintext of `sealedBox`, checked authentic with `key`. Throws
    /// ``CryptoKitError/authenticationFailure`` when the tag does not match (a wrong key, or
    /// altered bytes).
    public static func open(_ sealedBox: SealedBox, using key: SymmetricKey) throws -> Data {
      try open(sealedBox, using: key, authenticating: [UInt8]())
    }

    /// The plaintext of `sealedBox`, checked authentic with `key` together with
    /// `authenticatedData`.
    public static func open<AuthenticatedData: DataProtocol>(
      _ sealedBox: SealedBox, using key: SymmetricKey,
      authenticating authenticatedData: AuthenticatedData
    ) throws -> Data {
      guard [16, 24, 32].contains(key.bytes.count) else { throw CryptoKitError.incorrectKeySize }
      try LibCrypto.require()
      let ciphertext = [UInt8](sealedBox.ciphertext)
      let tag = [UInt8](sealedBox.tag)
      let aad = [UInt8](authenticatedData)
      var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
      let result = pushsim_aes_gcm_open(
        key.bytes, key.bytes.count, sealedBox.nonce.bytes, sealedBox.nonce.bytes.count, aad,
        aad.count, ciphertext, ciphertext.count, tag, &plaintext)
      switch result {
      case 1: return Data(plaintext)
      case 0: throw CryptoKitError.authenticationFailure
      default: throw LibCrypto.failure()
      }
    }

    /// A nonce: 12 random bytes by default; at least 12 bytes.
    public struct Nonce: ContiguousBytes, Sequence, Sendable {
      /// The nonce's bytes.
      let bytes: [UInt8]

      /// A new random 12-byte nonce.
      public init() { bytes = randomBytes(12) }

      /// The nonce `data`; throws ``CryptoKitError/incorrectParameterSize`` when it is shorter
      /// than 12 bytes.
      public init<D: DataProtocol>(data: D) throws {
        guard data.count >= 12 else { throw CryptoKitError.incorrectParameterSize }
        bytes = [UInt8](data)
      }

      /// Calls `body` with the nonce's bytes.
      public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
      }

      /// An iterator over the nonce's bytes.
      public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    }

    /// What ``seal(_:using:nonce:)`` makes: the nonce, the ciphertext and the 16-byte tag.
    public struct SealedBox: Sendable {
      /// The nonce the data was encrypted with.
      public let nonce: Nonce
      /// The encrypted data (as long as the plaintext).
      public let ciphertext: Data
      /// The 16-byte authentication tag.
      public let tag: Data

      init(nonce: Nonce, ciphertextBytes: [UInt8], tagBytes: [UInt8]) {
        self.nonce = nonce
        ciphertext = Data(ciphertextBytes)
        tag = Data(tagBytes)
      }

      /// A box of its parts; throws ``CryptoKitError/incorrectParameterSize`` when `tag` is not
      /// 16 bytes.
      public init<C: DataProtocol, T: DataProtocol>(nonce: Nonce, ciphertext: C, tag: T) throws {
        guard tag.count == 16 else { throw CryptoKitError.incorrectParameterSize }
        self.init(nonce: nonce, ciphertextBytes: [UInt8](ciphertext), tagBytes: [UInt8](tag))
      }

      /// A box of its combined representation: a 12-byte nonce, the ciphertext and the 16-byte
      /// tag; throws ``CryptoKitError/incorrectParameterSize`` when shorter than 28 bytes.
      public init<D: DataProtocol>(combined: D) throws {
        let bytes = [UInt8](combined)
        guard bytes.count >= 28 else { throw CryptoKitError.incorrectParameterSize }
        try self.init(
          nonce: Nonce(data: bytes[0..<12]), ciphertext: bytes[12..<(bytes.count - 16)],
          tag: bytes[(bytes.count - 16)...])
      }

      /// The nonce, the ciphertext and the tag, in one; `nil` when the nonce is not the default
      /// 12 bytes (the parts could not be told apart).
      public var combined: Data? {
        guard nonce.bytes.count == 12 else { return nil }
        return Data(nonce.bytes) + ciphertext + tag
      }
    }
  }
}
