// SHA-2 (FIPS 180-4) in Swift: the hash functions never need libcrypto, so the APIs Apple
// declares non-throwing (hashes, HMAC, HKDF) work whether or not the library is installed.

/// The SHA-256 compression function and its running state.
struct SHA256Core: Sendable {
  /// The round constants.
  static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  /// The initial state.
  static let initial: [UInt32] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c,
    0x1f83d9ab, 0x5be0cd19,
  ]

  var state: [UInt32]
  /// The bytes of an unfinished block.
  var buffer: [UInt8] = []
  /// How many bytes were hashed.
  var length: UInt64 = 0

  init(state: [UInt32]) { self.state = state }

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var index = 0
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, bytes.count)
      buffer += bytes[0..<take]
      index = take
      if buffer.count == 64 {
        buffer.withUnsafeBytes { compress(UnsafeRawBufferPointer(rebasing: $0[0..<64])) }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while bytes.count - index >= 64 {
      compress(UnsafeRawBufferPointer(rebasing: bytes[index..<index + 64]))
      index += 64
    }
    if index < bytes.count { buffer += bytes[index...] }
  }

  /// The padded last blocks hashed, the state as big-endian bytes.
  func finalize() -> [UInt8] {
    var copy = self
    let bitLength = length &* 8
    var padding: [UInt8] = [0x80]
    padding += [UInt8](repeating: 0, count: (119 - buffer.count) % 64)
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    padding.withUnsafeBytes { copy.update($0) }
    return copy.state.flatMap { word in
      [
        UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
      ]
    }
  }

  private mutating func compress(_ block: UnsafeRawBufferPointer) {
    var w = [UInt32](repeating: 0, count: 64)
    for t in 0..<16 {
      w[t] =
        UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16
        | UInt32(block[t * 4 + 2]) << 8 | UInt32(block[t * 4 + 3])
    }
    for t in 16..<64 {
      let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
      let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    var (e, f, g, h) = (state[4], state[5], state[6], state[7])
    for t in 0..<64 {
      let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ s1 &+ choice &+ Self.k[t] &+ w[t]
      let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = s0 &+ majority
      (h, g, f, e) = (g, f, e, d &+ temp1)
      (d, c, b, a) = (c, b, a, temp1 &+ temp2)
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}

/// The SHA-512 compression function and its running state (SHA-384 is SHA-512 from another
/// initial state, truncated).
struct SHA512Core: Sendable {
  /// The round constants.
  static let k: [UInt64] = [
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
  ]

  /// SHA-512's initial state.
  static let initial512: [UInt64] = [
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
  ]

  /// SHA-384's initial state.
  static let initial384: [UInt64] = [
    0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
    0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
  ]

  var state: [UInt64]
  /// The bytes of an unfinished block.
  var buffer: [UInt8] = []
  /// How many bytes were hashed.
  var length: UInt64 = 0

  init(state: [UInt64]) { self.state = state }

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var index = 0
    if !buffer.isEmpty {
      let take = min(128 - buffer.count, bytes.count)
      buffer += bytes[0..<take]
      index = take
      if buffer.count == 128 {
        buffer.withUnsafeBytes { compress(UnsafeRawBufferPointer(rebasing: $0[0..<128])) }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while bytes.count - index >= 128 {
      compress(UnsafeRawBufferPointer(rebasing: bytes[index..<index + 128]))
      index += 128
    }
    if index < bytes.count { buffer += bytes[index...] }
  }

  /// The padded last blocks hashed, the state as big-endian bytes (all 64 of them).
  func finalize() -> [UInt8] {
    var copy = self
    // The length is a 128-bit number of bits; messages here stay under 2^61 bytes.
    let bitLength = length &* 8
    var padding: [UInt8] = [0x80]
    padding += [UInt8](repeating: 0, count: (239 - buffer.count) % 128 + 8)
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    padding.withUnsafeBytes { copy.update($0) }
    return copy.state.flatMap { word in
      stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt64($0)) }
    }
  }

  private mutating func compress(_ block: UnsafeRawBufferPointer) {
    var w = [UInt64](repeating: 0, count: 80)
    for t in 0..<16 {
      var word: UInt64 = 0
      for index in 0..<8 { word = word << 8 | UInt64(block[t * 8 + index]) }
      w[t] = word
    }
    for t in 16..<80 {
      let s0 = rotate(w[t - 15], 1) ^ rotate(w[t - 15], 8) ^ (w[t - 15] >> 7)
      let s1 = rotate(w[t - 2], 19) ^ rotate(w[t - 2], 61) ^ (w[t - 2] >> 6)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    var (e, f, g, h) = (state[4], state[5], state[6], state[7])
    for t in 0..<80 {
      let s1 = rotate(e, 14) ^ rotate(e, 18) ^ rotate(e, 41)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ s1 &+ choice &+ Self.k[t] &+ w[t]
      let s0 = rotate(a, 28) ^ rotate(a, 34) ^ rotate(a, 39)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = s0 &+ majority
      (h, g, f, e) = (g, f, e, d &+ temp1)
      (d, c, b, a) = (c, b, a, temp1 &+ temp2)
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value >> count) | (value << (64 - count))
  }
}
