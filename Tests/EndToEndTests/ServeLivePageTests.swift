import Foundation
import PushSimTestSupport
import Synchronization
import Testing

/// The live page in a real browser: Chromium opens `GET /`, a push is sent with curl, and the
/// page shows it (the phone's drawing and the log) without a reload.
@Suite(.serialized) struct ServeLivePageTests {
  @Test func aPushSentWithCurlAppearsWithoutAReload() async throws {
    let browser = try #require(
      HeadlessBrowser.installed, "Chromium is not installed (.ci/run installs Debian's chromium)")
    let apnsID = "0a1b2c3d-0000-4000-8000-0000000000ff"
    let (html, opened) = try await offPool { try Self.load(browser, pushing: apnsID) }
    #expect(opened, "the browser never opened the live page")
    // The tick the page was served at, set by the server and never changed by the script.
    let served = try #require(
      html.firstMatch(of: /data-next="(\d+)"/).flatMap { Int($0.output.1) })
    // The log: the request with APNs's verdict, and the events, each after that tick.
    let requestEntry = try #require(
      html.firstMatch(of: /<li class="live-entry" data-seq="(\d+)" data-source="apns">.*?<\/li>/))
    #expect(requestEntry.output.0.contains("POST /3/device/\(ServeExpectTests.token)  ana  200"))
    #expect(requestEntry.output.0.contains(apnsID))
    #expect((Int(requestEntry.output.1) ?? 0) > served)
    #expect(html.contains(#"data-source="device">"#))
    #expect(html.contains("delivered"))
    // The phone: ana's drawing shows the notification, its markup as text.
    let phone = try #require(html.range(of: #"id="phone-ana""#))
    let after = html[phone.upperBound...]
    #expect(after.contains("Hola desde curl"))
    #expect(after.contains("&lt;b&gt;no markup&lt;/b&gt;"))
    #expect(!html.contains("<b>no markup</b>"))
  }

  /// Serves the page, has Chromium load it, sends a push with curl once the page is served,
  /// and returns the page's DOM when its scripts are done, and whether the page was served.
  static func load(_ browser: HeadlessBrowser, pushing apnsID: String) throws -> (String, Bool) {
    let folder = try ServeExpectTests.folder(expect: "{}")
    let server = try ServeProcess(["--devices", "devices.json"], in: folder.url)
    defer { server.stop() }
    guard let page = URL(string: "http://127.0.0.1:\(server.port)/?wait=500") else {
      throw ServeProcess.Failure(description: "no URL for port \(server.port)")
    }
    let dom = Mutex<Result<String, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let result = Result { try browser.dumpDOM(page, virtualTimeBudget: 4000) }
      dom.withLock { $0 = result }
      done.signal()
    }
    // The page is served before the push is sent: what it shows of the push came by update.
    let deadline = ContinuousClock.now + .seconds(60)
    while !server.standardOutput.contains("a browser opened the live page"),
      ContinuousClock.now < deadline
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let opened = server.standardOutput.contains("a browser opened the live page")
    _ = try ServeProcess.curl([
      "--http2-prior-knowledge",
      "http://127.0.0.1:\(server.port)/3/device/\(ServeExpectTests.token)",
      "-H", "authorization: bearer \(ServeExpectTests.jwt)", "-H", "apns-topic: com.example.chat",
      "-H", "apns-push-type: alert", "-H", "apns-id: \(apnsID)",
      "--data-binary", #"{"aps":{"alert":{"title":"Hola desde curl","body":"<b>no markup</b>"}}}"#,
    ])
    done.wait()
    guard let html = try dom.withLock({ $0 })?.get() else {
      throw ServeProcess.Failure(description: "the browser gave no page")
    }
    return (html, opened)
  }
}
