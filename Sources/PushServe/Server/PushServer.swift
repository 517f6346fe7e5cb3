import CPushNGHTTP2
public import Foundation
import PushPayload
public import PushScenario
import PushSimHosting
import Synchronization

/// `pushsim serve` (CommandLine.md): an APNs provider endpoint on a local port that plays each
/// push it accepts on a simulated iPhone, for a backend's own APNs client.
///
/// One port speaks both HTTP/2 without TLS (h2c, prior knowledge; nghttp2 loaded at run time)
/// and HTTP/1.1: a connection that opens with the HTTP/2 preface is HTTP/2, any other is
/// HTTP/1.1 (Rules.md §18.1). The listening socket has a thread of its own, and so does each
/// connection: no socket is ever waited on from Swift's cooperative pool (Architecture.md,
/// "The hosting runtime"). A connection thread hands each complete request to the devices
/// (an actor) and waits for the answer under ``ServeLimits/deviceTimeout``.
public final class PushServer: Sendable {
  /// How the server is set up.
  public struct Configuration: Sendable {
    /// The address to listen on (IPv4; default `127.0.0.1`).
    public var host = "127.0.0.1"
    /// The port (default 2197, APNs's alternate port; 0 lets the system pick one).
    public var port = 2197
    /// The APNs environment played (default development).
    public var environment = APNsEnvironment.development
    /// Sizes and times.
    public var limits = ServeLimits()

    /// The defaults above.
    public init() {}
  }

  /// The port listened on (the system's pick when 0 was asked).
  public let port: Int
  /// Whether HTTP/2 is available (libnghttp2 was loaded).
  public let speaksHTTP2: Bool
  private let listener: Int32
  let devices: ServedDevices
  private let log: ServeLog
  private let limits: ServeLimits
  private let state = Mutex(State())
  private let stopped = OneShot<Void>()

  private struct State {
    var open: Set<Int32> = []
    var stopped = false
  }

  /// Starts listening and serving `file`'s devices; lines go to `log`.
  public init(
    configuration: Configuration, devices file: DeviceFile, log: ServeLog,
    now: @escaping @Sendable () -> Date = { Date() }
  ) async throws(ServeError) {
    let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
    self.listener = fd
    self.port = port
    self.log = log
    self.limits = configuration.limits
    self.speaksHTTP2 = pushsim_h2_load() == 1
    self.devices = ServedDevices(
      file: file, environment: configuration.environment, log: log,
      bodyLimit: configuration.limits.body, now: now)
    let version = speaksHTTP2 ? pushsim_h2_version().map { String(cString: $0) } : nil
    log.server(
      "pushsim serve: listening on http://\(configuration.host):\(port) (HTTP/1.1"
        + (version.map { " and h2c, nghttp2 \($0)" } ?? "") + "), environment "
        + configuration.environment.rawValue,
      [
        ("host", JSONValue(.string(configuration.host))),
        ("port", JSONValue(.number(JSONNumber(port)))),
        ("environment", JSONValue(.string(configuration.environment.rawValue))),
        ("http2", JSONValue(.bool(speaksHTTP2))),
      ])
    if !speaksHTTP2 {
      log.server(
        "libnghttp2.so.14 could not be loaded: HTTP/1.1 only (install libnghttp2-14 for h2c)")
    }
    for line in await devices.tokenLines() {
      log.server(
        "  \(line.device)  \(line.environment)  \(line.kind)  \(line.token)",
        [
          ("device", JSONValue(.string(line.device))),
          ("environment", JSONValue(.string(line.environment))),
          ("kind", JSONValue(.string(line.kind))), ("token", JSONValue(.string(line.token))),
        ])
    }
    log.model(
      "provider tokens are checked for their shape (ES256, kid, iss, iat) and age (one hour); "
        + "their signature is not checked")
    let server = self
    Thread.detachNewThread { server.acceptLoop() }
  }

  /// Stops listening and ends every open connection.
  public func stop() {
    let open = state.withLock { state -> Set<Int32> in
      guard !state.stopped else { return [] }
      state.stopped = true
      return state.open
    }
    Socket.shutDown(listener)
    for fd in open { Socket.shutDown(fd) }
    stopped.give(())
  }

  /// Returns once ``stop()`` has been called (`pushsim serve` waits here until interrupted).
  public func waitUntilStopped() async {
    await stopped.value()
  }

  private func acceptLoop() {
    while let fd = Socket.accept(listener) {
      let admitted = state.withLock { state -> Bool in
        guard !state.stopped, state.open.count < limits.connections else { return false }
        state.open.insert(fd)
        return true
      }
      guard admitted else {
        Socket.close(fd)
        if !state.withLock({ $0.stopped }) {
          log.server("a connection was refused: \(limits.connections) are open (the limit)")
        }
        continue
      }
      let server = self
      Thread.detachNewThread {
        server.serve(fd)
        server.state.withLock { _ = $0.open.remove(fd) }
        Socket.close(fd)
      }
    }
    Socket.close(listener)
  }

  // MARK: Connections

  static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

  /// Serves one connection: sniffs the first bytes for the HTTP/2 preface.
  private func serve(_ fd: Int32) {
    var first: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while first.count < Self.preface.count,
      first.elementsEqual(Self.preface.prefix(first.count))
    {
      let read = buffer.withUnsafeMutableBytes {
        Socket.read(
          fd, into: $0, timeout: first.isEmpty ? limits.idleTimeout : limits.requestTimeout)
      }
      guard case .bytes(let count) = read else { return }
      first += buffer[..<count]
    }
    if first.starts(with: Self.preface) {
      guard speaksHTTP2 else {
        log.server("an HTTP/2 connection was closed: libnghttp2 is not available")
        return
      }
      HTTP2Connection(fd: fd, server: self).run(first: first)
    } else {
      serveHTTP1(fd, first: first, buffer: &buffer)
    }
  }

  private func serveHTTP1(_ fd: Int32, first: [UInt8], buffer: inout [UInt8]) {
    var parser = HTTP1Parser(limits: limits)
    parser.feed(first)
    var warned = false
    while true {
      switch parser.next() {
      case .needMore:
        let timeout = parser.hasBufferedBytes ? limits.requestTimeout : limits.idleTimeout
        let read = buffer.withUnsafeMutableBytes { Socket.read(fd, into: $0, timeout: timeout) }
        guard case .bytes(let count) = read else { return }
        parser.feed(buffer[..<count])
      case .fail(let status, let message):
        let response = ServedDevices.error(status, message)
        _ = Socket.write(fd, HTTP1Parser.serialize(response, keepAlive: false))
        return
      case .request(let request, let keepAlive):
        if !warned {
          warned = true
          log.model(
            "this connection speaks HTTP/1.1; APNs itself requires HTTP/2 (PushSim answers both)")
        }
        let response = answer(request)
        guard Socket.write(fd, HTTP1Parser.serialize(response, keepAlive: keepAlive)), keepAlive
        else { return }
      }
    }
  }

  /// The answer to `request`, waited for on this (the connection's) thread: the devices'
  /// answer or, after ``ServeLimits/deviceTimeout`` on PushSim's own timer, 500
  /// `InternalServerError`, whichever comes first.
  func answer(_ request: ServeRequest) -> ServeResponse {
    let shot = OneShot<ServeResponse>()
    let late = APNsAnswer.make(
      status: 500, apnsID: UUID().uuidString.lowercased(), uniqueID: nil,
      reason: ServeReason.internalServerError.rawValue)
    let ticket = HostTimer.shared.schedule(after: .milliseconds(limits.deviceTimeout)) {
      shot.give(late)
    }
    let devices = self.devices
    Task { shot.give(await devices.handle(request)) }
    let done = DispatchSemaphore(value: 0)
    shot.whenAnswered { _ in done.signal() }
    done.wait()
    HostTimer.shared.cancel(ticket)
    return shot.answer ?? late
  }

  var serveLimits: ServeLimits { limits }
}
