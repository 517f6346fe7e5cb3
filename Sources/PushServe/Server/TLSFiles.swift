/// The files `pushsim serve --tls DIR` (or `--cert`/`--key`) serves TLS with (Rules.md §18.1).
public struct TLSFiles: Sendable, Equatable {
  /// The server's certificate chain (PEM), leaf first.
  public var certificate: String
  /// The server's private key (PEM).
  public var key: String
  /// The CA client certificates must chain to (PEM); `nil`: no certificate-based connections.
  public var clientCA: String?

  /// Files named one by one.
  public init(certificate: String, key: String, clientCA: String? = nil) {
    self.certificate = certificate
    self.key = key
    self.clientCA = clientCA
  }

  /// The files `--make-cert DIR` writes: `cert.pem`, `key.pem`, and `ca.pem` for clients.
  public init(directory: String) {
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    self.init(certificate: base + "cert.pem", key: base + "key.pem", clientCA: base + "ca.pem")
  }
}
