import CPushNGHTTP2
import Foundation

/// One HTTP/2 connection (h2c, or TLS with ALPN `h2`): nghttp2 reads the frames (HPACK, flow
/// control, CONTINUATION, PING, SETTINGS, RFC 9113's header checks), this gathers each stream's
/// request under the limits, has the server answer it, and writes what nghttp2 gives back.
///
/// APNs's connection rules (Rules.md §18.4): one stream until a request is authenticated, then
/// ``ServeLimits/streams``; connection-ending answers as GOAWAY with `{"reason": …}`.
///
/// A class used only on its connection's thread: nghttp2's callbacks reach it through the
/// session's context pointer while ``run(first:)`` is inside `pushsim_h2_recv`.
final class HTTP2Connection {
  private struct PartialRequest {
    var method = ""
    var path = ""
    var fields: [HeaderField] = []
    var headerBytes = 0
    var body: [UInt8] = []
    var bodyTooLarge = false
  }

  private let stream: ConnectionStream
  private let server: PushServer
  private let limits: ServeLimits
  private let authentication: ConnectionAuthentication
  /// Runs the requests' tasks on this connection's thread (retired when the connection ends).
  private var executor = ConnectionExecutor()
  private var streams: [Int32: PartialRequest] = [:]
  private var complete: [Int32] = []
  /// The SETTINGS_MAX_CONCURRENT_STREAMS last advertised.
  private var advertised = 0
  private var ended = false
  /// While requests are under way, the next must complete within the request timeout of the
  /// last one answered (or of the first byte): a stream trickled in (slowloris) ends there.
  private var deadline: RequestDeadline
  /// The server's `GOAWAY` fault generation when the connection began.
  private let generation: Int

  init(stream: ConnectionStream, server: PushServer, authentication: ConnectionAuthentication) {
    self.stream = stream
    self.server = server
    self.limits = server.serveLimits
    self.authentication = authentication
    self.generation = server.faults.generation
    self.deadline = RequestDeadline(limit: server.serveLimits.requestTimeout)
  }

  /// Serves the connection; `first` holds the bytes already read (the preface and more).
  func run(first: [UInt8]) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard
      let session = pushsim_h2_new(
        context, Self.onHeader, Self.onData, Self.onRequest, Self.onClose,
        UInt32(clamping: advertise()),
        UInt32(clamping: limits.head))
    else { return }
    defer {
      pushsim_h2_free(session)
      executor.retire()
    }
    guard feed(first, to: session), flush(session) else { return }
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while !ended, pushsim_h2_want_read(session) != 0 || pushsim_h2_want_write(session) != 0 {
      let idle = streams.isEmpty
      if idle { deadline.reset() }
      let timeout = idle ? limits.idleTimeout : deadline.remaining()
      stream.idle.mark(idle: idle)
      let read = buffer.withUnsafeMutableBytes { stream.read(into: $0, timeout: timeout) }
      stream.idle.mark(idle: false)
      if server.faults.generation != generation {
        // The server stops, or a fault says it does (Rules.md §18.5).
        goAway("Shutdown", lastStream: -1, session: session)
        return
      }
      if case .timedOut = read, idle {
        // APNs's answer to a connection left idle (Rules.md §18.4).
        goAway("IdleTimeout", lastStream: -1, session: session)
        return
      }
      guard case .bytes(let count) = read else { return }
      guard feed(buffer[..<count], to: session), flush(session) else { return }
    }
  }

  /// The streams the connection may have open now, remembered as advertised: one until a
  /// request is authenticated, then the limit (or a fault's).
  private func advertise() -> Int {
    let open = server.faults.faults.maxConcurrentStreams ?? limits.streams
    advertised =
      authentication.isAuthenticated ? open : min(open, limits.streamsBeforeAuthentication)
    return advertised
  }

  /// Ends the connection as APNs does: GOAWAY (NO_ERROR) naming `lastStream` (negative: the
  /// last one processed), with `{"reason": …}` as its debug data.
  private func goAway(_ reason: String, lastStream: Int32, session: OpaquePointer) {
    let debug = Array("{\"reason\":\"\(reason)\"}".utf8)
    _ = debug.withUnsafeBufferPointer {
      pushsim_h2_goaway(session, lastStream, 0, $0.baseAddress, $0.count)
    }
    _ = flush(session)
    ended = true
  }

  /// Hands bytes to nghttp2, then answers the requests they completed.
  private func feed(_ bytes: some Collection<UInt8>, to session: OpaquePointer) -> Bool {
    let consumed = Array(bytes).withUnsafeBufferPointer { buffer in
      pushsim_h2_recv(session, buffer.baseAddress, buffer.count)
    }
    guard consumed >= 0 else { return false }
    var index = 0
    defer { complete.removeAll() }
    while index < complete.count, !ended {
      let id = complete[index]
      index += 1
      guard let partial = streams[id] else { continue }
      var request = ServeRequest(
        method: partial.method, path: partial.path, fields: partial.fields, body: partial.body,
        bodyTooLarge: partial.bodyTooLarge, wire: .http2)
      if let reason = server.authenticate(&request, on: authentication) {
        // A connection APNs refuses outright (Rules.md §18.3): GOAWAY, the request unprocessed.
        goAway(reason, lastStream: 0, session: session)
        return false
      }
      respond(server.answer(request, on: &executor), on: id, session: session)
      deadline.reset()
      let advertisedBefore = advertised
      if advertise() != advertisedBefore {
        _ = pushsim_h2_set_max_concurrent_streams(session, UInt32(clamping: advertised))
      }
      guard flush(session) else { return false }
    }
    return true
  }

  private func respond(_ response: ServeResponse, on stream: Int32, session: OpaquePointer) {
    var fields = [HeaderField(":status", String(response.status))] + response.fields
    if !response.body.isEmpty {
      fields.append(HeaderField("content-length", String(response.body.count)))
    }
    let names = fields.map { strdup($0.name) }
    let values = fields.map { strdup($0.value) }
    defer {
      names.forEach { free($0) }
      values.forEach { free($0) }
    }
    let nameLengths = fields.map { $0.name.utf8.count }
    let valueLengths = fields.map { $0.value.utf8.count }
    let constNames = names.map { UnsafePointer($0) }
    let constValues = values.map { UnsafePointer($0) }
    _ = response.body.withUnsafeBufferPointer { body in
      pushsim_h2_respond(
        session, stream, constNames, nameLengths, constValues, valueLengths, fields.count,
        body.baseAddress, body.count)
    }
  }

  /// Writes everything nghttp2 has to send; false when the peer is gone or nghttp2 failed.
  private func flush(_ session: OpaquePointer) -> Bool {
    while true {
      var data: UnsafePointer<UInt8>?
      let count = pushsim_h2_send(session, &data)
      if count < 0 { return false }
      guard count > 0, let data else { return true }
      guard stream.write(UnsafeRawBufferPointer(start: data, count: count)) else {
        return false
      }
    }
  }

  // MARK: nghttp2's callbacks

  private static func connection(_ context: UnsafeMutableRawPointer?) -> HTTP2Connection? {
    context.map { Unmanaged<HTTP2Connection>.fromOpaque($0).takeUnretainedValue() }
  }

  private static let onHeader: pushsim_h2_header_callback = {
    context, stream, name, nameLength, value, valueLength in
    guard let connection = connection(context), let name, let value else {
      return PUSHSIM_H2_FAIL_SESSION
    }
    let nameText = String(
      decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self)
    let valueText = String(
      decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self)
    var partial = connection.streams[stream] ?? PartialRequest()
    // RFC 9113 §6.5.2: a field's size is its name, its value and 32.
    partial.headerBytes += nameLength + valueLength + 32
    guard partial.headerBytes <= connection.limits.head else {
      connection.streams[stream] = nil
      return PUSHSIM_H2_RESET_STREAM
    }
    switch nameText {
    case ":method": partial.method = valueText
    case ":path": partial.path = valueText
    case ":scheme", ":authority": break
    default: partial.fields.append(HeaderField(nameText, valueText))
    }
    connection.streams[stream] = partial
    return 0
  }

  private static let onData: pushsim_h2_data_callback = { context, stream, data, length in
    guard let connection = connection(context) else { return PUSHSIM_H2_FAIL_SESSION }
    guard var partial = connection.streams[stream] else { return 0 }
    if partial.bodyTooLarge || partial.body.count + length > connection.limits.body {
      partial.bodyTooLarge = true
      partial.body = []
    } else if let data {
      partial.body.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
    }
    connection.streams[stream] = partial
    return 0
  }

  private static let onRequest: pushsim_h2_request_callback = { context, stream in
    guard let connection = connection(context) else { return PUSHSIM_H2_FAIL_SESSION }
    if connection.streams[stream] != nil { connection.complete.append(stream) }
    return 0
  }

  private static let onClose: pushsim_h2_close_callback = { context, stream, _ in
    connection(context)?.streams[stream] = nil
  }
}
