import Testing

@testable import PushHTTP

/// libcurl through the C target's fixed-argument wrappers.
@Suite struct LibCurlTests {
  #if os(Linux)
    /// FoundationNetworking links libcurl on Linux, so the own https client always has it.
    @Test func libcurlLoadsAndAnswersThroughTheWrappers() throws {
      let curl = try #require(LibCurl.shared)
      #expect(curl.text(CurlConstant.ok) == "No error")
      let handle = try #require(curl.easyInit())
      defer { curl.cleanup(handle) }
      #expect(curl.setLong(handle, CurlConstant.connectOnly, 1) == CurlConstant.ok)
      #expect(
        "https://127.0.0.1/".withCString { curl.setPointer(handle, CurlConstant.url, $0) }
          == CurlConstant.ok)
      // Before a transfer there is no active socket: -1 (CURL_SOCKET_BAD).
      var socket: Int32 = 7
      #expect(curl.getSocket(handle, CurlConstant.activeSocket, &socket) == CurlConstant.ok)
      #expect(socket == -1)
    }
  #endif
}
