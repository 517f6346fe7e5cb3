import CPushTLS

/// `pushsim serve`'s TLS (Rules.md §18.1): the system's libssl, loaded at run time, with the
/// server's certificate and key, ALPN `h2` then `http/1.1`, and optionally the CA that client
/// certificates (APNs's certificate-based authentication) must chain to.
///
/// `@unchecked Sendable`: the `SSL_CTX` behind it is set up once in `init` and only read after
/// (OpenSSL makes connections from one context on many threads), and freed in `deinit`.
final class TLSContext: @unchecked Sendable {
  private let context: OpaquePointer

  /// Whether `libssl.so.3` could be loaded.
  static var isAvailable: Bool { pushsim_tls_load() == 1 }

  /// The library's version text (`OpenSSL 3.0.…`), when loaded.
  static var version: String? { pushsim_tls_version().map { String(cString: $0) } }

  /// A context serving `certificate` (a PEM chain) with `key`; client certificates are
  /// requested, optionally, and checked against `clientCA` when it is given.
  init(certificate: String, key: String, clientCA: String?) throws(ServeError) {
    var error = [CChar](repeating: 0, count: 256)
    let made = error.withUnsafeMutableBufferPointer { buffer in
      pushsim_tls_context_new(certificate, key, clientCA, buffer.baseAddress, buffer.count)
    }
    guard let made else {
      let reason = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw ServeError("cannot serve TLS with \(certificate) and \(key): \(reason)")
    }
    context = made
  }

  deinit { pushsim_tls_context_free(context) }

  /// Runs the handshake on `fd`; the connection, or why it failed.
  func accept(_ fd: Int32) -> Result<TLSConnection, ServeError> {
    var error = [CChar](repeating: 0, count: 256)
    let made = error.withUnsafeMutableBufferPointer { buffer in
      pushsim_tls_accept(context, fd, buffer.baseAddress, buffer.count)
    }
    guard let made else {
      let reason = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(ServeError(reason))
    }
    return .success(TLSConnection(made))
  }
}

/// One TLS connection, used on its connection's thread only.
final class TLSConnection {
  let pointer: OpaquePointer

  fileprivate init(_ pointer: OpaquePointer) { self.pointer = pointer }

  deinit { pushsim_tls_close(pointer) }

  /// What ALPN chose.
  var alpn: String? {
    switch pushsim_tls_alpn(pointer) {
    case 2: "h2"
    case 1: "http/1.1"
    default: nil
    }
  }

  /// The client's certificate as APNs reads one: its bundle id and environments.
  var clientCertificate: ClientCertificate? {
    var userID = [CChar](repeating: 0, count: 256)
    var environments: Int32 = 0
    let found = userID.withUnsafeMutableBufferPointer { buffer in
      pushsim_tls_client_certificate(pointer, buffer.baseAddress, buffer.count, &environments)
    }
    switch found {
    case 0: return nil
    case 1:
      let bundleID = String(
        decoding: userID.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      var set: Set<APNsEnvironment> = []
      if environments & 1 != 0 { set.insert(.development) }
      if environments & 2 != 0 { set.insert(.production) }
      return ClientCertificate(bundleID: bundleID, environments: set)
    default: return ClientCertificate(bundleID: nil, environments: [])
    }
  }
}

/// A client certificate as APNs reads it (Rules.md §18.3): the bundle id in its subject's user
/// ID and the environments of Apple's push extensions.
struct ClientCertificate: Sendable, Equatable {
  /// The bundle id; `nil` when the certificate does not chain to the server's CA or names none.
  var bundleID: String?
  /// The environments it is for (Apple's development and production extensions).
  var environments: Set<APNsEnvironment>
}
