// libFuzzer target for the response head parser (issue 34): the end of a head in any bytes,
// the parse of what it finds, and each Content-Length read as the exchange reads it. The
// bytes come from a media server, so nothing here may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  let end = HTTPResponseHead.end(in: bytes)
  // The end is past a line feed and within the bytes.
  if let end { precondition(end >= 2 && end <= bytes.count && bytes[end - 1] == 0x0A) }
  if case .success(let head) = HTTPResponseHead.parse(bytes[..<(end ?? bytes.count)]) {
    precondition((0...999).contains(head.status))
    for value in head.values("content-length") {
      _ = HTTPResponseHead.announcedLength(value, fallback: -1)
    }
    _ = head.value("transfer-encoding")
  }
  return 0
}
