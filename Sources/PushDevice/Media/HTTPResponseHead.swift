import Foundation

/// The status line and header fields of an HTTP/1.x response (RFC 9112 §4–5), as
/// ``HTTPFetcher``'s own http client reads them from an untrusted server.
struct HTTPResponseHead: Sendable, Equatable {
  /// The status code.
  var status: Int
  /// The fields in order, names lowercased.
  var fields: [(name: String, value: String)]

  /// The first value of field `name` (lowercase), trimmed.
  func value(_ name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  /// Every value of field `name` (lowercase).
  func values(_ name: String) -> [String] {
    fields.filter { $0.name == name }.map(\.value)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.status == rhs.status && lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
  }

  /// Why a head is not an HTTP/1 response head.
  struct Malformed: Error {
    /// Why, in plain words.
    var reason: String
  }

  /// The end of the head in `bytes`: the index after its blank line (`CRLF CRLF`, or a bare
  /// `LF LF` as lenient clients accept), or `nil` while it has not arrived.
  static func end(in bytes: [UInt8]) -> Int? {
    var index = 0
    while let newline = bytes[index...].firstIndex(of: 0x0A) {
      let next = newline + 1
      if next < bytes.count && bytes[next] == 0x0A { return next + 1 }
      if next + 1 < bytes.count && bytes[next] == 0x0D && bytes[next + 1] == 0x0A {
        return next + 2
      }
      index = next
    }
    return nil
  }

  /// Parses a complete head (up to and including its blank line); the reason when it is not
  /// an HTTP/1 response head.
  static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPResponseHead, Malformed> {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
    guard let statusLine = lines.first else {
      return .failure(Malformed(reason: "the response is empty"))
    }
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
      parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let status = Int(parts[1])
    else {
      return .failure(Malformed(reason: "the response does not start with an HTTP/1 status line"))
    }
    var fields: [(name: String, value: String)] = []
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else {
        return .failure(Malformed(reason: "the response has a malformed header line"))
      }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      fields.append((line[..<colon].lowercased(), value))
    }
    return .success(HTTPResponseHead(status: status, fields: fields))
  }
}

/// Reads a `Transfer-Encoding: chunked` body (RFC 9112 §7.1) as it arrives, in any pieces.
struct ChunkedBodyReader {
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

  /// Whether the last chunk and the trailers have been read.
  var isDone: Bool { state == .done }

  /// Appends the chunk data in `bytes` to `body`; returns how many bytes it used (fewer than
  /// given only once the body is done). Throws the reason when the framing is malformed.
  mutating func read(_ bytes: ArraySlice<UInt8>, into body: inout [UInt8]) throws(ChunkError)
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
  static func chunkSize(_ text: ArraySlice<UInt8>) throws(ChunkError) -> Int {
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
  struct ChunkError: Error {
    /// Why, in plain words.
    var reason: String
  }
}
