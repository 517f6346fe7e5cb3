import CPushCurl

/// libcurl, loaded at run time and used only as a TLS pipe for ``TLSStream``: connect, handshake
/// (certificate and host name verified against the system's CA store), then raw decrypted bytes
/// with `curl_easy_send` and `curl_easy_recv`. PushSim's own HTTP/1.1 client runs on top, so
/// libcurl never reads a byte of the response that the client did not ask for (Rules.md §7).
///
/// The C target `CPushCurl` loads the library with `dlopen` (there is no link-time dependency:
/// swift-corelibs-foundation's `FoundationNetworking` links `libcurl.so.4` on Linux, so wherever
/// `URLSession` works the library is already in the process) and makes the variadic
/// `curl_easy_setopt` and `curl_easy_getinfo` calls from C, behind fixed-argument functions.
/// Where the library cannot be loaded, ``shared`` is `nil` (the media fetcher then downloads
/// `https:` with `URLSession`).
package struct LibCurl: Sendable {
  /// The library, loaded once per process; `nil` where `libcurl.so.4` or one of its functions
  /// is missing.
  package static let shared: LibCurl? = pushsim_curl_load() == 1 ? LibCurl() : nil

  /// A libcurl easy handle.
  package typealias Handle = OpaquePointer

  private init() {}

  /// `curl_easy_init`.
  func easyInit() -> Handle? { pushsim_curl_easy_init() }

  /// `curl_easy_setopt` with a `long` option.
  func setLong(_ handle: Handle, _ option: Int32, _ value: Int) -> Int32 {
    pushsim_curl_setopt_long(handle, option, value)
  }

  /// `curl_easy_setopt` with a `char *` or `void *` option.
  func setPointer(_ handle: Handle, _ option: Int32, _ value: UnsafeRawPointer?) -> Int32 {
    pushsim_curl_setopt_pointer(handle, option, value)
  }

  /// `CURLOPT_SOCKOPTFUNCTION`.
  func setSocketOptionFunction(_ handle: Handle, _ callback: pushsim_curl_sockopt_callback)
    -> Int32
  {
    pushsim_curl_setopt_sockopt_function(handle, callback)
  }

  /// `CURLOPT_XFERINFOFUNCTION`.
  func setTransferInfoFunction(_ handle: Handle, _ callback: pushsim_curl_xferinfo_callback)
    -> Int32
  {
    pushsim_curl_setopt_xferinfo_function(handle, callback)
  }

  /// `curl_easy_perform`.
  func perform(_ handle: Handle) -> Int32 { pushsim_curl_easy_perform(handle) }

  /// `curl_easy_getinfo` with a `curl_socket_t *` info.
  func getSocket(_ handle: Handle, _ info: Int32, _ socket: inout Int32) -> Int32 {
    pushsim_curl_getinfo_socket(handle, info, &socket)
  }

  /// `curl_easy_send`.
  func send(_ handle: Handle, _ bytes: UnsafeRawPointer?, _ count: Int, _ sent: inout Int)
    -> Int32
  {
    pushsim_curl_easy_send(handle, bytes, count, &sent)
  }

  /// `curl_easy_recv`.
  func receive(
    _ handle: Handle, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ received: inout Int
  ) -> Int32 {
    pushsim_curl_easy_recv(handle, buffer, count, &received)
  }

  /// `curl_easy_cleanup`.
  func cleanup(_ handle: Handle) { pushsim_curl_easy_cleanup(handle) }

  /// libcurl's text for a result code.
  func text(_ code: Int32) -> String {
    pushsim_curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
  }
}
