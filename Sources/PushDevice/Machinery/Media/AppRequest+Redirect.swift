import Foundation

extension AppRequest {
  /// The header fields that carry the app's credentials: a redirect that leaves the request's
  /// origin drops them (Rules.md §7.1).
  package static let credentialFields: Set<String> = [
    "authorization", "cookie", "proxy-authorization",
  ]

  /// The request a redirect with `status` to `target` leads to, as `URLSession` follows it
  /// (Rules.md §7.1): a 301, 302 or 303 turns a request other than `HEAD` into a `GET` without
  /// a body or its `Content-Type`; 307 and 308 keep the method and the body. A target of
  /// another origin (scheme, host or port) gets none of ``credentialFields``, as curl, Go and
  /// browsers do: a token meant for the API is not handed to whatever host its redirect names.
  /// Once dropped they stay dropped, on every later hop.
  package func following(redirect status: Int, to target: URL) -> AppRequest {
    var next = self
    next.url = target
    if status != 307 && status != 308 && method != "HEAD" {
      next.method = "GET"
      next.body = Data()
      next.headers.removeAll { $0.name.lowercased() == "content-type" }
    }
    if Origin(url) != Origin(target) {
      next.headers.removeAll { Self.credentialFields.contains($0.name.lowercased()) }
    }
    return next
  }

  /// A URL's origin (RFC 6454): its scheme and host without case, and its port, the scheme's
  /// default when none is written.
  struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int?

    init(_ url: URL) {
      scheme = url.scheme?.lowercased() ?? ""
      host = url.host?.lowercased() ?? ""
      let defaultPort: Int? =
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
      port = url.port ?? defaultPort
    }
  }
}
