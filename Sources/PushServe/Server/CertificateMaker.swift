import Foundation

/// `pushsim serve --make-cert DIR` (Rules.md §18.1): a local CA, a server certificate for
/// `localhost`, `127.0.0.1` and APNs's host names that strict clients accept, and a client
/// certificate for APNs's certificate-based authentication, made with the `openssl` command.
///
/// The CA has a critical `basicConstraints` and `keyUsage` and a subject key identifier; each
/// leaf has an authority key identifier, a subject key identifier, a critical `keyUsage`, an
/// extended key usage and, for the server, the subject alternative names: what Python 3.13's
/// strict verification (`VERIFY_X509_STRICT`) and Apple's rules for TLS servers (825 days at
/// most) ask. The client certificate carries the bundle id as its subject's user ID and
/// Apple's extension for the environment, as Apple's push certificates do.
public enum CertificateMaker {
  /// The files written, in `DIR`.
  public static let files = [
    "ca.pem", "ca-key.pem", "cert.pem", "key.pem", "client.pem", "client-key.pem",
  ]

  /// Writes the files into `directory` (made when missing) for a client certificate of
  /// `bundleID` in `environment`; throws with `openssl`'s own message when a step fails.
  public static func make(
    in directory: String, bundleID: String, environment: APNsEnvironment
  ) throws(ServeError) {
    guard !bundleID.isEmpty,
      bundleID.utf8.allSatisfy({ byte in
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
          || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      })
    else {
      throw ServeError(
        "--bundle-id takes a bundle id (letters, digits, '.', '-'), not '\(bundleID)'")
    }
    let folder = URL(fileURLWithPath: directory)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try configuration(environment).write(
        to: folder.appendingPathComponent("openssl.cnf"), atomically: true, encoding: .utf8)
    } catch {
      throw ServeError("cannot write into \(directory): \(error.localizedDescription)")
    }
    let name = environment == .development ? "Development" : "Production"
    let steps: [[String]] = [
      key("ca-key.pem"),
      [
        "req", "-new", "-x509", "-config", "openssl.cnf", "-extensions", "ca", "-key",
        "ca-key.pem", "-sha256", "-days", "825", "-subj", "/CN=PushSim local CA/O=PushSim",
        "-set_serial", serial(), "-out", "ca.pem",
      ],
      key("key.pem"),
      [
        "req", "-new", "-config", "openssl.cnf", "-key", "key.pem", "-subj",
        "/CN=localhost/O=PushSim", "-out", "server.csr",
      ],
      sign("server.csr", extensions: "server", out: "cert.pem"),
      key("client-key.pem"),
      [
        "req", "-new", "-config", "openssl.cnf", "-key", "client-key.pem", "-subj",
        "/UID=\(bundleID)/CN=Apple \(name) IOS Push Services: \(bundleID)/O=PushSim",
        "-out", "client.csr",
      ],
      sign("client.csr", extensions: "client", out: "client.pem"),
    ]
    for step in steps { try run(step, in: folder) }
    for leftover in ["server.csr", "client.csr", "openssl.cnf"] {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(leftover))
    }
    for file in ["ca-key.pem", "key.pem", "client-key.pem"] {
      _ = try? FileManager.default.setAttributes(
        [.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent(file).path)
    }
  }

  /// How each client trusts the CA and presents the client certificate, for `directory`.
  public static func instructions(
    for directory: String, bundleID: String, environment: APNsEnvironment
  ) -> String {
    let path = URL(fileURLWithPath: directory).standardizedFileURL.path
    return """
      Wrote a local CA, a server certificate and a client certificate in \(path):
        ca.pem          the CA: clients trust this file (it never signs anything but these)
        cert.pem        the server's certificate (localhost, 127.0.0.1, api.sandbox.push.apple.com)
        key.pem         its key
        client.pem      a client certificate for \(bundleID), \(environment.rawValue)
        client-key.pem  its key

      Serve TLS:   pushsim serve --tls \(path) --devices devices.json
      Trust the CA in each client:
        curl            --cacert \(path)/ca.pem   (certificate auth: --cert \(path)/client.pem --key \(path)/client-key.pem)
        nghttp          checks no certificate: nghttp https://localhost:2197/3/device/…
        node-apn        new apn.Provider({ address: "localhost", port: 2197, ca: ["\(path)/ca.pem"], … })
        node:http2      http2.connect("https://localhost:2197", { ca: fs.readFileSync("\(path)/ca.pem") })
                        or NODE_EXTRA_CA_CERTS=\(path)/ca.pem
        aioapns         ssl_context=ssl.create_default_context(cafile="\(path)/ca.pem")
        Python          ssl.create_default_context(cafile="\(path)/ca.pem")
        Go (apns2)      SSL_CERT_FILE=\(path)/ca.pem
        pushy (Java)    .setTrustedServerCertificateChain(new File("\(path)/ca.pem"))
        pushok (PHP)    CURLOPT_CAINFO => "\(path)/ca.pem"
        system store    cp \(path)/ca.pem /usr/local/share/ca-certificates/pushsim.crt && update-ca-certificates
                        (APNSwift, dotAPNS and npm apns2 read only the system store)

      """
  }

  private static func key(_ file: String) -> [String] {
    ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file]
  }

  private static func sign(_ request: String, extensions: String, out: String) -> [String] {
    [
      "x509", "-req", "-in", request, "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-set_serial",
      serial(), "-days", "825", "-sha256", "-extfile", "openssl.cnf", "-extensions", extensions,
      "-out", out,
    ]
  }

  /// A random positive 127-bit serial number in hexadecimal.
  private static func serial() -> String {
    var generator = SystemRandomNumberGenerator()
    let high = generator.next() & 0x7fff_ffff_ffff_ffff
    let low: UInt64 = generator.next()
    let hex =
      String(high, radix: 16) + String(repeating: "0", count: 16 - String(low, radix: 16).count)
      + String(low, radix: 16)
    return "0x" + hex
  }

  private static func configuration(_ environment: APNsEnvironment) -> String {
    // Apple's push certificates mark their environment with an extension of their own.
    let marker =
      environment == .development ? "1.2.840.113635.100.6.3.1" : "1.2.840.113635.100.6.3.2"
    return """
      [req]
      distinguished_name = name
      [name]
      [ca]
      basicConstraints = critical,CA:TRUE
      keyUsage = critical,keyCertSign,cRLSign
      subjectKeyIdentifier = hash
      authorityKeyIdentifier = keyid:always
      [server]
      basicConstraints = critical,CA:FALSE
      keyUsage = critical,digitalSignature
      extendedKeyUsage = serverAuth
      subjectKeyIdentifier = hash
      authorityKeyIdentifier = keyid,issuer
      subjectAltName = DNS:localhost,IP:127.0.0.1,IP:::1,DNS:api.sandbox.push.apple.com,DNS:api.development.push.apple.com,DNS:api.push.apple.com
      [client]
      basicConstraints = critical,CA:FALSE
      keyUsage = critical,digitalSignature
      extendedKeyUsage = clientAuth
      subjectKeyIdentifier = hash
      authorityKeyIdentifier = keyid,issuer
      \(marker) = ASN1:NULL

      """
  }

  private static func run(_ arguments: [String], in folder: URL) throws(ServeError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw ServeError("--make-cert needs the openssl command: \(error.localizedDescription)")
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text =
        String(decoding: message, as: UTF8.self)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      let status = process.terminationStatus
      throw ServeError(
        status == 127
          ? "--make-cert needs the openssl command, which was not found"
          : "openssl \(arguments[0]) failed: \(text)")
    }
  }
}
