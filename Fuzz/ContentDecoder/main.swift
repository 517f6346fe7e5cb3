// libFuzzer target for the gzip and deflate decoder (issue 34). The first byte picks the
// encoding (bit 0), the cap (bits 1 to 3: 1 byte to 64 KiB) and the size of the pieces a
// stream is fed in (bits 4 to 7); decoding the pieces must end as decoding the whole does, also
// when each piece is decoded in slices of a small budget, paused and resumed (issue 36: the
// inflater resumes inside a block). The bytes come from a media server, so nothing here may
// trap except a broken invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  guard let first = bytes.first else { return 0 }
  let encoded = Array(bytes.dropFirst())
  let encoding: ContentDecoder.Encoding = first & 1 == 0 ? .gzip : .deflate
  let cap = 1 << (2 * Int((first >> 1) & 7) + 2)
  let pieceSize = 1 << Int(first >> 4)
  // Slices from 1 byte (a pause after every symbol) up.
  let budget = 1 + (pieceSize - 1) * 3

  let whole = ContentDecoder.decode(encoded, as: encoding, cap: cap)
  switch whole {
  case .complete(let output): precondition(output.count < cap)
  case .reachedCap(let output): precondition(output.count == cap)
  case .needsMoreInput, .corrupt: break
  case .paused: preconditionFailure("decoding without a budget paused")
  }

  var stream = ContentDecoder.Stream(encoding: encoding, cap: cap)
  var outcome = ContentDecoder.Outcome.needsMoreInput
  var offset = 0
  while offset < encoded.count, outcome == .needsMoreInput {
    let end = min(offset + pieceSize, encoded.count)
    stream.append(encoded[offset..<end])
    outcome = stream.advance(budget: budget)
    while outcome == .paused { outcome = stream.advance(budget: budget) }
    offset = end
  }
  if encoded.isEmpty { outcome = stream.advance() }
  precondition(outcome == whole, "decoding in pieces ends otherwise than decoding the whole")
  return 0
}
