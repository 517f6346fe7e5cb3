/// A connection ``HTTPExchange`` speaks HTTP/1.1 over: a plain TCP socket (``HTTPSocket``) for
/// `http:`, or a TLS session (``TLSStream``) for `https:`. Either one reads only when asked, so
/// every byte taken from the network is one the download wanted (Rules.md §7).
protocol ByteStream: AnyObject {
  /// Sends every byte of `bytes`, within the download's deadline.
  func write(_ bytes: [UInt8]) throws(HTTPError)

  /// Reads what has arrived, at most `buffer.count` bytes, waiting for some within the
  /// download's deadline; 0 at the end of the stream.
  func receive(into buffer: inout [UInt8]) throws(HTTPError) -> Int
}
