import Foundation
import Testing

@testable import PushServe

/// A connection reads a provider token's claims once and judges the rest on every request
/// (Rules.md §18.3): its age, the team, and how soon a new token may replace it.
@Suite struct ConnectionAuthenticationTests {
  static let issued = Date(timeIntervalSince1970: 1_799_999_000)

  static func request(_ token: String) -> ServeRequest {
    ServeRequest(
      method: "POST", path: "/3/device/aa", fields: [HeaderField("authorization", token)],
      wire: .http2)
  }

  static func reason(_ verdict: RequestAuthentication) -> String? {
    guard case .token(let refusal) = verdict else { return "certificate" }
    return refusal?.reason.rawValue
  }

  @Test func theSameTokenExpiresAnHourAfterItWasIssued() {
    let connection = ConnectionAuthentication(certificate: nil, key: nil)
    let request = Self.request(ProviderTokenTests.token())
    #expect(Self.reason(connection.judge(request, now: Self.issued.addingTimeInterval(10))) == nil)
    #expect(
      Self.reason(connection.judge(request, now: Self.issued.addingTimeInterval(3600))) == nil)
    #expect(
      Self.reason(connection.judge(request, now: Self.issued.addingTimeInterval(3601)))
        == "ExpiredProviderToken")
  }

  @Test func aNewTokenSoonAfterIsRefusedAndTheFirstStillPasses() {
    let connection = ConnectionAuthentication(certificate: nil, key: nil)
    let first = Self.request(ProviderTokenTests.token())
    let second = Self.request(
      ProviderTokenTests.token(claims: #"{"iss":"DEF123GHIJ","iat":1799999060}"#))
    let other = Self.request(
      ProviderTokenTests.token(claims: #"{"iss":"OTHER12345","iat":1799999060}"#))
    let now = Self.issued.addingTimeInterval(120)
    #expect(Self.reason(connection.judge(first, now: now)) == nil)
    #expect(Self.reason(connection.judge(second, now: now)) == "TooManyProviderTokenUpdates")
    #expect(Self.reason(connection.judge(other, now: now)) == "InvalidProviderToken")
    #expect(Self.reason(connection.judge(first, now: now)) == nil)
    #expect(
      Self.reason(connection.judge(Self.request("bearer abc"), now: now))
        == "InvalidProviderToken")
    #expect(Self.reason(connection.judge(first, now: now)) == nil)
  }
}
