import CryptoKit
import Foundation
import Testing

@Suite struct AESGCMTests {
  /// The GCM specification's test case 3 (AES-128, 12-byte IV, no additional data).
  @Test func sealMatchesTheSpecificationsExample() throws {
    let key = SymmetricKey(data: Data(hex: "feffe9928665731c6d6a8f9467308308"))
    let nonce = try AES.GCM.Nonce(data: Data(hex: "cafebabefacedbaddecaf888"))
    let plaintext = Data(
      hex: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
    let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce)
    #expect(
      box.ciphertext.hex
        == "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985")
    #expect(box.tag.hex == "4d5c2af327cd64a62cf35abd2ba6fab4")
    #expect(try AES.GCM.open(box, using: key) == plaintext)
  }

  @Test func aCombinedBoxOpensAndAnAlteredOneDoesNot() throws {
    let key = SymmetricKey(size: .bits256)
    let message = Data("{\"aps\":{\"alert\":\"Hi\"}}".utf8)
    let aad = Data("header".utf8)
    let box = try AES.GCM.seal(message, using: key, authenticating: aad)
    let combined = try #require(box.combined)
    #expect(combined.count == 12 + message.count + 16)
    let reopened = try AES.GCM.SealedBox(combined: combined)
    #expect(try AES.GCM.open(reopened, using: key, authenticating: aad) == message)
    let parts = try AES.GCM.SealedBox(nonce: box.nonce, ciphertext: box.ciphertext, tag: box.tag)
    #expect(try AES.GCM.open(parts, using: key, authenticating: aad) == message)

    var altered = combined
    altered[14] ^= 1
    #expect(throws: CryptoKitError.authenticationFailure) {
      try AES.GCM.open(AES.GCM.SealedBox(combined: altered), using: key, authenticating: aad)
    }
    #expect(throws: CryptoKitError.authenticationFailure) {
      try AES.GCM.open(box, using: key)
    }
    #expect(throws: CryptoKitError.authenticationFailure) {
      try AES.GCM.open(box, using: SymmetricKey(size: .bits256), authenticating: aad)
    }
  }

  @Test func sizesAreChecked() throws {
    #expect(throws: CryptoKitError.incorrectKeySize) {
      try AES.GCM.seal(Data([1]), using: SymmetricKey(data: Data(count: 20)))
    }
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try AES.GCM.Nonce(data: Data(count: 11))
    }
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try AES.GCM.SealedBox(combined: Data(count: 27))
    }
    #expect(throws: CryptoKitError.incorrectParameterSize) {
      try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(), ciphertext: Data(), tag: Data(count: 15))
    }
    // A longer nonce works, and then the parts cannot be combined.
    let key = SymmetricKey(size: .bits128)
    let box = try AES.GCM.seal(Data(), using: key, nonce: AES.GCM.Nonce(data: Data(count: 16)))
    #expect(box.combined == nil)
    #expect(try AES.GCM.open(box, using: key).isEmpty)
    #expect(Array(AES.GCM.Nonce()).count == 12)
  }
}
