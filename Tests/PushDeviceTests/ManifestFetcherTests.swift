import Foundation
import PushDevice
import PushSimTestSupport
import Testing

@Suite struct ManifestFetcherTests {
  typealias F = ExtensionFixtures
  let address = "https://cdn.example.com/a.jpg"

  func fetch(
    _ entry: MediaManifest.Entry, address: String? = nil, ats: ATSSettings = ATSSettings(),
    limit: Int = MediaType.largestSizeLimit, timeout: Duration = .seconds(30)
  ) async throws -> FetchedMedia {
    let address = address ?? self.address
    let fetcher = ManifestFetcher(manifest: MediaManifest(entries: [address: entry]), ats: ats)
    return try await fetcher.fetch(
      #require(URL(string: address)), limit: limit, timeout: timeout)
  }

  func failure(
    _ entry: MediaManifest.Entry, address: String? = nil, ats: ATSSettings = ATSSettings(),
    limit: Int = MediaType.largestSizeLimit, timeout: Duration = .seconds(30)
  ) async -> MediaFetchError? {
    do {
      _ = try await fetch(entry, address: address, ats: ats, limit: limit, timeout: timeout)
      return nil
    } catch {
      return error as? MediaFetchError
    }
  }

  @Test func servesTheFileWithItsLatency() async throws {
    let media = try await fetch(
      .init(file: F.file("tiny.png"), latency: .milliseconds(800), contentType: "image/png"))
    #expect(media.type == .png)
    #expect(media.elapsed == .milliseconds(800))
    #expect(media.data == (try Data(contentsOf: F.file("tiny.png"))))
  }

  @Test func withoutAContentTypeTheBytesDecide() async throws {
    #expect(try await fetch(.init(file: F.file("tiny.gif"))).type == .gif)
  }

  @Test func latencyBeyondTheTimeoutTimesOutAtTheTimeout() async {
    let error = await failure(
      .init(file: F.file("tiny.jpg"), latency: .seconds(31)), timeout: .seconds(30))
    #expect(error?.code == .timedOut)
    #expect(error?.elapsed == .seconds(30))
  }

  @Test func errorStatusesFailAfterTheirLatency() async {
    let error = await failure(.init(file: nil, latency: .seconds(2), status: 404))
    #expect(error?.code == .httpStatus)
    #expect(error?.httpStatus == 404)
    #expect(error?.elapsed == .seconds(2))
  }

  @Test func theManifestFollowsTheSameRules() async {
    #expect(
      await failure(.init(file: F.file("tiny.jpg")), address: "http://cdn.example.com/a.jpg")?.code
        == .atsBlocked)
    #expect(
      await failure(
        .init(file: F.file("tiny.jpg")), address: "http://cdn.example.com/a.jpg",
        ats: ATSSettings(allowsArbitraryLoads: true)) == nil)
    #expect(
      await failure(.init(file: F.file("tiny.png"), contentType: "image/jpeg"))?.code
        == .typeMismatch)
    #expect(
      await failure(.init(file: F.file("not-media.html"), contentType: "text/html"))?.code
        == .unsupportedType)
    #expect(
      await failure(.init(file: F.media.appendingPathComponent("none.jpg")))?.code
        == .fileUnreadable)
    let tooLarge = await failure(.init(file: F.file("tiny.mp3")), limit: 100)
    #expect(tooLarge?.code == .tooLarge)
    #expect(tooLarge?.bytesReceived == 101)
  }

  @Test func unknownURLsAreNotInTheManifest() async throws {
    let fetcher = ManifestFetcher(manifest: MediaManifest())
    await #expect(throws: MediaFetchError.self) {
      _ = try await fetcher.fetch(
        #require(URL(string: self.address)), limit: 10, timeout: .seconds(1))
    }
  }
}
