import CPushCrypto
import CPushTLS
import Foundation

/// The signing key a provider's tokens must be signed with (`--auth-key AuthKey_….p8
/// --key-id --team-id`, Rules.md §18.3): with it, a token's `kid` and `iss` must be these and
/// its ES256 signature must verify with the key's public half.
public struct ProviderKey: Sendable {
  /// The key's 10-character identifier (the token's `kid`).
  public let keyID: String
  /// The 10-character team ID (the token's `iss`).
  public let teamID: String
  /// The public point, 65 bytes uncompressed.
  private let point: [UInt8]

  /// Reads the `.p8` file (a PEM PKCS #8 P-256 private key) Apple's developer site issues.
  public init(p8 path: String, keyID: String, teamID: String) throws(ServeError) {
    guard pushsim_crypto_load() == 1, pushsim_tls_load() == 1 else {
      throw ServeError("--auth-key needs libcrypto.so.3 and libssl.so.3, which could not be loaded")
    }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw ServeError("cannot read the key file \(path)")
    }
    let body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
    guard text.contains("-----BEGIN PRIVATE KEY-----"), let der = Data(base64Encoded: body) else {
      throw ServeError("\(path) is not a PEM private key (-----BEGIN PRIVATE KEY-----)")
    }
    var scalar = [UInt8](repeating: 0, count: 32)
    var point = [UInt8](repeating: 0, count: 65)
    let read = Array(der).withUnsafeBufferPointer { bytes in
      pushsim_p256_private_key_from_der(bytes.baseAddress, bytes.count, &scalar)
    }
    guard read == 1, pushsim_p256_public_key(scalar, &point) == 1 else {
      throw ServeError("\(path) is not a P-256 private key (APNs signs tokens with ES256)")
    }
    for index in scalar.indices { scalar[index] = 0 }
    for (name, value) in [("--key-id", keyID), ("--team-id", teamID)]
    where !ProviderToken.isIdentifier(value) {
      throw ServeError("\(name) takes 10 letters or digits, not '\(value)'")
    }
    self.keyID = keyID
    self.teamID = teamID
    self.point = point
  }

  /// Whether `token` (the JWT, without `bearer `) is this key's, for this team, and its
  /// signature (JOSE: r and s, 32 bytes each) verifies over `header.claims`; `nil` when it
  /// does, else why not in plain words (quoting nothing of the token).
  func refusal(of token: Substring, keyID: String, teamID: String) -> String? {
    guard keyID == self.keyID else {
      return "the provider token's kid is not the key given with --key-id"
    }
    guard teamID == self.teamID else {
      return "the provider token's iss is not the team given with --team-id"
    }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let signature = ProviderToken.base64URL(parts[2]),
      signature.count == 64
    else { return "the provider token's signature is not 64 bytes (ES256: r and s)" }
    let signed = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    var digest = [UInt8](repeating: 0, count: 32)
    guard
      signed.withUnsafeBufferPointer({ pushsim_sha256($0.baseAddress, $0.count, &digest) }) == 1,
      pushsim_p256_verify(point, digest, 32, signature) == 1
    else { return "the provider token's ES256 signature does not verify with --auth-key" }
    return nil
  }
}
