import Foundation
import Testing

@testable import PushHTTP

/// The capped gzip/deflate decoder, which reads untrusted bytes (Rules.md §7).
@Suite struct ContentDecoderTests {
  /// "PushSim decodes gzip. " 40 times, then the bytes 0 to 255 (Python's `gzip`/`zlib`).
  static let plain =
    Array(String(repeating: "PushSim decodes gzip. ", count: 40).utf8) + (0...255).map { UInt8($0) }

  static func bytes(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64) ?? Data()) }

  static let gzip = bytes(
    "H4sIAAAAAAACAwsoLc4IzsxVSElNzk9JLVZIr8os0FMIGBUdFR0VpYEoAyMTMwsrGzsHJxc3Dy8fv4CgkLCIqJi4"
      + "hKSUtIysnLyCopKyiqqauoamlraOrp6+gaGRsYmpmbmFpZW1ja2dvYOjk7OLq5u7h6eXt4+vn39AYFBwSGhYeERk"
      + "VHRMbFx8QmJSckpqWnpGZlZ2Tm5efkFhUXFJaVl5RWVVdU1tXX1DY1NzS2tbe0dnV3dPb1//hImTJk+ZOm36jJmz"
      + "Zs+ZO2/+goWLFi9Zumz5ipWrVq9Zu279ho2bNm/Zum37jp27du/Zu2//gYOHDh85euz4iZOnTp85e+78hYuXLl+5"
      + "eu36jZu3bt+5e+/+g4ePHj95+uz5i5evXr95++79h4+fPn/5+u37j5+/fv/5++8/AGAsOYhwBAAA")
  static let zlib = bytes(
    "eNoLKC3OCM7MVUhJTc5PSS1WSK/KLNBTCBgVHRUdFaWBKAMjEzMLKxs7BycXNw8vH7+AoJCwiKiYuISklLSMrJy8"
      + "gqKSsoqqmrqGppa2jq6evoGhkbGJqZm5haWVtY2tnb2Do5Ozi6ubu4enl7ePr59/QGBQcEhoWHhEZFR0TGxcfEJi"
      + "UnJKalp6RmZWdk5uXn5BYVFxSWlZeUVlVXVNbV19Q2NTc0trW3tHZ1d3T29f/4SJkyZPmTpt+oyZs2bPmTtv/oKF"
      + "ixYvWbps+YqVq1avWbtu/YaNmzZv2bpt+46du3bv2btv/4GDhw4fOXrs+ImTp06fOXvu/IWLly5fuXrt+o2bt27f"
      + "uXvv/oOHjx4/efrs+YuXr16/efvu/YePnz5/+frt+4+fv37/+fvvPwDssbvQ")
  static let rawDeflate = bytes(
    "CygtzgjOzFVISU3OT0ktVkivyizQUwgYFR0VHRWlgSgDIxMzCysbOwcnFzcPLx+/gKCQsIiomLiEpJS0jKycvIKi"
      + "krKKqpq6hqaWto6unr6BoZGxiamZuYWllbWNrZ29g6OTs4urm7uHp5e3j6+ff0BgUHBIaFh4RGRUdExsXHxCYlJy"
      + "SmpaekZmVnZObl5+QWFRcUlpWXlFZVV1TW1dfUNjU3NLa1t7R2dXd09vX/+EiZMmT5k6bfqMmbNmz5k7b/6ChYsW"
      + "L1m6bPmKlatWr1m7bv2GjZs2b9m6bfuOnbt279m7b/+Bg4cOHzl67PiJk6dOnzl77vyFi5cuX7l67fqNm7du37l7"
      + "7/6Dh48eP3n67PmLl69ev3n77v2Hj58+f/n67fuPn79+//n77z8A")
  /// gzip at level 0: stored blocks.
  static let stored = bytes(
    "H4sIAAAAAAAEAwFwBI/7UHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIFB1c2hTaW0gZGVjb2RlcyBnemlwLiBQdXNoU2lt"
      + "IGRlY29kZXMgZ3ppcC4gUHVzaFNpbSBkZWNvZGVzIGd6aXAuIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhsc"
      + "HR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpbXF1e"
      + "X2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+g"
      + "oaKjpKWmp6ipqqusra6vsLGys7S1tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi"
      + "4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v9gLDmIcAQAAA==")

  @Test func gzipZlibRawDeflateAndStoredBlocksDecodeToTheSameBytes() {
    #expect(ContentDecoder.decode(Self.gzip, as: .gzip, cap: 1 << 20) == .complete(Self.plain))
    #expect(ContentDecoder.decode(Self.zlib, as: .deflate, cap: 1 << 20) == .complete(Self.plain))
    #expect(
      ContentDecoder.decode(Self.rawDeflate, as: .deflate, cap: 1 << 20) == .complete(Self.plain))
    #expect(ContentDecoder.decode(Self.stored, as: .gzip, cap: 1 << 20) == .complete(Self.plain))
  }

  @Test func decodingStopsAtTheCap() {
    #expect(
      ContentDecoder.decode(Self.gzip, as: .gzip, cap: 100)
        == .reachedCap(Array(Self.plain.prefix(100))))
    #expect(
      ContentDecoder.decode(Self.stored, as: .gzip, cap: 7)
        == .reachedCap(Array(Self.plain.prefix(7))))
  }

  @Test func aBodyFedPieceByPieceDecodesAsAWholeOneDoes() {
    for encoded in [Self.gzip, Self.stored] {
      var stream = ContentDecoder.Stream(encoding: .gzip, cap: 1 << 20)
      var outcome = ContentDecoder.Outcome.needsMoreInput
      for start in stride(from: 0, to: encoded.count, by: 7) {
        #expect(outcome == .needsMoreInput)
        stream.append(encoded[start..<min(start + 7, encoded.count)])
        outcome = stream.advance()
      }
      #expect(outcome == .complete(Self.plain))
    }
  }

  @Test func aCutOrDamagedStreamIsNeverAccepted() {
    #expect(
      ContentDecoder.decode(Array(Self.gzip.dropLast(5)), as: .gzip, cap: 1 << 20)
        == .needsMoreInput)
    var damaged = Self.gzip
    damaged[damaged.count - 6] ^= 0xFF
    if case .corrupt(let reason) = ContentDecoder.decode(damaged, as: .gzip, cap: 1 << 20) {
      #expect(reason.contains("CRC-32"))
    } else {
      Issue.record("a damaged CRC was accepted")
    }
    #expect(
      ContentDecoder.decode(Array("<html>".utf8), as: .gzip, cap: 10)
        == .corrupt("it does not start as gzip does"))
  }
}
