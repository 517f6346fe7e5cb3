import CPushNGHTTP2
import CPushTLS
public import Foundation
import PushPayload
public import PushScenario
import PushSimHosting
import Synchronization

/// `pushsim serve` (CommandLine.md): an APNs provider endpoint on a local port that plays each
/// push it accepts on a simulated iPhone, for a backend's own APNs client.
///
/// One port speaks both HTTP/2 (nghttp2 loaded at run time) and HTTP/1.1, in plaintext or,
/// with ``Configuration/tls``, over TLS (libssl loaded at run time; ALPN `h2` or `http/1.1`):
/// a connection that opens with the HTTP/2 preface is HTTP/2, any other is HTTP/1.1
/// (Rules.md §18.1). The listening socket has a thread of its own, and so does each
/// connection: no socket is ever waited on from Swift's cooperative pool (Architecture.md,
/// "The hosting runtime"). A connection's thread answers each complete request itself, running
/// the request's task on its ``ConnectionExecutor``, under ``ServeLimits/deviceTimeout``
/// (Architecture.md, "The provider endpoint").
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
    /// TLS's files; `nil` serves plaintext.
    public var tls: TLSFiles?
    /// The key provider tokens must be signed with; `nil` leaves signatures unchecked.
    public var providerKey: ProviderKey?

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
  private let tlsContext: TLSContext?
  private let providerKey: ProviderKey?
  private let environment: APNsEnvironment
  private let now: @Sendable () -> Date

  /// The faults in force (Rules.md §18.5).
  let faults = FaultBoard()

  private struct State {
    /// The open connections, each with its idle mark.
    var open: [Int32: IdleMark] = [:]
    /// The HTTP/2 connections among them (a `GOAWAY` fault wakes them).
    var http2: Set<Int32> = []
    var stopped = false
    /// Whether the accept loop has closed the listening socket.
    var listenerClosed = false
  }

  /// Starts listening and serving `file`'s devices; lines go to `log`.
  public init(
    configuration: Configuration, devices file: DeviceFile, log: ServeLog,
    now: @escaping @Sendable () -> Date = { Date() }
  ) async throws(ServeError) {
    // The devices' tasks run on PushSim's elastic pool, not Swift's fixed one: code in the
    // same process that blocks as many threads as there are cores (a test suite's blocking
    // cases, the app's own tasks) never stops the answers (Architecture.md, "The hosting
    // runtime").
    GlobalExecutorTakeover.install()
    let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
    self.listener = fd
    self.port = port
    self.log = log
    self.limits = configuration.limits
    self.speaksHTTP2 = pushsim_h2_load() == 1
    self.providerKey = configuration.providerKey
    self.environment = configuration.environment
    self.now = now
    var tlsMissing = false
    if let files = configuration.tls {
      if TLSContext.isAvailable {
        do {
          tlsContext = try TLSContext(
            certificate: files.certificate, key: files.key, clientCA: files.clientCA)
        } catch {
          Socket.close(fd)
          throw error
        }
      } else {
        tlsContext = nil
        tlsMissing = true
      }
    } else {
      tlsContext = nil
    }
    self.devices = ServedDevices(
      file: file, environment: configuration.environment, log: log,
      bodyLimit: configuration.limits.body, window: configuration.limits.deviceWindow,
      faults: faults, now: now)
    if let node = file.faults {
      do {
        let (initial, _) = try ServeFaults.decode(node, now: now())
        faults.set(initial, goAway: false)
      } catch {
        Socket.close(fd)
        throw ServeError(error.description)
      }
    }
    let version = speaksHTTP2 ? pushsim_h2_version().map { String(cString: $0) } : nil
    let secure = tlsContext != nil
    let protocols =
      secure
      ? "HTTP/1.1" + (version.map { " and HTTP/2, nghttp2 \($0)" } ?? "") + ", "
        + (TLSContext.version ?? "TLS")
      : "HTTP/1.1" + (version.map { " and h2c, nghttp2 \($0)" } ?? "")
    if tlsMissing {
      log.server(
        "libssl.so.3 could not be loaded: serving plaintext (install libssl3 for TLS)")
    }
    log.server(
      "pushsim serve: listening on \(secure ? "https" : "http")://\(configuration.host):\(port) "
        + "(\(protocols)), environment " + configuration.environment.rawValue,
      [
        ("host", JSONValue(.string(configuration.host))),
        ("port", JSONValue(.number(JSONNumber(port)))),
        ("environment", JSONValue(.string(configuration.environment.rawValue))),
        ("http2", JSONValue(.bool(speaksHTTP2))), ("tls", JSONValue(.bool(secure))),
      ])
    if !speaksHTTP2 {
      log.server(
        "libnghttp2.so.14 could not be loaded: HTTP/1.1 only (install libnghttp2-14 for h2c)")
    }
    await devices.removeMarkedApps()
    for line in await devices.tokenLines() {
      log.server(
        "  \(line.device)  \(line.environment)  \(line.kind)  \(line.token)",
        [
          ("device", JSONValue(.string(line.device))),
          ("environment", JSONValue(.string(line.environment))),
          ("kind", JSONValue(.string(line.kind))), ("token", JSONValue(.string(line.token))),
        ])
    }
    if let key = configuration.providerKey {
      log.model(
        "provider tokens are checked for their shape, age (one hour) and ES256 signature with "
          + "key \(key.keyID) of team \(key.teamID)")
    } else {
      log.model(
        "provider tokens are checked for their shape (ES256, kid, iss, iat) and age (one hour); "
          + "their signature is not checked (give --auth-key, --key-id and --team-id to check it)")
    }
    log.model(
      "each device keeps its newest \(configuration.limits.deviceWindow) pushes (--device-window): "
        + "their records, the events since the oldest of them, and as many notifications in "
        + "Notification Center; older ones leave it, and the API says when a check cannot see them")
    let server = self
    Thread.detachNewThread { server.acceptLoop() }
  }

  /// Stops listening and ends every open connection: each HTTP/2 connection with `GOAWAY`
  /// `Shutdown`, as APNs ends its connections when it goes down (waited for up to
  /// ``goAwayWait``), the others at once.
  public func stop() {
    // Descriptors are shut down under the lock: a connection's thread (and the accept loop)
    // leaves the state under it before closing its descriptor, so no number shut down here
    // can have been reused by another socket of the process (another server, or a client).
    let first = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      if !state.listenerClosed { Socket.shutDown(listener) }
      for fd in state.open.keys where !state.http2.contains(fd) { Socket.shutDown(fd) }
      return true
    }
    guard first else { return }
    faults.endHTTP2Connections()
    wakeHTTP2Connections()
    let deadline = ContinuousClock.now + Self.goAwayWait
    while state.withLock({ !$0.http2.isEmpty }), ContinuousClock.now < deadline {
      usleep(5_000)
    }
    state.withLock { state in
      for fd in state.open.keys { Socket.shutDown(fd) }
    }
    stopped.give(())
  }

  /// How long ``stop()`` gives HTTP/2 connections to send their `GOAWAY`.
  static let goAwayWait: Duration = .seconds(1)

  /// Returns once ``stop()`` has been called (`pushsim serve` waits here until interrupted).
  public func waitUntilStopped() async {
    await stopped.value()
  }

  private func acceptLoop() {
    while let fd = Socket.accept(listener) {
      if faults.faults.refuseConnections {
        // A fault: the connection is closed before anything is read (Rules.md §18.5).
        Socket.close(fd)
        continue
      }
      let idle = IdleMark()
      let admitted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        if state.open.count >= limits.connections {
          // Idle connections never lock others out: the one idle longest is closed.
          guard let oldest = Self.longestIdle(state.open) else { return false }
          state.open[oldest] = nil
          state.http2.remove(oldest)
          Socket.shutDown(oldest)
        }
        state.open[fd] = idle
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
        server.serve(fd, idle: idle)
        server.state.withLock { state in
          state.open[fd] = nil
        }
        Socket.close(fd)
      }
    }
    state.withLock { state in
      state.listenerClosed = true
      Socket.close(listener)
    }
  }

  // MARK: Connections

  static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

  /// Serves one connection: the TLS handshake when serving TLS, then sniffs the first bytes
  /// for the HTTP/2 preface.
  private func serve(_ fd: Int32, idle: IdleMark) {
    Socket.setTimeouts(fd, milliseconds: limits.requestTimeout)
    var tls: TLSConnection?
    if let tlsContext {
      switch tlsContext.accept(fd) {
      case .success(let connection): tls = connection
      case .failure(let error):
        log.server("a TLS handshake failed: \(error.description)")
        return
      }
    }
    let stream = ConnectionStream(fd: fd, tls: tls, idle: idle)
    let authentication = ConnectionAuthentication(
      certificate: tls?.clientCertificate, key: providerKey)
    var first: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    var deadline = RequestDeadline(limit: limits.requestTimeout)
    while first.count < Self.preface.count,
      first.elementsEqual(Self.preface.prefix(first.count))
    {
      idle.mark(idle: first.isEmpty)
      let timeout = first.isEmpty ? limits.idleTimeout : deadline.remaining()
      let read = buffer.withUnsafeMutableBytes { stream.read(into: $0, timeout: timeout) }
      idle.mark(idle: false)
      guard case .bytes(let count) = read else { return }
      first += buffer[..<count]
    }
    if first.starts(with: Self.preface) {
      guard speaksHTTP2 else {
        log.server("an HTTP/2 connection was closed: libnghttp2 is not available")
        return
      }
      state.withLock { _ = $0.http2.insert(fd) }
      HTTP2Connection(stream: stream, server: self, authentication: authentication)
        .run(first: first)
      state.withLock { _ = $0.http2.remove(fd) }
    } else {
      serveHTTP1(stream, authentication: authentication, first: first, buffer: &buffer)
    }
  }

  private func serveHTTP1(
    _ stream: ConnectionStream, authentication: ConnectionAuthentication, first: [UInt8],
    buffer: inout [UInt8]
  ) {
    var executor = ConnectionExecutor()
    defer { executor.retire() }
    var parser = HTTP1Parser(limits: limits)
    parser.feed(first)
    var deadline = RequestDeadline(limit: limits.requestTimeout)
    var warned = false
    while true {
      switch parser.next() {
      case .needMore:
        if !parser.hasBufferedBytes { deadline.reset() }
        let timeout = parser.hasBufferedBytes ? deadline.remaining() : limits.idleTimeout
        stream.idle.mark(idle: !parser.hasBufferedBytes)
        let read = buffer.withUnsafeMutableBytes { stream.read(into: $0, timeout: timeout) }
        stream.idle.mark(idle: false)
        guard case .bytes(let count) = read else { return }
        parser.feed(buffer[..<count])
      case .fail(let status, let message):
        let response = ServedDevices.error(status, message)
        _ = stream.write(HTTP1Parser.serialize(response, keepAlive: false))
        return
      case .request(var request, var keepAlive):
        deadline.reset()
        if !warned {
          warned = true
          log.model(
            "this connection speaks HTTP/1.1; APNs itself requires HTTP/2 (PushSim answers both)")
        }
        // Over HTTP/1.1 a refused connection is answered, then closed.
        if authenticate(&request, on: authentication) != nil { keepAlive = false }
        let response = answer(request, on: &executor)
        guard stream.write(HTTP1Parser.serialize(response, keepAlive: keepAlive)), keepAlive
        else { return }
      }
    }
  }

  /// The answer to `request`, made on this (the connection's) thread, which runs `executor`'s
  /// jobs meanwhile: the devices' answer or, after ``ServeLimits/deviceTimeout``, 500
  /// `InternalServerError`, whichever comes first. A late answer is dropped; its task goes on
  /// in the elastic pool, and `executor` is a new one.
  func answer(_ request: ServeRequest, on executor: inout ConnectionExecutor) -> ServeResponse {
    if request.path == "/pushsim/v1/faults" { return faultsAPI(request) }
    if request.path.hasPrefix("/3/") {
      let current = faults.faults
      if current.delay > 0 { usleep(useconds_t(current.delay) * 1000) }
      if let status = current.status(at: now()) {
        return faultAnswer(request, status: status)
      }
    }
    let shot = OneShot<ServeResponse>()
    let devices = self.devices
    let running = executor
    shot.whenAnswered { _ in running.wake() }
    let deadline = Date(timeIntervalSinceNow: Double(limits.deviceTimeout) / 1000)
    let answered = running.run(
      starting: { Task(executorPreference: running) { shot.give(await devices.handle(request)) } },
      until: { shot.isAnswered }, deadline: deadline)
    if answered, let answer = shot.answer { return answer }
    running.retire()
    executor = ConnectionExecutor()
    return APNsAnswer.make(
      status: 500, apnsID: UUID().uuidString.lowercased(), uniqueID: nil,
      reason: ServeReason.internalServerError.rawValue)
  }

  /// Sets `request`'s credentials as its connection judges them (APNs requests only). Returns
  /// the reason APNs ends the connection with, instead of answering, when it refuses the
  /// connection itself: a client certificate of the other environment (Rules.md §18.3).
  func authenticate(
    _ request: inout ServeRequest, on connection: ConnectionAuthentication
  ) -> String? {
    guard request.path.hasPrefix("/3/") else { return nil }
    let verdict = connection.judge(request, now: now())
    request.authentication = verdict
    guard case .certificate(let certificate) = verdict, certificate.bundleID != nil,
      !certificate.environments.contains(environment)
    else { return nil }
    let reason = ServeReason.badCertificateEnvironment.rawValue
    if request.wire == .http2 {
      log.server(
        "a connection's client certificate is not for \(environment.rawValue): GOAWAY \(reason)")
    }
    return reason
  }

  var serveLimits: ServeLimits { limits }

  /// The connection idle longest, claimed for closing (`open` is the state's); `nil` when all
  /// are inside a request.
  private static func longestIdle(_ open: [Int32: IdleMark]) -> Int32? {
    while true {
      let idle = open.compactMap { fd, mark in mark.idleSince.map { (fd, $0) } }
      guard let oldest = idle.min(by: { $0.1 < $1.1 }) else { return nil }
      if open[oldest.0]?.claim(idleSince: oldest.1) == true { return oldest.0 }
    }
  }

  /// A server-wide status fault's answer: 500 `InternalServerError` or 503 `ServiceUnavailable`.
  private func faultAnswer(_ request: ServeRequest, status: Int) -> ServeResponse {
    let reason: ServeReason = status == 500 ? .internalServerError : .serviceUnavailable
    let requestID = request.values("apns-id").first
    let response = APNsAnswer.make(
      status: status,
      apnsID: requestID.flatMap { APNsVerdict.isCanonicalUUID($0) ? $0 : nil }
        ?? UUID().uuidString.lowercased(),
      uniqueID: environment == .development ? UUID().uuidString.lowercased() : nil,
      reason: reason.rawValue)
    log.request(
      request, at: now(), device: nil, response: response, reason: reason.rawValue,
      message: "a fault set on the server")
    return response
  }

  /// `GET`, `PUT` (or `POST`) and `DELETE /pushsim/v1/faults` (CommandLine.md, "Faults").
  private func faultsAPI(_ request: ServeRequest) -> ServeResponse {
    let time = now()
    var response: ServeResponse
    switch request.method {
    case "GET":
      response = ServedDevices.json(200, faults.faults.json(now: time))
    case "DELETE":
      faults.set(ServeFaults(), goAway: false)
      response = ServedDevices.json(200, faults.faults.json(now: time))
    case "PUT", "POST":
      do {
        let document = try JSONDocument(parsing: request.body, maximumDepth: 8)
        let source = SourceFile(
          path: "request body", url: URL(fileURLWithPath: "/request-body.json"),
          bytes: request.body)
        let (decoded, goAway) = try ServeFaults.decode(
          Node(root: document.root, source: source), now: time)
        faults.set(decoded, goAway: goAway)
        if goAway { wakeHTTP2Connections() }
        response = ServedDevices.json(200, faults.faults.json(now: time))
      } catch let error as ScenarioError {
        response = ServedDevices.error(400, error.description)
      } catch {
        response = ServedDevices.error(400, "the body is not JSON: \(error)")
      }
    default:
      response = ServedDevices.error(405, "use GET, PUT or DELETE on /pushsim/v1/faults")
    }
    log.request(request, at: time, device: nil, response: response, reason: nil, message: nil)
    return response
  }

  /// Wakes every HTTP/2 connection's thread (its reads end; writes still work), so that each
  /// sends `GOAWAY` `Shutdown` at once.
  private func wakeHTTP2Connections() {
    // Under the lock, for the reason given in ``stop()``.
    state.withLock { state in
      for fd in state.http2 { Socket.shutDownReading(fd) }
    }
  }
}
