import Foundation

/// The few DER and PEM forms P-256 keys and signatures take, written here and read here or by
/// libcrypto.
enum ASN1 {
  /// `SEQUENCE { ecPublicKey, prime256v1 }`: the algorithm of a P-256 key.
  static let p256Algorithm: [UInt8] = [
    0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86,
    0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,
  ]

  /// A `SubjectPublicKeyInfo` (RFC 5480) of the uncompressed point `point`.
  static func subjectPublicKeyInfo(point: [UInt8]) -> [UInt8] {
    let bitString = [0x03, UInt8(point.count + 1), 0x00] + point
    return [0x30, UInt8(p256Algorithm.count + bitString.count)] + p256Algorithm + bitString
  }

  /// A PKCS #8 `PrivateKeyInfo` (RFC 5208) holding the SEC 1 `ECPrivateKey` of `scalar` and its
  /// public `point`, as Apple's CryptoKit writes it.
  static func privateKeyInfo(scalar: [UInt8], point: [UInt8]) -> [UInt8] {
    let publicKey = [0xA1, UInt8(point.count + 3), 0x03, UInt8(point.count + 1), 0x00] + point
    let body = [0x02, 0x01, 0x01, 0x04, UInt8(scalar.count)] + scalar + publicKey
    let ecPrivateKey = [0x30, UInt8(body.count)] + body
    let octetString = [0x04, UInt8(ecPrivateKey.count)] + ecPrivateKey
    let content = [0x02, 0x01, 0x00] + p256Algorithm + octetString
    return [0x30, 0x81, UInt8(content.count)] + content
  }

  /// An ECDSA signature `SEQUENCE { INTEGER r, INTEGER s }` of the big-endian `r` and `s`.
  static func signature(r: ArraySlice<UInt8>, s: ArraySlice<UInt8>) -> [UInt8] {
    let content = integer(r) + integer(s)
    return [0x30, UInt8(content.count)] + content
  }

  /// A DER INTEGER of the unsigned big-endian `bytes`: no leading zeros but one before a high bit.
  private static func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var value = Array(bytes.drop { $0 == 0 })
    if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
    return [0x02, UInt8(value.count)] + value
  }

  /// The r and s of a DER ECDSA signature, each `size` bytes big-endian.
  static func readSignature(_ der: [UInt8], size: Int) throws -> [UInt8] {
    var reader = Reader(bytes: der[...])
    var sequence = try reader.read(tag: 0x30)
    guard reader.isAtEnd else { throw CryptoKitASN1Error.invalidASN1Object }
    let r = try sequence.readUnsignedInteger(size: size)
    let s = try sequence.readUnsignedInteger(size: size)
    guard sequence.isAtEnd else { throw CryptoKitASN1Error.invalidASN1Object }
    return r + s
  }

  /// A cursor over DER bytes.
  struct Reader {
    var bytes: ArraySlice<UInt8>

    var isAtEnd: Bool { bytes.isEmpty }

    /// The content of the next field, which must have tag `tag`.
    mutating func read(tag: UInt8) throws -> Reader {
      guard let first = bytes.first else { throw CryptoKitASN1Error.truncatedASN1Field }
      guard first == tag else { throw CryptoKitASN1Error.unexpectedFieldType }
      bytes = bytes.dropFirst()
      guard let lengthByte = bytes.first else { throw CryptoKitASN1Error.truncatedASN1Field }
      bytes = bytes.dropFirst()
      var length = Int(lengthByte)
      if lengthByte & 0x80 != 0 {
        let count = Int(lengthByte & 0x7F)
        guard count >= 1, count <= 2 else { throw CryptoKitASN1Error.unsupportedFieldLength }
        guard bytes.count >= count else { throw CryptoKitASN1Error.truncatedASN1Field }
        length = bytes.prefix(count).reduce(0) { $0 << 8 | Int($1) }
        bytes = bytes.dropFirst(count)
        guard length >= 0x80 else { throw CryptoKitASN1Error.unsupportedFieldLength }
      }
      guard bytes.count >= length else { throw CryptoKitASN1Error.truncatedASN1Field }
      let content = bytes.prefix(length)
      bytes = bytes.dropFirst(length)
      return Reader(bytes: content)
    }

    /// The next INTEGER, non-negative and minimally encoded, as `size` big-endian bytes.
    mutating func readUnsignedInteger(size: Int) throws -> [UInt8] {
      let value = try read(tag: 0x02).bytes
      guard let first = value.first else { throw CryptoKitASN1Error.invalidASN1IntegerEncoding }
      guard first & 0x80 == 0 else { throw CryptoKitASN1Error.invalidASN1IntegerEncoding }
      if first == 0, value.count > 1, value[value.startIndex + 1] & 0x80 == 0 {
        throw CryptoKitASN1Error.invalidASN1IntegerEncoding
      }
      let magnitude = value.drop { $0 == 0 }
      guard magnitude.count <= size else { throw CryptoKitASN1Error.invalidASN1Object }
      return [UInt8](repeating: 0, count: size - magnitude.count) + magnitude
    }
  }

  // MARK: PEM

  /// `der` as a PEM document labelled `label`, 64 characters a line.
  static func pem(label: String, der: [UInt8]) -> String {
    let base64 = Data(der).base64EncodedString()
    var lines = ["-----BEGIN \(label)-----"]
    var index = base64.startIndex
    while index < base64.endIndex {
      let end = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
      lines.append(String(base64[index..<end]))
      index = end
    }
    lines.append("-----END \(label)-----")
    return lines.joined(separator: "\n")
  }

  /// The label and DER bytes of the PEM document `text`.
  static func readPEM(_ text: String) throws -> (label: String, der: [UInt8]) {
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    guard let first = lines.first, let last = lines.last, lines.count >= 2,
      first.hasPrefix("-----BEGIN "), first.hasSuffix("-----"),
      last.hasPrefix("-----END "), last.hasSuffix("-----")
    else { throw CryptoKitASN1Error.invalidPEMDocument }
    let label = String(first.dropFirst(11).dropLast(5))
    guard String(last.dropFirst(9).dropLast(5)) == label,
      let der = Data(base64Encoded: lines.dropFirst().dropLast().joined())
    else { throw CryptoKitASN1Error.invalidPEMDocument }
    return (label, [UInt8](der))
  }
}
