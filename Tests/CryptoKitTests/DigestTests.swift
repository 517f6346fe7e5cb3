import CryptoKit
import Foundation
import Testing

@Suite struct DigestTests {
  /// FIPS 180-4's examples: "abc", the empty string, and the two-block message.
  @Test func sha2MatchesTheStandardsExamples() {
    let abc = Data("abc".utf8)
    #expect(
      SHA256.hash(data: abc).hexDigest
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA384.hash(data: abc).hexDigest
        == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        + "8086072ba1e7cc2358baeca134c825a7")
    #expect(
      SHA512.hash(data: abc).hexDigest
        == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    #expect(
      SHA256.hash(data: Data()).hexDigest
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    let twoBlocks = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(
      SHA256.hash(data: twoBlocks).hexDigest
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func digestsDescribeThemselvesAsApplesDo() {
    let digest = SHA256.hash(data: Data("abc".utf8))
    #expect(
      digest.description
        == "SHA256 digest: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256Digest.byteCount == 32 && SHA384.byteCount == 48 && SHA512Digest.byteCount == 64)
    #expect(Array(digest).count == 32)
    #expect(digest == Data(hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    #expect(Set([digest, SHA256.hash(data: Data("abc".utf8))]).count == 1)
  }

  @Test func aHasherFedInPiecesEqualsOneHash() {
    let data = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    var hasher = SHA512()
    var start = 0
    for size in [1, 63, 64, 65, 127, 128, 129, 300] {
      hasher.update(data: data[start..<min(start + size, data.count)])
      start = min(start + size, data.count)
    }
    let copy = hasher
    hasher.update(data: data[start...])
    #expect(hasher.finalize() == SHA512.hash(data: data))
    // A hasher is a value: the copy did not see the last piece.
    #expect(copy.finalize() == SHA512.hash(data: data[..<start]))
  }

  @Test(.enabled(if: OpenSSL.isInstalled)) func sha2AgreesWithOpenSSL() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for length in [0, 55, 56, 111, 112, 1_000] {
      let data = Data((0..<length).map { _ in UInt8.random(in: 0...255) })
      try data.write(to: folder.file("data"))
      for (name, digest) in [
        ("sha256", SHA256.hash(data: data).hexDigest),
        ("sha384", SHA384.hash(data: data).hexDigest),
        ("sha512", SHA512.hash(data: data).hexDigest),
      ] {
        let output = try OpenSSL.run(["dgst", "-\(name)", "-r", folder.file("data").path]).output
        let expected = String(decoding: output, as: UTF8.self).prefix { $0 != " " }
        #expect(digest == String(expected), "\(name) of \(length) bytes")
      }
    }
  }

  /// RFC 4231, test case 2.
  @Test func hmacMatchesRFC4231() {
    let key = SymmetricKey(data: Data("Jefe".utf8))
    let data = Data("what do ya want for nothing?".utf8)
    let code = HMAC<SHA256>.authenticationCode(for: data, using: key)
    #expect(
      Data(code).hex == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      Data(HMAC<SHA512>.authenticationCode(for: data, using: key)).hex
        == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
        + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
    #expect(HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: data, using: key))
    #expect(
      HMAC<SHA256>.isValidAuthenticationCode(Data(code), authenticating: data, using: key))
    #expect(
      !HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data("other".utf8), using: key)
    )
    var hmac = HMAC<SHA256>(key: key)
    hmac.update(data: data.prefix(5))
    hmac.update(data: data.dropFirst(5))
    #expect(hmac.finalize() == code)
    #expect(code.byteCount == 32)
    #expect(code.description.hasPrefix("HMAC with SHA256: 5bdcc146"))
  }

  @Test func hmacHashesAKeyLongerThanABlock() {
    // RFC 4231, test case 6: a 131-byte key.
    let key = SymmetricKey(data: Data(repeating: 0xAA, count: 131))
    let data = Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
    #expect(
      Data(HMAC<SHA256>.authenticationCode(for: data, using: key)).hex
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  /// RFC 5869, test case 1.
  @Test func hkdfMatchesRFC5869() {
    let ikm = SymmetricKey(data: Data(repeating: 0x0B, count: 22))
    let salt = Data(hex: "000102030405060708090a0b0c")
    let info = Data(hex: "f0f1f2f3f4f5f6f7f8f9")
    let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
    #expect(Data(prk).hex == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5")
    let expected =
      "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
    let expanded = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: info, outputByteCount: 42)
    let derived = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: info, outputByteCount: 42)
    #expect(expanded.withUnsafeBytes { Data($0) }.hex == expected)
    #expect(derived == expanded)
    #expect(derived.bitCount == 336)
  }

  @Test func symmetricKeysHaveTheirSizes() {
    #expect(SymmetricKey(size: .bits256).bitCount == 256)
    #expect(SymmetricKey(size: .bits128).bitCount == 128)
    #expect(SymmetricKey(size: SymmetricKeySize(bitCount: 192)).bitCount == 192)
    #expect(SymmetricKey(size: .bits256) != SymmetricKey(size: .bits256))
    let key = SymmetricKey(data: Data([1, 2, 3]))
    #expect(key.withUnsafeBytes { Array($0) } == [1, 2, 3])
  }
}

extension Digest {
  /// The digest's bytes in hexadecimal.
  var hexDigest: String { Data(self).hex }
}
