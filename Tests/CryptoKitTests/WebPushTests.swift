import CryptoKit
import Foundation
import Testing

/// Web Push decryption (RFC 8291 with RFC 8188's `aes128gcm`), as a Mastodon-family app's
/// notification service extension writes it with CryptoKit.
enum WebPushDecryptor {
  struct Failure: Error {}

  static func decrypt(
    _ body: Data, privateKey: P256.KeyAgreement.PrivateKey, authSecret: Data
  ) throws -> Data {
    let bytes = [UInt8](body)
    guard bytes.count > 21 else { throw Failure() }
    let salt = Data(bytes[0..<16])
    let keyIDLength = Int(bytes[20])
    guard bytes.count > 21 + keyIDLength + 16 else { throw Failure() }
    let senderKey = try P256.KeyAgreement.PublicKey(
      x963Representation: Data(bytes[21..<(21 + keyIDLength)]))
    let record = Data(bytes[(21 + keyIDLength)...])

    let sharedSecret = try privateKey.sharedSecretFromKeyAgreement(with: senderKey)
    let keyInfo =
      Data("WebPush: info".utf8) + Data([0]) + privateKey.publicKey.x963Representation
      + senderKey.x963Representation
    let ikm = sharedSecret.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
    let contentKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8),
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\0".utf8),
      outputByteCount: 12)
    let box = try AES.GCM.SealedBox(
      nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
      ciphertext: record.dropLast(16), tag: record.suffix(16))
    let padded = try AES.GCM.open(box, using: contentKey)
    // The last record ends with the delimiter 2 and then zero padding.
    guard let delimiter = padded.lastIndex(where: { $0 != 0 }), padded[delimiter] == 2 else {
      throw Failure()
    }
    return padded[..<delimiter]
  }
}

@Suite struct WebPushTests {
  /// RFC 8291, Section 5 and Appendix A.
  static let receiverPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let receiverPublicKey =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let senderPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let senderPublicKey =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6"
    + "TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Q"
    + "ulcy4a-fN"

  static func bytes(_ base64URL: String) throws -> Data {
    try #require(Data(base64URL: base64URL))
  }

  @Test func decryptsRFC8291sExample() throws {
    let key = try P256.KeyAgreement.PrivateKey(
      rawRepresentation: Self.bytes(Self.receiverPrivateKey))
    #expect(key.publicKey.x963Representation.base64URL == Self.receiverPublicKey)
    let plaintext = try WebPushDecryptor.decrypt(
      Self.bytes(Self.body), privateKey: key, authSecret: Self.bytes(Self.authSecret))
    #expect(
      String(decoding: plaintext, as: UTF8.self) == "When I grow up, I want to be a watermelon")
  }

  @Test func aChangedByteIsNotDecrypted() throws {
    let key = try P256.KeyAgreement.PrivateKey(
      rawRepresentation: Self.bytes(Self.receiverPrivateKey))
    var body = try Self.bytes(Self.body)
    body[body.count - 20] ^= 1
    #expect(throws: CryptoKitError.authenticationFailure) {
      try WebPushDecryptor.decrypt(body, privateKey: key, authSecret: Self.bytes(Self.authSecret))
    }
  }

  /// The sender's side with the example's keys and salt gives the example's body byte for byte.
  @Test func encryptingTheExampleGivesItsBody() throws {
    let sender = try P256.KeyAgreement.PrivateKey(
      rawRepresentation: Self.bytes(Self.senderPrivateKey))
    #expect(sender.publicKey.x963Representation.base64URL == Self.senderPublicKey)
    let receiver = try P256.KeyAgreement.PublicKey(
      x963Representation: Self.bytes(Self.receiverPublicKey))
    let salt = try Self.bytes(Self.salt)
    let secret = try sender.sharedSecretFromKeyAgreement(with: receiver)
    let ikm = secret.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: try Self.bytes(Self.authSecret),
      sharedInfo: Data("WebPush: info\0".utf8) + receiver.x963Representation
        + sender.publicKey.x963Representation,
      outputByteCount: 32)
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8),
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\0".utf8),
      outputByteCount: 12)
    let box = try AES.GCM.seal(
      Data("When I grow up, I want to be a watermelon".utf8) + Data([2]), using: key,
      nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
    let header = salt + Data([0, 0, 0x10, 0, 65]) + sender.publicKey.x963Representation
    #expect((header + box.ciphertext + box.tag).base64URL == Self.body)
  }
}
