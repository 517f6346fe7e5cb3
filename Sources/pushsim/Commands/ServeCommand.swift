import Foundation
import PushScenario
import PushServe

/// `pushsim serve` (CommandLine.md): an APNs provider endpoint for a backend's own APNs client,
/// playing each push it accepts on a device of the devices file. Runs until interrupted.
enum ServeCommand {
  static let help = """
    USAGE: pushsim serve --devices FILE [--host ADDRESS] [--port N] [--environment E] [--format text|json]
                         [--until N] [--until-idle DURATION] [--expect FILE] [--junit FILE]
                         [--log-window N]

    An APNs provider endpoint on a local port (HTTP/1.1 and HTTP/2 without TLS): a backend's
    own APNs client sends POST /3/device/<token>, gets APNs's answer, and each accepted push
    plays on the simulated iPhone the token belongs to. Runs until interrupted (Ctrl-C), or
    stops by itself with --until or --until-idle.

    OPTIONS:
      --devices <file>       The devices (JSON: name, device, app, tokens); required
      --host <address>       The IPv4 address to listen on (default: 127.0.0.1)
      --port <n>             The port (default: 2197; 0 picks a free one)
      --environment <e>      development (default) or production
      --format <format>      text (default) or json (JSON lines)
      --until <n>            Stop once N pushes were accepted (answered 200)
      --until-idle <d>       Stop once no request came for this long (2s, 500ms, 1m)
      --expect <file>        When stopping, check each device against the expect objects of
                             FILE ({"expect": {...}, "devices": {"<name>": {...}}})
      --junit <file>         Write the --expect checks as a JUnit report, as run does
      --log-window <n>       How many log entries the live page keeps (default: 1000)
      -h, --help             Show this help

    Live page: http://127.0.0.1:2197/ in a browser.
    API (HTTP/1.1 or h2c, JSON): GET /pushsim/v1/devices, GET /pushsim/v1/devices/<name>,
    POST /pushsim/v1/devices/<name>/steps, POST /pushsim/v1/devices/<name>/expect

    EXIT STATUS: 0 stopped and every check passed, 1 a check failed, 2 the devices file, the
    expect file or a flag cannot be used or the port cannot be opened.

    """

  static func main(_ arguments: [String]) async -> ExitStatus {
    let parsed: Arguments
    switch Arguments.forCommand(
      arguments,
      options: [
        "devices", "host", "port", "environment", "format", "until", "until-idle", "expect",
        "junit", "log-window",
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
    return await finish.finish(server, log: log, start: start)
  }
}
