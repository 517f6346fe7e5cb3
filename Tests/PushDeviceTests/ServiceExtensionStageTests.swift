import Foundation
import PushDevice
import PushPayload
import PushSimTestSupport
import Synchronization
import Testing

/// Shared helpers for the service-extension tests.
enum ExtensionFixtures {
  static let media = Repository.folder().appendingPathComponent("Fixtures/media")

  static func file(_ name: String) -> URL { media.appendingPathComponent(name) }

  static func request(
    payload extra: [(String, JSONValue)] = [("media-url", "https://cdn.example.com/cat.jpg")],
    identifier: String = "p1"
  ) -> NotificationRequest {
    var members = [JSONMember(key: "aps", value: ["alert": ["title": "Ana", "body": "A photo"]])]
    members += extra.map { JSONMember(key: $0.0, value: $0.1) }
    let content = NotificationContent(
      title: "Ana", body: "A photo", payload: JSONValue(.object(JSONObject(members))))
    return NotificationRequest(
      identifier: identifier, content: content, date: Date(timeIntervalSince1970: 1_800_000_000))
  }

  static func manifest(_ entries: [String: MediaManifest.Entry]) -> MediaManifest {
    MediaManifest(entries: entries)
  }

  static func stage(
    _ manifest: MediaManifest, ats: ATSSettings = ATSSettings(),
    watchdog: ServiceExtensionStage.Watchdog = .init()
  ) -> ServiceExtensionStage {
    ServiceExtensionStage(
      fetcher: ManifestFetcher(manifest: manifest, ats: ats), sandbox: sandbox(),
      watchdog: watchdog)
  }

  /// A fresh temporary sandbox, deleted when released.
  static func sandbox() -> MediaSandbox { MediaSandbox() }
}

extension ServiceExtensionOutcome {
  var kinds: [String] { events.map(\.kind.rawValue) }
  func event(_ kind: DeviceEvent.Kind) -> Event? { events.first { $0.kind == kind } }
}

@Suite struct ServiceExtensionStageTests {
  typealias F = ExtensionFixtures

  @Test func mediaExtensionAttachesTheManifestFile() async throws {
    let stage = F.stage(
      F.manifest([
        "https://cdn.example.com/cat.jpg": .init(
          file: F.file("tiny.jpg"), latency: .milliseconds(1200), contentType: "image/jpeg")
      ]))
    defer { stage.sandbox.removeAll() }
    let outcome = await stage.run(
      request: F.request(), extension: MediaAttachmentExtension(), budget: .seconds(30))

    #expect(outcome.delivered == .modified)
    #expect(outcome.request.identifier == "p1")
    #expect(outcome.elapsed == .milliseconds(1200))
    #expect(outcome.kinds == ["extension.started", "media.fetched", "extension.finished"])
    let attachment = try #require(outcome.request.content.attachments.first)
    #expect(attachment.type == "public.jpeg")
    #expect(attachment.url.lastPathComponent == "attachment-1.jpg")
    #expect(attachment.url.path.hasPrefix(stage.sandbox.root.path))
    #expect(try Data(contentsOf: attachment.url) == Data(contentsOf: F.file("tiny.jpg")))
    #expect(outcome.event(.mediaFetched)?.offset == .milliseconds(1200))
    #expect(outcome.event(.mediaFetched)?.source == .model)
  }

  @Test func latencyBeyondTheBudgetDeliversTheOriginal() async throws {
    let stage = F.stage(
      F.manifest([
        "https://cdn.example.com/cat.jpg": .init(
          file: F.file("tiny.jpg"), latency: .seconds(45), contentType: "image/jpeg")
      ]))
    defer { stage.sandbox.removeAll() }
    let request = F.request()
    let outcome = await stage.run(
      request: request, extension: MediaAttachmentExtension(), budget: .seconds(30))

    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.elapsed == .seconds(30))
    #expect(outcome.kinds == ["extension.started", "media.failed", "extension.timeout"])
    #expect(outcome.event(.extensionTimeout)?.offset == .seconds(30))
    #expect(outcome.event(.mediaFailed)?.details["code"] == "timed-out")
  }
}

// MARK: - User extensions: contained whatever they do

/// Changes the title, then works past the budget; its best attempt is the changed title.
private actor SlowExtension: ServiceExtension {
  let work: Duration
  let offersBestAttempt: Bool
  var bestAttempt: NotificationContent?

  init(work: Duration, offersBestAttempt: Bool) {
    self.work = work
    self.offersBestAttempt = offersBestAttempt
  }

  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    var content = request.content
    content.title = "Ana (downloading…)"
    bestAttempt = content
    try context.spend(work)
    content.title = "Ana (done)"
    return content
  }

  func timeWillExpire() async -> NotificationContent? {
    offersBestAttempt ? bestAttempt : nil
  }
}

private struct ThrowingExtension: ServiceExtension {
  struct Broken: Error {}
  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    throw Broken()
  }
}

/// Never returns and ignores cancellation.
private struct HangingExtension: ServiceExtension {
  var bestAttempt: NotificationContent?
  var hangsInTimeWillExpire = false

  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    return request.content
  }

  func timeWillExpire() async -> NotificationContent? {
    if hangsInTimeWillExpire {
      await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
    return bestAttempt
  }
}

/// Returns whatever it was built with.
private struct FixedExtension: ServiceExtension {
  var transform: @Sendable (NotificationContent) -> NotificationContent
  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    transform(request.content)
  }
}

/// Spends past the budget, then tries to keep working; records what the context refused.
private actor RefusalRecorder: ServiceExtension {
  var errors: [String] = []

  func didReceive(_ request: NotificationRequest, context: ServiceExtensionContext) async throws
    -> NotificationContent
  {
    do { try context.spend(.seconds(2)) } catch is ServiceExtensionContext.BudgetExpired {
      errors.append("spend")
    }
    do {
      _ = try await context.fetchMedia(from: URL(fileURLWithPath: "/etc/passwd"))
    } catch is ServiceExtensionContext.BudgetExpired {
      errors.append("fetch")
    }
    var content = request.content
    content.body = "too late"
    return content
  }
}

@Suite struct ServiceExtensionContainmentTests {
  typealias F = ExtensionFixtures
  /// Default real-time limits: extensions that return are never raced by the watchdog, even on
  /// a loaded machine.
  let stage = F.stage(MediaManifest())
  /// A short watchdog for extensions that never return; `timeWillExpire` keeps a wide margin.
  let hangStage = F.stage(
    MediaManifest(),
    watchdog: .init(didReceiveLimit: .milliseconds(200), timeWillExpireLimit: .seconds(10)))

  @Test func workWithinTheBudgetIsDeliveredAndTimed() async {
    let outcome = await stage.run(
      request: F.request(),
      extension: SlowExtension(work: .milliseconds(1500), offersBestAttempt: true),
      budget: .seconds(2))
    #expect(outcome.delivered == .modified)
    #expect(outcome.request.content.title == "Ana (done)")
    #expect(outcome.elapsed == .milliseconds(1500))
    #expect(outcome.kinds == ["extension.started", "extension.finished"])
  }

  @Test func timeoutDeliversTheBestAttempt() async {
    let outcome = await stage.run(
      request: F.request(), extension: SlowExtension(work: .seconds(40), offersBestAttempt: true),
      budget: .seconds(30))
    #expect(outcome.delivered == .bestAttempt)
    #expect(outcome.request.content.title == "Ana (downloading…)")
    #expect(outcome.request.identifier == "p1")
    #expect(outcome.elapsed == .seconds(30))
    #expect(outcome.kinds == ["extension.started", "extension.timeout"])
    #expect(outcome.event(.extensionTimeout)?.source == .device)
    #expect(outcome.event(.extensionTimeout)?.details["delivered"] == "bestAttempt")
  }

  @Test func timeoutWithoutBestAttemptDeliversTheOriginal() async {
    let request = F.request()
    let outcome = await stage.run(
      request: request, extension: SlowExtension(work: .seconds(40), offersBestAttempt: false),
      budget: .seconds(30))
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.reason.contains("timeWillExpire gave no best attempt"))
  }

  @Test func aThrowingExtensionDeliversTheOriginal() async {
    let request = F.request()
    let outcome = await stage.run(request: request, extension: ThrowingExtension())
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.elapsed == .zero)
    let finished = outcome.event(.extensionFinished)
    #expect(finished?.reason.contains("threw") == true)
    #expect(finished?.details["delivered"] == "original")
  }

  @Test func aHangingExtensionIsStoppedByTheWatchdog() async {
    let request = F.request()
    let outcome = await hangStage.run(
      request: request, extension: HangingExtension(), budget: .seconds(30))
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.elapsed == .seconds(30))
    let timeout = outcome.event(.extensionTimeout)
    #expect(timeout?.source == .model)
    #expect(timeout?.reason.contains("watchdog") == true)
  }

  @Test func aHangingExtensionStillGetsItsBestAttempt() async {
    var best = F.request().content
    best.body = "Photo (tap to load)"
    let outcome = await hangStage.run(
      request: F.request(), extension: HangingExtension(bestAttempt: best), budget: .seconds(30))
    #expect(outcome.delivered == .bestAttempt)
    #expect(outcome.request.content.body == "Photo (tap to load)")
  }

  @Test func aHangingTimeWillExpireDeliversTheOriginal() async {
    let stage = F.stage(
      MediaManifest(),
      watchdog: .init(didReceiveLimit: .milliseconds(100), timeWillExpireLimit: .milliseconds(100)))
    var best = F.request().content
    best.body = "never seen"
    let outcome = await stage.run(
      request: F.request(),
      extension: HangingExtension(bestAttempt: best, hangsInTimeWillExpire: true))
    #expect(outcome.delivered == .original)
    #expect(outcome.reason.contains("timeWillExpire did not return"))
  }

  @Test func contentWithoutVisibleTextDeliversTheOriginal() async {
    let request = F.request()
    let outcome = await stage.run(
      request: request,
      extension: FixedExtension { content in
        var content = content
        content.title = ""
        content.body = ""
        return content
      })
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.reason.contains("would not visibly alert"))
  }

  @Test func outOfRangeValuesAreCorrected() async {
    let outcome = await stage.run(
      request: F.request(),
      extension: FixedExtension { content in
        var content = content
        content.body = "Changed"
        content.relevanceScore = 7
        content.badge = -3
        return content
      })
    #expect(outcome.delivered == .modified)
    #expect(outcome.request.content.relevanceScore == 1)
    #expect(outcome.request.content.badge == nil)
    #expect(outcome.reason.contains("clamped to 1.0"))
    #expect(outcome.event(.extensionFinished)?.source == .model)
    let nan = await stage.run(
      request: F.request(),
      extension: FixedExtension { content in
        var content = content
        content.relevanceScore = .nan
        return content
      })
    #expect(nan.request.content.relevanceScore == 0)
    let request = F.request()
    let array = await stage.run(
      request: request,
      extension: FixedExtension { content in
        var content = content
        content.body = "Changed"
        content.payload = [1, 2]
        return content
      })
    #expect(array.request.content.payload == request.content.payload)
    #expect(array.request.content.body == "Changed")
  }

  @Test func badAttachmentsAreDroppedWithTheirUNErrorCodes() async throws {
    let sandbox = F.sandbox()
    defer { sandbox.removeAll() }
    let folder = sandbox.root
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let mislabeled = folder.appendingPathComponent("photo.jpg")
    try Data(contentsOf: F.file("tiny.png")).write(to: mislabeled)
    let empty = folder.appendingPathComponent("empty.png")
    try Data().write(to: empty)
    let attachments = [
      NotificationAttachment(identifier: "ok", url: F.file("tiny.gif")),
      NotificationAttachment(
        identifier: "remote", url: try #require(URL(string: "https://cdn.example.com/a.jpg"))),
      NotificationAttachment(identifier: "gone", url: folder.appendingPathComponent("none.jpg")),
      NotificationAttachment(identifier: "text", url: F.file("not-media.html")),
      NotificationAttachment(identifier: "empty", url: empty),
      NotificationAttachment(identifier: "liar", url: mislabeled),
      NotificationAttachment(identifier: "", url: F.file("tiny.mp3")),
    ]
    let outcome = await stage.run(
      request: F.request(),
      extension: FixedExtension { content in
        var content = content
        content.body = "With media"
        content.attachments = attachments
        return content
      })
    #expect(outcome.delivered == .modified)
    #expect(outcome.request.content.attachments.map(\.identifier) == ["ok", "p1.attachment-7"])
    #expect(
      outcome.request.content.attachments.map(\.type) == ["com.compuserve.gif", "public.mp3"])
    #expect(
      outcome.events.filter { $0.kind == .attachmentRejected }.map(\.details["code"]) == [
        "attachmentInvalidURL", "attachmentInvalidURL", "attachmentUnrecognizedType",
        "attachmentInvalidFileSize", "attachmentCorrupt",
      ])
    #expect(
      outcome.rejectedAttachments.map(\.identifier) == ["remote", "gone", "text", "empty", "liar"])
  }

  @Test func unchangedContentCountsAsTheOriginal() async throws {
    let request = F.request()
    let outcome = await stage.run(request: request, extension: FixedExtension { $0 })
    #expect(outcome.delivered == .original)
    #expect(outcome.request == request)
    #expect(outcome.reason.contains("unchanged"))
  }

  @Test func theContextRefusesWorkAfterTheBudget() async throws {
    let refusals = RefusalRecorder()
    let outcome = await stage.run(request: F.request(), extension: refusals, budget: .seconds(1))
    #expect(outcome.delivered == .original)
    // The stage answers as the budget runs out; the extension goes on to its fetch after that,
    // so its refusals are waited for (they were read at once, and a loaded run missed one).
    for _ in 0..<500 where await refusals.errors.count < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(await refusals.errors == ["spend", "fetch"])
  }

  @Test func eventsArePlacedOnTheVirtualClock() async {
    let outcome = await stage.run(
      request: F.request(), extension: SlowExtension(work: .seconds(40), offersBestAttempt: true),
      budget: .seconds(30))
    let start = Date(timeIntervalSince1970: 1_000)
    let events = outcome.deviceEvents(startingAt: start, push: "m1")
    #expect(events.map(\.time) == [start, start.addingTimeInterval(30)])
    #expect(events.allSatisfy { $0.push == "m1" })
    #expect(events.map(\.kind) == [.extensionStarted, .extensionTimeout])
  }
}

@Suite struct ServiceExtensionFetchTimingTests {
  typealias F = ExtensionFixtures

  @Test func aFetchThatUsesUpTheBudgetExpiresTheRunOnce() async throws {
    let data = try Data(contentsOf: F.file("tiny.jpg"))
    let fetcher = FakeMediaFetcher { url, _, timeout in
      FetchedMedia(
        url: url, status: 200, contentType: "image/jpeg", data: data, type: .jpeg,
        elapsed: timeout)
    }
    let stage = ServiceExtensionStage(fetcher: fetcher, sandbox: F.sandbox())
    let request = F.request()
    let outcome = await stage.run(
      request: request, extension: MediaAttachmentExtension(), budget: .seconds(30))
    #expect(outcome.kinds == ["extension.started", "media.failed", "extension.timeout"])
    #expect(outcome.elapsed == .seconds(30))
    #expect(outcome.request == request)
  }

  @Test func aFetcherThatThrowsSomethingElseIsLoggedAndContained() async {
    struct Odd: Error {}
    let stage = ServiceExtensionStage(
      fetcher: FakeMediaFetcher { _, _, _ in throw Odd() }, sandbox: F.sandbox())
    let request = F.request()
    let outcome = await stage.run(request: request, extension: MediaAttachmentExtension())
    #expect(outcome.kinds == ["extension.started", "media.failed", "extension.finished"])
    #expect(outcome.event(.mediaFailed)?.details["code"] == "fetcher-error")
    #expect(outcome.request == request)
  }
}
