// libFuzzer target for the chunked body reader (issue 34). The first byte sets the size of the
// pieces the rest is fed in (1 to 256), as a socket would cut it; the same bytes fed whole must
// give the same body, the same end and the same verdict. The bytes come from a media server, so
// nothing here may trap except a broken invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChunkedBody(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  guard let first = bytes.first else { return 0 }
  let framed = Array(bytes.dropFirst())
  let pieceSize = Int(first) + 1

  var whole = ChunkedBodyReader()
  var wholeBody: [UInt8] = []
  let wholeUsed = try? whole.read(framed[...], into: &wholeBody)

  var pieces = ChunkedBodyReader()
  var piecesBody: [UInt8] = []
  var piecesUsed: Int? = 0
  var offset = 0
  while offset < framed.count && !pieces.isDone {
    let piece = framed[offset..<min(offset + pieceSize, framed.count)]
    guard let used = try? pieces.read(piece, into: &piecesBody) else {
      piecesUsed = nil
      break
    }
    precondition(used <= piece.count && (used == piece.count || pieces.isDone))
    piecesUsed = (piecesUsed ?? 0) + used
    offset += piece.count
  }
  precondition((wholeUsed == nil) == (piecesUsed == nil), "the verdict depends on the pieces")
  if let wholeUsed, let piecesUsed {
    precondition(wholeUsed == piecesUsed && whole.isDone == pieces.isDone)
    precondition(wholeBody == piecesBody, "the body depends on the pieces")
  }
  return 0
}
