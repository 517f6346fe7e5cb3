// PushSim's CryptoKit for Linux: what an app's push code uses of Apple's CryptoKit, so that it
// compiles and runs unchanged. Web Push decryption (RFC 8291: P-256 key agreement, HKDF,
// AES-GCM), the ES256 JSON Web Tokens of APNs provider authentication (`P256.Signing` with the
// `.p8` key's PEM), SHA-2 digests and HMAC.
//
// The elliptic-curve and AES-GCM work is the system's libcrypto (OpenSSL 3, `libcrypto.so.3`),
// loaded at run time by the C target CPushCrypto as PushHTTP loads libcurl: there is no
// link-time dependency, and where the library is missing each throwing API throws
// ``LibCryptoUnavailableError``. SHA-2, HMAC and HKDF, which Apple declares non-throwing, are
// Swift and never need the library. Like Apple's framework, the module re-exports Foundation.

internal import CPushCrypto
@_exported import Foundation

/// The errors CryptoKit's operations throw, Apple's cases.
public enum CryptoKitError: Error, Equatable, Sendable {
  /// The key is not of a size the operation takes.
  case incorrectKeySize
  /// A parameter (a nonce, a tag, a representation of a key) is not of the size it must be.
  case incorrectParameterSize
  /// The authentication tag or signature did not match: the data is not authentic.
  case authenticationFailure
  /// The underlying library failed, with its error code (libcrypto's `ERR_get_error` here).
  case underlyingCoreCryptoError(error: Int32)
  /// Wrapping a key failed.
  case wrapFailure
  /// Unwrapping a key failed.
  case unwrapFailure
  /// A parameter is not valid (a point not on the curve, a scalar out of range).
  case invalidParameter
}

/// The errors reading an ASN.1 (DER or PEM) representation throws, Apple's cases.
public enum CryptoKitASN1Error: Error, Equatable, Sendable {
  /// A field's identifier is not valid.
  case invalidFieldIdentifier
  /// The object is not the ASN.1 object expected.
  case unexpectedFieldType
  /// The object is not valid ASN.1.
  case invalidASN1Object
  /// An integer is not minimally encoded.
  case invalidASN1IntegerEncoding
  /// A field is shorter than its length says.
  case truncatedASN1Field
  /// A field's length is not supported.
  case unsupportedFieldLength
  /// The text is not a PEM document of the kind expected.
  case invalidPEMDocument
  /// An object identifier is not valid, or not the one expected (another curve or key kind).
  case invalidObjectIdentifier
}

/// The system's libcrypto could not be loaded, so an operation that needs it (P-256, AES-GCM)
/// cannot run. Not one of Apple's errors: Apple's CryptoKit is part of the system.
///
/// The APIs Apple declares throwing throw this; the two that cannot throw, making a new P-256
/// private key (`P256.Signing.PrivateKey()`, `P256.KeyAgreement.PrivateKey()`), stop the program
/// with its message. Install OpenSSL 3's library (Debian's and Ubuntu's `libssl3`).
public struct LibCryptoUnavailableError: Error, CustomStringConvertible, Sendable {
  /// The error.
  public init() {}

  /// What is missing and how to install it.
  public var description: String {
    "CryptoKit on Linux needs the system's libcrypto (libcrypto.so.3, OpenSSL 3), which could "
      + "not be loaded: install OpenSSL 3's library (Debian's and Ubuntu's libssl3 package)"
  }
}

/// The loaded library, or the error to throw.
enum LibCrypto {
  /// Whether libcrypto is loaded (tried once per process).
  static var isAvailable: Bool { pushsim_crypto_load() == 1 }

  /// Throws ``LibCryptoUnavailableError`` when the library cannot be loaded.
  static func require() throws {
    guard isAvailable else { throw LibCryptoUnavailableError() }
  }

  /// The library's last error on this thread, as Apple's error.
  static func failure() -> CryptoKitError {
    .underlyingCoreCryptoError(error: Int32(truncatingIfNeeded: pushsim_crypto_last_error()))
  }
}

/// The bytes of `bytes`, copied.
func copyBytes<C: ContiguousBytes>(_ bytes: C) -> [UInt8] {
  bytes.withUnsafeBytes { [UInt8]($0) }
}

/// Random bytes from the system's secure generator (`getrandom`).
func randomBytes(_ count: Int) -> [UInt8] {
  var generator = SystemRandomNumberGenerator()
  return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}
