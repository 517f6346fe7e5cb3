import CryptoKit
import Foundation
import Testing

@Suite struct P256Tests {
  @Test func twoPartiesShareOneSecret() throws {
    let alice = P256.KeyAgreement.PrivateKey()
    let bob = P256.KeyAgreement.PrivateKey()
    let aliceSecret = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
    let bobSecret = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
    #expect(aliceSecret == bobSecret)
    #expect(aliceSecret.withUnsafeBytes { $0.count } == 32)
    let salt = Data("salt".utf8)
    let info = Data("info".utf8)
    #expect(
      aliceSecret.hkdfDerivedSymmetricKey(
        using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 16)
        == bobSecret.hkdfDerivedSymmetricKey(
          using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 16))
  }

  @Test func keysRoundTripThroughTheirRepresentations() throws {
    let key = P256.KeyAgreement.PrivateKey()
    #expect(key.rawRepresentation.count == 32)
    #expect(key.x963Representation.count == 97)
    let raw = try P256.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)
    #expect(raw.publicKey.x963Representation == key.publicKey.x963Representation)
    let x963 = try P256.KeyAgreement.PrivateKey(x963Representation: key.x963Representation)
    #expect(x963.rawRepresentation == key.rawRepresentation)
    let pem = try P256.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation)
    #expect(pem.rawRepresentation == key.rawRepresentation)
    #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))

    let publicKey = key.publicKey
    #expect(publicKey.x963Representation.first == 0x04)
    #expect(publicKey.x963Representation.count == 65)
    #expect(publicKey.rawRepresentation == publicKey.x963Representation.dropFirst())
    for decoded in [
      try P256.KeyAgreement.PublicKey(rawRepresentation: publicKey.rawRepresentation),
      try P256.KeyAgreement.PublicKey(x963Representation: publicKey.x963Representation),
      try P256.KeyAgreement.PublicKey(
        compressedRepresentation: publicKey.compressedRepresentation),
      try P256.KeyAgreement.PublicKey(derRepresentation: publicKey.derRepresentation),
      try P256.KeyAgreement.PublicKey(pemRepresentation: publicKey.pemRepresentation),
      try P256.KeyAgreement.PublicKey(
        compactRepresentation: try #require(publicKey.compactRepresentation)),
    ] {
      #expect(decoded.x963Representation == publicKey.x963Representation)
    }
  }

  @Test func badKeysAreRefused() throws {
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try P256.KeyAgreement.PrivateKey(rawRepresentation: Data(count: 31))
    }
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try P256.KeyAgreement.PublicKey(x963Representation: Data(count: 64))
    }
    // Not a point of the curve, and a scalar of zero.
    var offCurve = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
    offCurve[64] ^= 1
    #expect(throws: CryptoKitError.self) {
      try P256.KeyAgreement.PublicKey(x963Representation: offCurve)
    }
    #expect(throws: CryptoKitError.self) {
      try P256.KeyAgreement.PrivateKey(rawRepresentation: Data(count: 32))
    }
    #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
      try P256.Signing.PrivateKey(pemRepresentation: "not a key")
    }
    let publicPEM = P256.Signing.PrivateKey().publicKey.pemRepresentation
    #expect(throws: CryptoKitASN1Error.invalidPEMDocument) {
      try P256.Signing.PrivateKey(pemRepresentation: publicPEM)
    }
  }

  @Test func es256SignsAndVerifies() throws {
    let key = P256.Signing.PrivateKey()
    let claims = Data(#"{"iss":"TEAM123456","iat":1700000000}"#.utf8)
    let signature = try key.signature(for: claims)
    #expect(signature.rawRepresentation.count == 64)
    #expect(key.publicKey.isValidSignature(signature, for: claims))
    #expect(!key.publicKey.isValidSignature(signature, for: Data("other".utf8)))
    #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(signature, for: claims))
    #expect(key.publicKey.isValidSignature(signature, for: SHA256.hash(data: claims)))

    let raw = try P256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation)
    let der = try P256.Signing.ECDSASignature(derRepresentation: signature.derRepresentation)
    #expect(raw.rawRepresentation == signature.rawRepresentation)
    #expect(der.rawRepresentation == signature.rawRepresentation)
    #expect(signature.derRepresentation.first == 0x30)
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try P256.Signing.ECDSASignature(rawRepresentation: Data(count: 63))
    }
    #expect(throws: CryptoKitASN1Error.self) {
      try P256.Signing.ECDSASignature(derRepresentation: Data([0x30, 0x03, 0x02, 0x01]))
    }
  }

  /// The APNs provider token: a `.p8` key (PKCS #8 PEM) signs the JWT's header and claims, and
  /// the signature is the raw r‖s, base64url.
  @Test func apnsProviderTokenFromAP8Key() throws {
    let p8 = P256.Signing.PrivateKey().pemRepresentation
    let key = try P256.Signing.PrivateKey(pemRepresentation: p8)
    let header = Data(#"{"alg":"ES256","kid":"ABC123DEFG"}"#.utf8).base64URL
    let claims = Data(#"{"iss":"DEF123GHIJ","iat":1700000000}"#.utf8).base64URL
    let signingInput = Data("\(header).\(claims)".utf8)
    let signature = try key.signature(for: signingInput).rawRepresentation.base64URL
    let token = "\(header).\(claims).\(signature)"
    let parts = token.split(separator: ".")
    let decoded = try P256.Signing.ECDSASignature(
      rawRepresentation: try #require(Data(base64URL: String(parts[2]))))
    #expect(key.publicKey.isValidSignature(decoded, for: signingInput))
  }

  @Test(.enabled(if: OpenSSL.isInstalled)) func signaturesInteroperateWithOpenSSL() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let message = Data("an APNs provider token's signing input".utf8)
    try message.write(to: folder.file("message"))

    // openssl's key (PKCS #8, as an APNs .p8 file) and signature, read and checked here.
    let keyPath = folder.file("key.p8").path
    try #require(
      try OpenSSL.run([
        "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyPath,
      ]).succeeded)
    let p8 = try String(contentsOfFile: keyPath, encoding: .utf8)
    let key = try P256.Signing.PrivateKey(pemRepresentation: p8)
    let signed = try OpenSSL.run([
      "dgst", "-sha256", "-sign", keyPath, folder.file("message").path,
    ])
    try #require(signed.succeeded)
    let opensslSignature = try P256.Signing.ECDSASignature(derRepresentation: signed.output)
    #expect(key.publicKey.isValidSignature(opensslSignature, for: message))

    // The same key as SEC 1 (`EC PRIVATE KEY`) reads to the same scalar.
    let sec1 = try OpenSSL.run(["ec", "-in", keyPath])
    try #require(sec1.succeeded)
    let sec1PEM = String(decoding: sec1.output, as: UTF8.self)
    #expect(sec1PEM.contains("BEGIN EC PRIVATE KEY"))
    #expect(
      try P256.Signing.PrivateKey(pemRepresentation: sec1PEM).rawRepresentation
        == key.rawRepresentation)

    // This module's public key and signature, checked by openssl.
    try key.publicKey.pemRepresentation.write(
      to: folder.file("public.pem"), atomically: true, encoding: .utf8)
    try key.signature(for: message).derRepresentation.write(to: folder.file("signature"))
    let verified = try OpenSSL.run([
      "dgst", "-sha256", "-verify", folder.file("public.pem").path, "-signature",
      folder.file("signature").path, folder.file("message").path,
    ])
    #expect(verified.succeeded)
    #expect(String(decoding: verified.output, as: UTF8.self).contains("Verified OK"))

    // This module's private key, read by openssl.
    try key.pemRepresentation.write(to: folder.file("mine.p8"), atomically: true, encoding: .utf8)
    let publicFromMine = try OpenSSL.run(["pkey", "-in", folder.file("mine.p8").path, "-pubout"])
    #expect(publicFromMine.succeeded)
    #expect(
      String(decoding: publicFromMine.output, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines) == key.publicKey.pemRepresentation)
  }

  @Test func theMissingLibrarysErrorSaysWhatToInstall() {
    let message = LibCryptoUnavailableError().description
    #expect(message.contains("libcrypto.so.3"))
    #expect(message.contains("libssl3"))
  }
}
