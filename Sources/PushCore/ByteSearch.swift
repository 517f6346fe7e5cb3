#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding a byte in a run of bytes with the C library's `memchr`, which compares many bytes
/// per step: `validate --jsonl` splits its input into lines with it.
package enum ByteSearch {
  /// The index of the first `byte` in `bytes`, or `nil` when there is none.
  package static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      firstIndex(of: byte, in: buffer, from: 0).map { bytes.startIndex + $0 }
    }
  }

  /// The index of the first `byte` in `buffer` at or after `start`, or `nil` when there is
  /// none.
  package static func firstIndex(
    of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let base = buffer.baseAddress, start >= 0, start < buffer.count,
      let found = memchr(base + start, Int32(byte), buffer.count - start)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}
