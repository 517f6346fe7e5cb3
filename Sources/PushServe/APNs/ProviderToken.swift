public import Foundation
import PushPayload

/// What APNs makes of a request's `authorization` header under token-based authentication
/// (Rules.md §18.3): `bearer <JWT>`, the JWT's header `{"alg": "ES256", "kid": <10 characters>}`
/// and claims `{"iss": <10-character team ID>, "iat": <UNIX seconds>}`, no older than an hour.
///
/// The signature is not checked (the server holds no key); the header's value is never kept,
/// printed or logged: only the verdict and a message that quotes nothing of it leave here.
public enum ProviderToken: Sendable, Equatable {
  /// A well-formed token issued `issuedAt`, by `teamID` with key `keyID`.
  case valid(keyID: String, teamID: String, issuedAt: Date)
  /// No `authorization` header, or not a `bearer` one: 403 `MissingProviderToken`.
  case missing(String)
  /// Not a JWT of APNs's shape: 403 `InvalidProviderToken`.
  case invalid(String)
  /// Issued more than an hour before `now`: 403 `ExpiredProviderToken`.
  case expired(String)

  /// How long a token is accepted after its `iat` ([TOKEN]: refresh at least once an hour).
  public static let lifetime: TimeInterval = 3600

  /// Judges the values of a request's `authorization` header at `now`.
  public init(authorization values: [String], now: Date) {
    guard let value = values.first else {
      self = .missing("the request has no authorization header (token-based authentication)")
      return
    }
    let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else {
      self = .missing("the authorization header is not 'bearer <token>'")
      return
    }
    let segments = parts[1].trimmingCharacters(in: .whitespaces).split(
      separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3, segments.allSatisfy({ !$0.isEmpty }) else {
      self = .invalid("the provider token is not a JWT (three base64url parts joined by '.')")
      return
    }
    guard let header = Self.jsonObject(segments[0]) else {
      self = .invalid("the provider token's header is not base64url-encoded JSON")
      return
    }
    guard let claims = Self.jsonObject(segments[1]) else {
      self = .invalid("the provider token's claims are not base64url-encoded JSON")
      return
    }
    guard Self.base64URL(segments[2]) != nil else {
      self = .invalid("the provider token's signature is not base64url")
      return
    }
    guard header["alg"]?.stringValue == "ES256" else {
      self = .invalid("the provider token's alg is not ES256")
      return
    }
    guard let keyID = header["kid"]?.stringValue, Self.isIdentifier(keyID) else {
      self = .invalid("the provider token's kid is not a 10-character key identifier")
      return
    }
    guard let teamID = claims["iss"]?.stringValue, Self.isIdentifier(teamID) else {
      self = .invalid("the provider token's iss is not a 10-character team ID")
      return
    }
    guard let seconds = claims["iat"]?.numberValue?.integer else {
      self = .invalid("the provider token's iat is not a whole number of UNIX seconds")
      return
    }
    self = .aged(
      keyID: keyID, teamID: teamID,
      issuedAt: Date(timeIntervalSince1970: TimeInterval(seconds)), now: now)
  }

  /// A well-formed token's verdict at `now`: valid, or expired when issued more than
  /// ``lifetime`` before (what a connection re-judges of a token it has already decoded).
  static func aged(keyID: String, teamID: String, issuedAt issued: Date, now: Date) -> Self {
    let age = now.timeIntervalSince(issued)
    guard age <= lifetime else {
      return .expired(
        "the provider token was issued \(Int(age)) s ago; APNs accepts one for an hour (3600 s)")
    }
    return .valid(keyID: keyID, teamID: teamID, issuedAt: issued)
  }

  /// APNs's reason for refusing the token; `nil` when it is valid.
  public var reason: String? {
    switch self {
    case .valid: nil
    case .missing: "MissingProviderToken"
    case .invalid: "InvalidProviderToken"
    case .expired: "ExpiredProviderToken"
    }
  }

  /// Why the token is refused, in plain words (nothing of the token itself); empty when valid.
  public var message: String {
    switch self {
    case .valid: ""
    case .missing(let message), .invalid(let message), .expired(let message): message
    }
  }

  /// Ten letters or digits: Apple's key identifiers and team IDs.
  static func isIdentifier(_ text: String) -> Bool {
    text.utf8.count == 10
      && text.utf8.allSatisfy { byte in
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      }
  }

  /// A base64url segment (no padding) decoded and read as a JSON object.
  private static func jsonObject(_ segment: Substring) -> JSONValue? {
    guard let bytes = base64URL(segment),
      let document = try? JSONDocument(parsing: bytes, maximumDepth: 8),
      document.root.objectValue != nil
    else { return nil }
    return document.root
  }

  /// base64url without padding (RFC 7515 §2), at most 8 KiB of text.
  static func base64URL(_ segment: Substring) -> [UInt8]? {
    guard segment.utf8.count <= 8192, segment.utf8.count % 4 != 1 else { return nil }
    var text = ""
    text.reserveCapacity(segment.utf8.count + 3)
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        text.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "-"): text.append("+")
      case UInt8(ascii: "_"): text.append("/")
      default: return nil
      }
    }
    while text.utf8.count % 4 != 0 { text.append("=") }
    return Data(base64Encoded: text).map(Array.init)
  }
}
