import Foundation

/// The status line and header fields of an HTTP/1.x response (RFC 9112 §4–5), as
/// ``HTTPExchange`` reads them from an untrusted server.
package struct HTTPResponseHead: Sendable, Equatable {
  /// The status code.
  package var status: Int
  /// The fields in order, names lowercased.
  package var fields: [(name: String, value: String)]

  /// The first value of field `name` (lowercase), trimmed.
  package func value(_ name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  /// Every value of field `name` (lowercase).
  package func values(_ name: String) -> [String] {
    fields.filter { $0.name == name }.map(\.value)
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.status == rhs.status && lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
  }

  /// Why a head is not an HTTP/1 response head.
  package struct Malformed: Error {
    /// Why, in plain words.
    package var reason: String
  }

  /// The end of the head in `bytes`: the index after its blank line (`CRLF CRLF`, or a bare
  /// `LF LF` as lenient clients accept), or `nil` while it has not arrived.
  package static func end(in bytes: [UInt8]) -> Int? {
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
  /// an HTTP/1 response head. A field whose name is not a token (a control byte, a space, a
  /// byte outside ASCII) or whose value holds a NUL or a bare CR makes the whole head
  /// malformed (RFC 9110 §5.1, §5.5, which let a recipient reject it): such a field never
  /// reaches the app as it is (Rules.md §7).
  package static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPResponseHead, Malformed> {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
    guard let statusBytes = lines.first else {
      return .failure(Malformed(reason: "the response is empty"))
    }
    let statusLine = String(decoding: statusBytes, as: UTF8.self)
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
      parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let status = Int(parts[1])
    else {
      return .failure(Malformed(reason: "the response does not start with an HTTP/1 status line"))
    }
    var fields: [(name: String, value: String)] = []
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex else {
        return .failure(Malformed(reason: "the response has a malformed header line"))
      }
      let name = line[..<colon]
      let value = line[line.index(after: colon)...]
      guard name.allSatisfy(HTTPToken.contains) else {
        return .failure(
          Malformed(
            reason: "the response has a header field whose name \(Self.quoted(name)) is not a "
              + "token (a control byte, a space or a separator)"))
      }
      if let bad = value.first(where: { $0 == 0x00 || $0 == 0x0D }) {
        return .failure(
          Malformed(
            reason: "the response's header field \(Self.quoted(name)) has a "
              + "\(bad == 0 ? "NUL" : "bare CR") in its value"))
      }
      let text = String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      fields.append((String(decoding: name, as: UTF8.self).lowercased(), text))
    }
    return .success(HTTPResponseHead(status: status, fields: fields))
  }

  /// A field name from the server, quoted for a message with its control bytes escaped.
  private static func quoted(_ name: ArraySlice<UInt8>) -> String {
    String(decoding: name.prefix(64), as: UTF8.self).debugDescription
  }

  /// The length a `Content-Length` header announces, read as sent: a length too large for
  /// `Int64` is `Int64.max` (Foundation would report it as unknown, and the download would
  /// wait out the whole budget); `fallback` when the header is absent or not a number.
  package static func announcedLength(_ header: String?, fallback: Int64) -> Int64 {
    guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty,
      header.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return fallback }
    return Int64(header) ?? Int64.max
  }
}
