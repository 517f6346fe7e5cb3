import Foundation

/// How a request on a connection is authenticated, as the connection judged it (Rules.md §18.3).
enum RequestAuthentication: Sendable {
  /// Token-based: accepted (`nil`), or refused with APNs's reason and why in plain words.
  case token(refusal: Refusal?)
  /// Certificate-based: the connection's client certificate.
  case certificate(ClientCertificate)

  /// A refused credential: APNs's reason and a message quoting nothing of the credential.
  struct Refusal: Sendable {
    var reason: ServeReason
    var message: String
  }
}

/// One connection's credentials over its life, as APNs keeps them (Rules.md §18.3): the client
/// certificate of its TLS handshake, or the provider token in use, which one team's tokens
/// replace at most once every 20 minutes. Used on the connection's thread only.
///
/// Nothing of a token is kept: the token in use is remembered by its key, team, issue time and
/// a hash of its text, in this process's memory only.
final class ConnectionAuthentication {
  /// How soon a connection may take a new provider token ([TOKEN]; 429
  /// `TooManyProviderTokenUpdates` before).
  static let updateInterval: TimeInterval = 20 * 60

  private struct TokenInUse {
    var identity: Identity
    var since: Date
  }

  private struct Identity: Equatable {
    var keyID: String
    var teamID: String
    var issuedAt: Date
    var hash: Int
  }

  /// The last well-formed `authorization` value judged (by a hash of its text: the value itself
  /// is not kept), with what its JWT says: a client sends the same token with every request, so
  /// its claims are read once, not per request (its age is judged anew each time).
  private struct Decoded {
    var valueHash: Int
    var keyID: String
    var teamID: String
    var issuedAt: Date
    var identity: Identity
  }

  let certificate: ClientCertificate?
  private let key: ProviderKey?
  private var inUse: TokenInUse?
  private var decoded: Decoded?
  /// Whether a request on this connection has been authenticated (APNs then opens more streams).
  private(set) var isAuthenticated = false

  init(certificate: ClientCertificate?, key: ProviderKey?) {
    self.certificate = certificate
    self.key = key
  }

  /// Judges `request`'s credentials at `now`, remembering a newly accepted token.
  func judge(_ request: ServeRequest, now: Date) -> RequestAuthentication {
    if let certificate {
      if certificate.bundleID != nil { isAuthenticated = true }
      return .certificate(certificate)
    }
    let value = request.value(of: "authorization")
    let valueHash = value.map(Self.hash)
    let token: Decoded
    if let decoded, decoded.valueHash == valueHash {
      token = decoded
    } else {
      let provider = ProviderToken(authorization: value.map { [$0] } ?? [], now: now)
      guard case .valid(let keyID, let teamID, let issuedAt) = provider, let value, let valueHash
      else { return Self.refusal(provider) }
      token = Decoded(
        valueHash: valueHash, keyID: keyID, teamID: teamID, issuedAt: issuedAt,
        identity: Identity(
          keyID: keyID, teamID: teamID, issuedAt: issuedAt, hash: Self.hash(Self.jwt(of: value))))
      decoded = token
    }
    let aged = ProviderToken.aged(
      keyID: token.keyID, teamID: token.teamID, issuedAt: token.issuedAt, now: now)
    guard case .valid = aged else { return Self.refusal(aged) }
    let (keyID, teamID, identity) = (token.keyID, token.teamID, token.identity)
    if let inUse, inUse.identity == identity {
      return .token(refusal: nil)
    }
    if let inUse, inUse.identity.teamID != teamID {
      return .token(
        refusal: .init(
          reason: .invalidProviderToken,
          message: "this connection's tokens are team \(inUse.identity.teamID)'s; APNs takes one "
            + "team's tokens on a connection"))
    }
    if let inUse, now.timeIntervalSince(inUse.since) < Self.updateInterval {
      let seconds = Int(now.timeIntervalSince(inUse.since))
      return .token(
        refusal: .init(
          reason: .tooManyProviderTokenUpdates,
          message: "a new provider token \(seconds) s after the connection's last one; APNs "
            + "takes a new one at most every 20 minutes (1200 s) per connection"))
    }
    if let key,
      let value,
      let refusal = key.refusal(of: Substring(Self.jwt(of: value)), keyID: keyID, teamID: teamID)
    {
      return .token(refusal: .init(reason: .invalidProviderToken, message: refusal))
    }
    inUse = TokenInUse(identity: identity, since: now)
    isAuthenticated = true
    return .token(refusal: nil)
  }

  /// A token judged not valid, as the connection answers it.
  private static func refusal(_ provider: ProviderToken) -> RequestAuthentication {
    let reason = provider.reason.flatMap(ServeReason.init(rawValue:)) ?? .invalidProviderToken
    return .token(refusal: .init(reason: reason, message: provider.message))
  }

  /// A hash of `text`, seeded per process.
  private static func hash(_ text: String) -> Int {
    var hasher = Hasher()
    hasher.combine(text)
    return hasher.finalize()
  }

  /// The JWT of a `bearer <JWT>` value.
  private static func jwt(of value: String) -> String {
    value.split(separator: " ", maxSplits: 1).last.map {
      $0.trimmingCharacters(in: .whitespaces)
    } ?? ""
  }
}
