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
  /// `CURLOPT_CONNECTTIMEOUT_MS`: LONG + 156.
  static let connectTimeoutMilliseconds: Int32 = 156
  /// `CURLOPT_PROTOCOLS`: LONG + 181 (deprecated since 7.85 for `CURLOPT_PROTOCOLS_STR`).
  static let protocols: Int32 = 181
  /// `CURLOPT_PROTOCOLS_STR`: STRINGPOINT + 318 (since 7.85).
  static let protocolsString: Int32 = 10_318

  // Option values.
  /// `CURL_HTTP_VERSION_1_1`: ALPN offers only `http/1.1`, so a server never picks HTTP/2 for
  /// the client's HTTP/1.1 bytes.
  static let httpVersion1_1 = 2
  /// `CURLPROTO_HTTPS` (`1 << 1`).
  static let protocolHTTPS = 2
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
