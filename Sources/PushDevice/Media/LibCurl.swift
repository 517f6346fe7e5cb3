#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libcurl, loaded at run time and used only as a TLS pipe for ``TLSStream``: connect, handshake
/// (certificate and host name verified against the system's CA store), then raw decrypted bytes
/// with `curl_easy_send` and `curl_easy_recv`. PushSim's own HTTP/1.1 client runs on top, so
/// libcurl never reads a byte of the response that the client did not ask for (Rules.md §7).
///
/// Why `dlopen`: the package has no C targets or dependencies, and swift-corelibs-foundation's
/// `FoundationNetworking` links `libcurl.so.4` on Linux, so wherever `URLSession` works the
/// library is already in the process. Where it cannot be loaded, ``shared`` is `nil` and
/// ``HTTPFetcher`` downloads `https:` with `URLSession` as before.
///
/// `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions; they are called here
/// through fixed `@convention(c)` types with the argument the option takes (`Int` for `long`,
/// a pointer for `char *`, `void *` and function pointers, a pointer to `Int32` for
/// `curl_socket_t *`). On the x86-64 System V and AArch64 (Linux) calling conventions, integer
/// and pointer arguments of a variadic call travel in the same registers as those of a fixed
/// call, so the callee's `va_arg` reads them correctly (on x86-64 a variadic callee also reads
/// `%al`, the count of vector registers used, only to decide whether to spill them). Apple's
/// arm64 convention differs (variadic arguments go on the stack), but there the library is
/// never found and this path is unused.
final class LibCurl: @unchecked Sendable {
  // @unchecked: every stored property is an immutable C function pointer into a library that
  // is never unloaded.

  /// The library, loaded once per process; `nil` where `libcurl.so.4` or one of its functions
  /// is missing.
  static let shared: LibCurl? = LibCurl()

  typealias Handle = OpaquePointer

  let easyInit: @convention(c) () -> Handle?
  let setLong: @convention(c) (Handle?, Int32, Int) -> Int32
  let setPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
  let perform: @convention(c) (Handle?) -> Int32
  let getSocket: @convention(c) (Handle?, Int32, UnsafeMutablePointer<Int32>?) -> Int32
  let send: @convention(c) (Handle?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32
  let receive:
    @convention(c) (Handle?, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32
  let cleanup: @convention(c) (Handle?) -> Void
  let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?

  private init?() {
    guard let library = dlopen("libcurl.so.4", RTLD_NOW) else { return nil }
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      guard let address = dlsym(library, name) else { return nil }
      return unsafeBitCast(address, to: type)
    }
    guard
      let globalInit = symbol(
        "curl_global_init", as: (@convention(c) (Int) -> Int32).self),
      let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
      let setLong = symbol(
        "curl_easy_setopt", as: (@convention(c) (Handle?, Int32, Int) -> Int32).self),
      let setPointer = symbol(
        "curl_easy_setopt",
        as: (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
      let perform = symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> Int32).self),
      let getSocket = symbol(
        "curl_easy_getinfo",
        as: (@convention(c) (Handle?, Int32, UnsafeMutablePointer<Int32>?) -> Int32).self),
      let send = symbol(
        "curl_easy_send",
        as: (@convention(c) (Handle?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32)
          .self),
      let receive = symbol(
        "curl_easy_recv",
        as: (@convention(c) (
          Handle?, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?
        ) -> Int32).self),
      let cleanup = symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
      let errorText = symbol(
        "curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)
    else { return nil }
    // Reference-counted and thread-safe since curl 7.84; called once here so that no handle is
    // made before the library's global state exists.
    guard globalInit(CurlConstant.globalDefault) == CurlConstant.ok else { return nil }
    self.easyInit = easyInit
    self.setLong = setLong
    self.setPointer = setPointer
    self.perform = perform
    self.getSocket = getSocket
    self.send = send
    self.receive = receive
    self.cleanup = cleanup
    self.errorText = errorText
  }

  /// libcurl's text for a result code.
  func text(_ code: Int32) -> String {
    errorText(code).map { String(cString: $0) } ?? "libcurl error \(code)"
  }
}

/// The libcurl constants ``TLSStream`` uses, with their values from `include/curl/curl.h`
/// (`CURLOPT(name, type, number)` is `CURLOPTTYPE_<type> + number`, where `CURLOPTTYPE_LONG` and
/// `CURLOPTTYPE_VALUES` are 0, `CURLOPTTYPE_OBJECTPOINT`, `CURLOPTTYPE_STRINGPOINT` and
/// `CURLOPTTYPE_CBPOINT` 10000, `CURLOPTTYPE_FUNCTIONPOINT` 20000). These numbers are part of
/// libcurl's ABI and never change.
enum CurlConstant {
  // Options (CURLoption).
  /// `CURLOPT_URL`: STRINGPOINT + 2.
  static let url: Int32 = 10_002
  /// `CURLOPT_ERRORBUFFER`: OBJECTPOINT + 10.
  static let errorBuffer: Int32 = 10_010
  /// `CURLOPT_NOPROGRESS`: LONG + 43.
  static let noProgress: Int32 = 43
  /// `CURLOPT_XFERINFODATA` (= `CURLOPT_PROGRESSDATA`): CBPOINT + 57.
  static let transferInfoData: Int32 = 10_057
  /// `CURLOPT_SSL_VERIFYPEER`: LONG + 64.
  static let verifyPeer: Int32 = 64
  /// `CURLOPT_CAINFO`: STRINGPOINT + 65.
  static let certificateAuthorityFile: Int32 = 10_065
  /// `CURLOPT_SSL_VERIFYHOST`: LONG + 81.
  static let verifyHost: Int32 = 81
  /// `CURLOPT_HTTP_VERSION`: VALUES + 84.
  static let httpVersion: Int32 = 84
  /// `CURLOPT_NOSIGNAL`: LONG + 99.
  static let noSignal: Int32 = 99
  /// `CURLOPT_CONNECT_ONLY`: LONG + 141.
  static let connectOnly: Int32 = 141
  /// `CURLOPT_SOCKOPTFUNCTION`: FUNCTIONPOINT + 148.
  static let socketOptionFunction: Int32 = 20_148
  /// `CURLOPT_CONNECTTIMEOUT_MS`: LONG + 156.
  static let connectTimeoutMilliseconds: Int32 = 156
  /// `CURLOPT_PROTOCOLS`: LONG + 181 (deprecated since 7.85 for `CURLOPT_PROTOCOLS_STR`).
  static let protocols: Int32 = 181
  /// `CURLOPT_XFERINFOFUNCTION`: FUNCTIONPOINT + 219.
  static let transferInfoFunction: Int32 = 20_219
  /// `CURLOPT_PROTOCOLS_STR`: STRINGPOINT + 318 (since 7.85).
  static let protocolsString: Int32 = 10_318

  // Option values.
  /// `CURL_HTTP_VERSION_1_1`: ALPN offers only `http/1.1`, so a server never picks HTTP/2 for
  /// the client's HTTP/1.1 bytes.
  static let httpVersion1_1 = 2
  /// `CURLPROTO_HTTPS` (`1 << 1`).
  static let protocolHTTPS = 2
  /// `CURL_GLOBAL_DEFAULT` (= `CURL_GLOBAL_ALL`, `CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32`).
  static let globalDefault = 3
  /// `CURL_SOCKOPT_OK`.
  static let socketOptionOK: Int32 = 0

  // Information (CURLINFO).
  /// `CURLINFO_ACTIVESOCKET`: `CURLINFO_SOCKET` (0x500000) + 44 (since 7.45).
  static let activeSocket: Int32 = 0x50_0000 + 44

  // Result codes (CURLcode).
  /// `CURLE_OK`.
  static let ok: Int32 = 0
  /// `CURLE_COULDNT_RESOLVE_HOST`.
  static let couldNotResolveHost: Int32 = 6
  /// `CURLE_COULDNT_CONNECT`.
  static let couldNotConnect: Int32 = 7
  /// `CURLE_OPERATION_TIMEDOUT`.
  static let timedOut: Int32 = 28
  /// `CURLE_ABORTED_BY_CALLBACK`.
  static let abortedByCallback: Int32 = 42
  /// `CURLE_UNKNOWN_OPTION`.
  static let unknownOption: Int32 = 48
  /// `CURLE_RECV_ERROR`.
  static let receiveError: Int32 = 56
  /// `CURLE_PEER_FAILED_VERIFICATION`.
  static let peerFailedVerification: Int32 = 60
  /// `CURLE_AGAIN`.
  static let again: Int32 = 81
  /// `CURLE_SSL_ISSUER_ERROR`.
  static let issuerError: Int32 = 83
  /// `CURLE_SSL_PINNEDPUBKEYNOTMATCH`.
  static let pinnedKeyMismatch: Int32 = 90
  /// `CURLE_SSL_INVALIDCERTSTATUS`.
  static let invalidCertificateStatus: Int32 = 91
}
