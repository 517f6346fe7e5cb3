/// Reads a `Transfer-Encoding: chunked` body (RFC 9112 §7.1) as it arrives, in any pieces.
package struct ChunkedBodyReader {
  /// The longest chunk-size or trailer line accepted.
  static let maximumLine = 4096
  /// The most trailer bytes accepted.
  static let maximumTrailers = 64 * 1024

  private enum State: Equatable {
    case size
    case data(remaining: Int)
    case dataEnd
    case trailers
    case done
  }

  private var state = State.size
  private var line: [UInt8] = []
  private var trailerBytes = 0

  /// A reader at the start of a body.
  package init() {}

  /// Whether the last chunk and the trailers have been read.
  package var isDone: Bool { state == .done }

  /// Appends the chunk data in `bytes` to `body`; returns how many bytes it used (fewer than
  /// given only once the body is done). Throws the reason when the framing is malformed.
  package mutating func read(_ bytes: ArraySlice<UInt8>, into body: inout [UInt8])
    throws(ChunkError)
    -> Int
  {
    var index = bytes.startIndex
    while index < bytes.endIndex && state != .done {
      if case .data(let remaining) = state {
        let take = min(remaining, bytes.endIndex - index)
        body.append(contentsOf: bytes[index..<index + take])
        index += take
        state = remaining == take ? .dataEnd : .data(remaining: remaining - take)
        continue
      }
      let byte = bytes[index]
      index += 1
      guard byte == 0x0A else {
        line.append(byte)
        guard line.count <= Self.maximumLine else {
          throw ChunkError(reason: "a chunk line is longer than \(Self.maximumLine) bytes")
        }
        continue
      }
      if line.last == 0x0D { line.removeLast() }
      defer { line.removeAll(keepingCapacity: true) }
      switch state {
      case .size:
        let size = try Self.chunkSize(line.prefix { $0 != 0x3B })
        state = size == 0 ? .trailers : .data(remaining: size)
      case .dataEnd:
        guard line.isEmpty else { throw ChunkError(reason: "a chunk runs past its size") }
        state = .size
      case .trailers:
        trailerBytes += line.count + 1
        guard trailerBytes <= Self.maximumTrailers else {
          throw ChunkError(reason: "the trailers are longer than \(Self.maximumTrailers) bytes")
        }
        if line.isEmpty { state = .done }
      case .data, .done:
        break
      }
    }
    return index - bytes.startIndex
  }

  /// The size a chunk-size line announces: hexadecimal digits only (`1*HEXDIG`, spaces and
  /// tabs around them tolerated), so a sign (`-1`, `+5`) or a prefix (`0x10`) is malformed, and a
  /// size `Int` cannot hold (`fffffffffffffffff`) is refused rather than wrapped or trapped on.
  package static func chunkSize(_ text: ArraySlice<UInt8>) throws(ChunkError) -> Int {
    let digits = text.filter { $0 != 0x20 && $0 != 0x09 }
    guard !digits.isEmpty else { throw ChunkError(reason: "a chunk size is empty") }
    var size = 0
    for digit in digits {
      let value: Int
      switch digit {
      case 0x30...0x39: value = Int(digit - 0x30)
      case 0x41...0x46: value = Int(digit - 0x41 + 10)
      case 0x61...0x66: value = Int(digit - 0x61 + 10)
      default: throw ChunkError(reason: "a chunk size is not a hexadecimal number")
      }
      let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
      guard !overflow else {
        throw ChunkError(reason: "a chunk size is larger than \(Int.max) bytes")
      }
      size = shifted + value  // cannot overflow: `shifted` is a multiple of 16
    }
    return size
  }

  /// Malformed chunked framing.
  package struct ChunkError: Error {
    /// Why, in plain words.
    package var reason: String
  }
}
