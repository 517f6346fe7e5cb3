import Foundation
import PushServe
import Testing

/// The provider token's checks (Rules.md §18.3): shape and age, never the signature.
@Suite struct ProviderTokenTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func token(
    header: String = #"{"alg":"ES256","kid":"ABC123DEFG"}"#,
    claims: String = #"{"iss":"DEF123GHIJ","iat":1799999000}"#
  ) -> String {
    "bearer \(base64URL(header)).\(base64URL(claims)).c2lnbmF0dXJl"
  }

  @Test func aWellFormedRecentTokenIsValid() {
    #expect(
      ProviderToken(authorization: [Self.token()], now: Self.now)
        == .valid(
          keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
          issuedAt: Date(timeIntervalSince1970: 1_799_999_000)))
  }

  @Test(arguments: [
    ([String](), "MissingProviderToken"),
    (["Basic abc"], "MissingProviderToken"),
    (["bearer abc"], "InvalidProviderToken"),
    (["bearer a.b"], "InvalidProviderToken"),
    ([token(header: #"{"alg":"HS256","kid":"ABC123DEFG"}"#)], "InvalidProviderToken"),
    ([token(header: #"{"alg":"ES256"}"#)], "InvalidProviderToken"),
    ([token(claims: #"{"iat":1799999000}"#)], "InvalidProviderToken"),
    ([token(claims: #"{"iss":"DEF123GHIJ"}"#)], "InvalidProviderToken"),
    ([token(claims: #"{"iss":"DEF123GHIJ","iat":1799996399}"#)], "ExpiredProviderToken"),
  ])
  func refusals(values: [String], reason: String) {
    #expect(ProviderToken(authorization: values, now: Self.now).reason == reason)
  }

  @Test func anHourOldTokenIsStillAccepted() {
    let token = Self.token(claims: #"{"iss":"DEF123GHIJ","iat":1799996400}"#)
    #expect(ProviderToken(authorization: [token], now: Self.now).reason == nil)
  }
}
