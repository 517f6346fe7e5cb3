import Foundation
import PushScenario
import PushServe

/// `pushsim serve` (CommandLine.md): an APNs provider endpoint for a backend's own APNs client,
/// playing each push it accepts on a device of the devices file. Runs until interrupted.
enum ServeCommand {
  static let help = """
    USAGE: pushsim serve --devices FILE [--host ADDRESS] [--port N] [--environment E] [--format text|json]
                         [--tls DIR | --cert FILE --key FILE [--client-ca FILE]]
                         [--auth-key AuthKey_KEYID.p8 --key-id KEYID --team-id TEAMID]
                         [--until N] [--until-idle DURATION] [--expect FILE] [--junit FILE]
                         [--log-window N] [--device-window N]
           pushsim serve --make-cert DIR [--bundle-id ID] [--environment E]

    An APNs provider endpoint on a local port (HTTP/1.1 and HTTP/2, plaintext or TLS): a
    backend's own APNs client sends POST /3/device/<token>, gets APNs's answer, and each
    accepted push plays on the simulated iPhone the token belongs to. Runs until interrupted
    (Ctrl-C), or stops by itself with --until or --until-idle.

    OPTIONS:
      --devices <file>       The devices (JSON: name, device, app, tokens); required
      --host <address>       The IPv4 address to listen on (default: 127.0.0.1)
      --port <n>             The port (default: 2197; 0 picks a free one)
      --environment <e>      development (default) or production
      --format <format>      text (default) or json (JSON lines)
      --tls <dir>            Serve TLS with DIR's cert.pem and key.pem (from --make-cert);
                             DIR's ca.pem also admits client certificates
      --cert <file>          Serve TLS with this PEM certificate chain (with --key)
      --key <file>           The PEM private key of --cert
      --client-ca <file>     With --cert: the CA client certificates must chain to
      --auth-key <file>      Check provider tokens' ES256 signature with this .p8 key
      --key-id <id>          The key's 10-character ID (the tokens' kid; with --auth-key)
      --team-id <id>         The 10-character team ID (the tokens' iss; with --auth-key)
      --make-cert <dir>      Write a local CA, a server certificate and a client certificate
                             into DIR, print how each client trusts them, and exit
      --bundle-id <id>       The client certificate's bundle id (default: the devices file's
                             first app, else com.example.app)
      --until <n>            Stop once N pushes were accepted (answered 200)
      --until-idle <d>       Stop once no request came for this long (2s, 500ms, 1m)
      --expect <file>        When stopping, check each device against the expect objects of
                             FILE ({"expect": {...}, "devices": {"<name>": {...}}})
      --junit <file>         Write the --expect checks as a JUnit report, as run does
      --log-window <n>       How many log entries the live page keeps (default: 1000)
      --device-window <n>    How many pushes each device keeps: their records, the events
                             since the oldest, and as many notifications (default: 64)
      -h, --help             Show this help

    Live page: http://127.0.0.1:2197/ in a browser.
    API (HTTP/1.1 or h2c, JSON): GET /pushsim/v1/devices, GET /pushsim/v1/devices/<name>,
    POST /pushsim/v1/devices/<name>/steps, POST /pushsim/v1/devices/<name>/expect,
    GET/PUT/DELETE /pushsim/v1/faults

    EXIT STATUS: 0 stopped and every check passed, 1 a check failed, 2 the devices file, the
    expect file or a flag cannot be used or the port cannot be opened.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(
      arguments,
      options: [
        "devices", "host", "port", "environment", "format", "tls", "cert", "key", "client-ca",
        "auth-key", "key-id", "team-id", "make-cert", "bundle-id", "until", "until-idle",
        "expect", "junit", "log-window", "device-window",
      ], help: help)
    {
    case .proceed(let arguments): parsed = arguments
    case .exit(let status): return status
    }
    guard let format = parsed.format([.text, .json]) else { return .unusable }
    guard parsed.positionals.isEmpty else {
      Console.error("error: serve takes no file arguments; name the devices with --devices FILE")
      return .unusable
    }
    if let directory = parsed.value("make-cert") {
      return makeCertificates(in: directory, parsed)
    }
    guard let path = parsed.value("devices") else {
      Console.error("error: serve needs --devices FILE (see 'pushsim serve --help')")
      return .unusable
    }
    var configuration = PushServer.Configuration()
    if let host = parsed.value("host") { configuration.host = host }
    if let text = parsed.value("port") {
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let port = Int(text),
        port <= 65535
      else {
        Console.error("error: --port takes a whole number from 0 to 65535, not '\(text)'")
        return .unusable
      }
      configuration.port = port
    }
    if let text = parsed.value("environment") {
      guard let environment = APNsEnvironment(rawValue: text) else {
        Console.error("error: --environment takes development or production, not '\(text)'")
        return .unusable
      }
      configuration.environment = environment
    }
    switch tlsFiles(parsed) {
    case .success(let files): configuration.tls = files
    case .failure(let error):
      Console.error("error: \(error.description)")
      return .unusable
    }
    switch providerKey(parsed) {
    case .success(let key): configuration.providerKey = key
    case .failure(let error):
      Console.error("error: \(error.description)")
      return .unusable
    }
    if let text = parsed.value("device-window") {
      guard let window = CommandLineNumber.parse(text), window >= 1, window <= 1_000_000 else {
        Console.error(
          "error: --device-window takes a whole number of pushes from 1 to 1000000, not '\(text)'"
        )
        return .unusable
      }
      configuration.limits.deviceWindow = window
    }
    let file: DeviceFile
    do {
      file = try DeviceFile.load(
        path: path, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch {
      Console.error(error.description)
      return .unusable
    }
    guard let finish = ServeFinish.read(parsed, devices: file) else { return .unusable }
    var log = ServeLog(format: format == .json ? .json : .text) { line in Console.write(line) }
    log.activity = finish.activity
    if let text = parsed.value("log-window") {
      guard let window = CommandLineNumber.parse(text), window >= 1, window <= 1_000_000 else {
        Console.error(
          "error: --log-window takes a whole number of entries from 1 to 1000000, not '\(text)'")
        return .unusable
      }
      log.feed = ServeFeed(window: window)
    }
    let start = Date()
    let server: PushServer
    do {
      server = try await PushServer(configuration: configuration, devices: file, log: log)
    } catch {
      Console.error("error: \(error.description)")
      return .unusable
    }
    // Serves until interrupted or a --until condition is met; the server's threads do the work.
    finish.watch(server)
    await server.waitUntilStopped()
    let status = await finish.finish(server, log: log, start: start)
    log.flush()
    return status
  }

  /// `--tls DIR`, or `--cert`/`--key` (and `--client-ca`); `nil` for plaintext.
  private static func tlsFiles(_ parsed: Arguments) -> Result<TLSFiles?, ServeError> {
    let directory = parsed.value("tls")
    let certificate = parsed.value("cert")
    let key = parsed.value("key")
    let clientCA = parsed.value("client-ca")
    if let directory {
      guard certificate == nil, key == nil, clientCA == nil else {
        return .failure(ServeError("--tls DIR takes the place of --cert, --key and --client-ca"))
      }
      let files = TLSFiles(directory: directory)
      for path in [files.certificate, files.key] where !FileManager.default.fileExists(atPath: path)
      {
        return .failure(
          ServeError("\(path) does not exist (make the files with 'pushsim serve --make-cert DIR')")
        )
      }
      return .success(
        FileManager.default.fileExists(atPath: files.clientCA ?? "")
          ? files : TLSFiles(certificate: files.certificate, key: files.key))
    }
    guard certificate != nil || key != nil || clientCA != nil else { return .success(nil) }
    guard let certificate, let key else {
      return .failure(ServeError("--cert and --key go together (or give --tls DIR)"))
    }
    return .success(TLSFiles(certificate: certificate, key: key, clientCA: clientCA))
  }

  /// `--auth-key`, `--key-id` and `--team-id`, all three or none.
  private static func providerKey(_ parsed: Arguments) -> Result<ProviderKey?, ServeError> {
    let path = parsed.value("auth-key")
    let keyID = parsed.value("key-id")
    let teamID = parsed.value("team-id")
    guard path != nil || keyID != nil || teamID != nil else { return .success(nil) }
    guard let path, let keyID, let teamID else {
      return .failure(ServeError("--auth-key, --key-id and --team-id go together"))
    }
    do {
      return .success(try ProviderKey(p8: path, keyID: keyID, teamID: teamID))
    } catch {
      return .failure(error)
    }
  }

  /// `--make-cert DIR`: writes the files and prints how each client trusts them.
  private static func makeCertificates(in directory: String, _ parsed: Arguments) -> ExitStatus {
    var environment = APNsEnvironment.development
    if let text = parsed.value("environment") {
      guard let chosen = APNsEnvironment(rawValue: text) else {
        Console.error("error: --environment takes development or production, not '\(text)'")
        return .unusable
      }
      environment = chosen
    }
    var bundleID = parsed.value("bundle-id") ?? "com.example.app"
    if parsed.value("bundle-id") == nil, let path = parsed.value("devices") {
      let file = try? DeviceFile.load(
        path: path, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      if let first = file?.entries.first { bundleID = first.app.bundleId }
    }
    do {
      try CertificateMaker.make(in: directory, bundleID: bundleID, environment: environment)
    } catch {
      Console.error("error: \(error.description)")
      return .unusable
    }
    Console.write(
      CertificateMaker.instructions(for: directory, bundleID: bundleID, environment: environment))
    return .success
  }
}
