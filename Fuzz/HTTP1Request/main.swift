// libFuzzer target for `pushsim serve`'s HTTP/1.1 request reader (issue 46): any bytes from a
// client, fed in pieces whose size the first byte picks, must give requests, a refusal or a
// wait for more, never a trap; the same bytes fed at once must give the same requests; and a
// request's body is exactly its Content-Length.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1Request(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  guard let first = bytes.first else { return 0 }
  let input = Array(bytes.dropFirst())
  var limits = ServeLimits()
  limits.head = 512
  limits.body = 256
  let piece = Int(first % 17) + 1
  let whole = steps(input, pieceSize: input.count + 1, limits: limits)
  let pieces = steps(input, pieceSize: piece, limits: limits)
  precondition(whole == pieces, "pieces of \(piece) bytes read \(pieces), at once \(whole)")
  return 0
}

/// What the reader gives for `input` fed `pieceSize` bytes at a time, as text.
private func steps(_ input: [UInt8], pieceSize: Int, limits: ServeLimits) -> [String] {
  var parser = HTTP1Parser(limits: limits)
  var seen: [String] = []
  var offset = 0
  while true {
    switch parser.next() {
    case .needMore:
      guard offset < input.count else { return seen }
      let end = min(input.count, offset + pieceSize)
      parser.feed(input[offset..<end])
      offset = end
    case .fail(let status, _):
      precondition([400, 431, 501].contains(status))
      seen.append("fail \(status)")
      return seen
    case .request(let request, let keepAlive):
      let length = request.values("content-length").first.flatMap { Int($0) } ?? 0
      precondition(request.bodyTooLarge || request.body.count == length)
      precondition(request.path.hasPrefix("/"))
      let response = ServeResponse(status: 200, fields: request.fields, body: request.body)
      _ = HTTP1Parser.serialize(response, keepAlive: keepAlive)
      seen.append("\(request.method) \(request.path) \(request.body.count) \(keepAlive)")
      guard keepAlive, !request.bodyTooLarge else { return seen }
    }
  }
}
