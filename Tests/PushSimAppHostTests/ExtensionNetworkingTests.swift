import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Synchronization
import Testing
import UserNotifications

/// How a test extension downloads the image.
enum DownloadForm: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case defaultSessionCompletion, ephemeralSessionAsync, delegateSession
  case downloadTaskCompletion, downloadAsync, downloadDelegate, dataContentsOf
  /// `Data(contentsOf:)` in a task of the app's: it blocks a thread of the cooperative pool.
  case dataContentsOfInTask

  var testDescription: String { rawValue }
}

/// What a test extension saw: the file URLs handed over and whether each existed then.
final class Observations: Sendable {
  private let values = Mutex<[(url: URL, existed: Bool)]>([])
  func saw(_ url: URL) {
    let existed = FileManager.default.fileExists(atPath: url.path)
    values.withLock { $0.append((url, existed)) }
  }
  var all: [(url: URL, existed: Bool)] { values.withLock { $0 } }
}

/// Downloads `image-url` in the given form and attaches it; the title says how many bytes came.
final class FormService: UNNotificationServiceExtension, URLSessionDataDelegate,
  URLSessionDownloadDelegate, @unchecked Sendable
{
  let form: DownloadForm
  let seen: Observations
  /// A file outside the run to attach as well (copied, not moved), if any.
  let bundled: URL?
  private var handler: (@Sendable (UNNotificationContent) -> Void)?
  private var content: UNMutableNotificationContent?
  private var received = Data()

  init(form: DownloadForm, seen: Observations, bundled: URL? = nil) {
    self.form = form
    self.seen = seen
    self.bundled = bundled
  }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    content = request.content.mutableCopy() as? UNMutableNotificationContent
    guard let link = request.content.userInfo["image-url"] as? String, let url = URL(string: link)
    else { return contentHandler(request.content) }
    switch form {
    case .defaultSessionCompletion:
      URLSession(configuration: .default).dataTask(with: url) { data, _, _ in
        self.finish(bytes: data)
      }.resume()
    case .ephemeralSessionAsync:
      Task {
        let data = try? await URLSession(configuration: .ephemeral).data(from: url).0
        self.finish(bytes: data)
      }
    case .delegateSession:
      URLSession(configuration: .default, delegate: self, delegateQueue: nil).dataTask(with: url)
        .resume()
    case .downloadTaskCompletion:
      URLSession.shared.downloadTask(with: url) { file, _, _ in self.finish(file: file) }.resume()
    case .downloadAsync:
      Task {
        let file = try? await URLSession(configuration: .default).download(from: url).0
        self.finish(file: file, keepInPlace: true)
      }
    case .downloadDelegate:
      URLSession(configuration: .default, delegate: self, delegateQueue: nil)
        .downloadTask(with: url).resume()
    case .dataContentsOf:
      finish(bytes: try? Data(contentsOf: url))
    case .dataContentsOfInTask:
      Task { self.finish(bytes: try? Data(contentsOf: url)) }
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    received.append(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    if form == .delegateSession { finish(bytes: error == nil ? received : nil) }
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL
  ) {
    finish(file: location)
  }

  /// Writes the bytes into a file of its own and attaches it.
  private func finish(bytes: Data?) {
    guard let bytes else { return deliver(nil) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-form-\(UUID().uuidString).jpg")
    guard (try? bytes.write(to: file)) != nil else { return deliver(nil) }
    seen.saw(file)
    deliver(file, bytes: bytes.count)
  }

  /// Attaches a downloaded file: moved to a `.jpg` name beside it, or in place with a type hint.
  private func finish(file: URL?, keepInPlace: Bool = false) {
    guard let file else { return deliver(nil) }
    seen.saw(file)
    let bytes = (try? Data(contentsOf: file))?.count ?? 0
    if keepInPlace { return deliver(file, bytes: bytes) }
    let named = file.deletingLastPathComponent().appendingPathComponent("image.jpg")
    guard (try? FileManager.default.moveItem(at: file, to: named)) != nil else {
      return deliver(nil)
    }
    deliver(named, bytes: bytes)
  }

  private func deliver(_ file: URL?, bytes: Int = 0) {
    guard let content, let handler else { return }
    if let file,
      let image = try? UNNotificationAttachment(
        identifier: "image", url: file,
        options: [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"])
    {
      content.attachments = [image]
      content.title = "got \(bytes) bytes"
    } else {
      content.title = "download failed"
    }
    if let bundled, let extra = try? UNNotificationAttachment(identifier: "logo", url: bundled) {
      content.attachments.append(extra)
    }
    handler(content)
  }
}

/// Sets the badge from a data task's completion handler, through `current()`.
final class BadgeInCompletionService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let url = URL(string: "https://cdn.example.com/photo.jpg") else { return }
    let content = request.content
    URLSession(configuration: .default).dataTask(with: url) { _, _, _ in
      UNUserNotificationCenter.current().setBadgeCount(7) { _ in contentHandler(content) }
    }.resume()
  }
}

/// Downloads a photo, then waits on a slow one; the best attempt attaches the first.
final class BestAttemptWithFileService: UNNotificationServiceExtension, @unchecked Sendable {
  private var handler: (@Sendable (UNNotificationContent) -> Void)?
  private var best: UNMutableNotificationContent?

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    handler = contentHandler
    best = request.content.mutableCopy() as? UNMutableNotificationContent
    Task {
      guard let fast = URL(string: "https://cdn.example.com/photo.jpg"),
        let slow = URL(string: "https://cdn.example.com/slow.jpg"),
        let file = try? await URLSession.shared.download(from: fast).0,
        let image = try? UNNotificationAttachment(
          identifier: "image", url: file,
          options: [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"])
      else { return }
      self.best?.attachments = [image]
      _ = try? await URLSession.shared.download(from: slow)
    }
  }

  override func serviceExtensionTimeWillExpire() {
    if let handler, let best { handler(best) }
  }
}

@Suite("Downloads a hosted extension makes, in every form", .temporaryFiles)
struct ExtensionNetworkingTests {
  /// Plays one push with an extension downloading in `form`.
  func play(_ form: DownloadForm, bundled: URL? = nil) async throws -> (
    DeviceHost, Observations
  ) {
    let seen = Observations()
    let host = DeviceHost(
      app: try appWithImage(),
      code: .app(serviceExtension: { FormService(form: form, seen: seen, bundled: bundled) }))
    await host.receive(mutablePush, id: "m1")
    return (host, seen)
  }

  @Test(
    "each form gets the manifest's bytes with the latency charged, and the image shows",
    arguments: DownloadForm.allCases)
  func everyForm(form: DownloadForm) async throws {
    let (host, _) = try await play(form)
    let device = await host.device
    let record = try #require(device.notification("m1"))
    #expect(record.title == "got 75 bytes")
    #expect(device.events.events(ofKind: .appRequest).count == 1)
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(0.2))
    let stored = try #require(record.content.attachments.first?.url)
    #expect(stored.lastPathComponent.hasPrefix("attachment-"))
    #expect(FileManager.default.fileExists(atPath: stored.path))
  }

  @Test(
    "a download's file is in the run's own directory, which is gone after the run",
    arguments: [DownloadForm.downloadTaskCompletion, .downloadAsync, .downloadDelegate])
  func downloadFiles(form: DownloadForm) async throws {
    let (_, seen) = try await play(form)
    let file = try #require(seen.all.first)
    #expect(file.existed)
    let folder = file.url.deletingLastPathComponent()
    #expect(folder.lastPathComponent.hasPrefix("pushsim-extension-"))
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test("an attachment in the run's directory is moved; a file from elsewhere is copied")
  func movedAndCopied() async throws {
    let bundled = try makeJPEG(named: "logo.jpg")
    let (host, seen) = try await play(.downloadAsync, bundled: bundled)
    let record = try #require(await host.device.notification("m1"))
    #expect(record.content.attachments.count == 2)
    let downloaded = try #require(seen.all.first?.url)
    #expect(!FileManager.default.fileExists(atPath: downloaded.path))
    #expect(FileManager.default.fileExists(atPath: bundled.path))
    for attachment in record.content.attachments {
      #expect(attachment.url.lastPathComponent.hasPrefix("attachment-"))
      #expect(FileManager.default.fileExists(atPath: attachment.url.path))
    }
  }

  @Test("a file the run wrote into the process's temporary directory is moved, as on iOS")
  func writtenDuringTheRunIsMoved() async throws {
    let (host, seen) = try await play(.defaultSessionCompletion)
    let record = try #require(await host.device.notification("m1"))
    let written = try #require(seen.all.first?.url)
    #expect(
      written.deletingLastPathComponent().standardizedFileURL
        == FileManager.default.temporaryDirectory.standardizedFileURL)
    #expect(!FileManager.default.fileExists(atPath: written.path))
    let stored = try #require(record.content.attachments.first?.url)
    #expect(stored.lastPathComponent.hasPrefix("attachment-"))
    #expect(FileManager.default.fileExists(atPath: stored.path))
  }

  @Test("a best attempt's attachment from the run's directory is shown and its file kept")
  func bestAttemptAttachment() async throws {
    let photo = try makeJPEG()
    let app = AppConfiguration(
      bundleId: "com.example.chat", serviceExtension: ServiceExtensionConfiguration(kind: .app),
      media: MediaManifest(entries: [
        "https://cdn.example.com/photo.jpg": MediaManifest.Entry(
          file: photo, latency: .milliseconds(200), contentType: "image/jpeg"),
        "https://cdn.example.com/slow.jpg": MediaManifest.Entry(
          file: photo, latency: .seconds(45), contentType: "image/jpeg"),
      ]))
    var host: DeviceHost? = DeviceHost(
      app: app, code: .app(serviceExtension: BestAttemptWithFileService.init))
    await host?.receive(mutablePush, id: "m1")
    let device = try #require(await host?.device)
    let timeout = try #require(device.events.events(ofKind: .extensionTimeout).first)
    #expect(timeout.details["delivered"] == "bestAttempt")
    let file = try #require(device.notification("m1")?.content.attachments.first?.url)
    #expect(FileManager.default.fileExists(atPath: file.path))
    // The directory kept for it goes with the device.
    host = nil
    #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
  }

  @Test("in a data task's completion handler, current() is the device's center")
  func centerInCompletionHandler() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: BadgeInCompletionService.init))
    await host.receive(mutablePush, id: "m1")
    #expect(await host.read(\.badge) == 7)
    // The app's call is the push's event, logged after the extension's start.
    let kinds = await host.device.events.events(for: "m1").map(\.kind.rawValue)
    let started = try #require(kinds.firstIndex(of: "extension.started"))
    let badge = try #require(kinds.firstIndex(of: "badge"))
    #expect(started < badge)
  }

  @Test("a request made outside any run reaches the network, not the device")
  func outsideARun() async throws {
    _ = try await play(.defaultSessionCompletion)
    let configuration = URLSessionConfiguration.default
    #expect(configuration.protocolClasses?.count ?? 0 > 1)
    let session = URLSession(configuration: configuration)
    let error = await #expect(throws: URLError.self) {
      _ = try await session.data(from: #require(URL(string: "http://127.0.0.1:9/photo.jpg")))
    }
    // The device answers an unknown URL without a connection; curl's message says it tried.
    let message = error?.localizedDescription ?? ""
    #expect(message.contains("onnect"), "\(message)")
  }
}

/// Downloads in a `DispatchQueue` block of the app's own, on a session made in `didReceive` (its
/// configuration carries the run) or on `URLSession.shared` (the block carries the run).
final class DispatchQueueService: UNNotificationServiceExtension, @unchecked Sendable {
  let shared: Bool
  init(shared: Bool = false) { self.shared = shared }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let made = URLSession(configuration: .default)
    let shared = shared
    let content = request.content.mutableCopy() as? UNMutableNotificationContent
    guard let content, let url = URL(string: "https://cdn.example.com/photo.jpg") else { return }
    DispatchQueue.global().async {
      let session = shared ? URLSession.shared : made
      session.dataTask(with: url) { data, _, _ in
        content.title = "got \(data?.count ?? 0) bytes"
        contentHandler(content)
      }.resume()
    }
  }
}

@Suite("Which device answers a request", .temporaryFiles)
struct RequestOwnerTests {
  /// A JPEG of `size` bytes.
  func jpeg(size: Int) throws -> URL {
    let file = try makeJPEG()
    let bytes = try Data(contentsOf: file)
    try (bytes + Data(repeating: 0, count: max(0, size - bytes.count))).write(to: file)
    return file
  }

  /// Plays a push on eight devices at once, device `i` serving `size + i` bytes for the photo
  /// with the extension `make` makes; the titles by device.
  func playOnEightDevices(
    _ make: @escaping @Sendable () -> UNNotificationServiceExtension
  ) async throws -> [Int: String?] {
    let url = "https://cdn.example.com/photo.jpg"
    return try await withThrowingTaskGroup(of: (Int, String?).self) { group in
      for device in 0..<8 {
        let file = try jpeg(size: 100 + device)
        group.addTask {
          let app = AppConfiguration(
            bundleId: "com.example.chat",
            serviceExtension: ServiceExtensionConfiguration(kind: .app),
            media: MediaManifest(entries: [
              url: MediaManifest.Entry(
                file: file, latency: .milliseconds(200), contentType: "image/jpeg")
            ]))
          let host = DeviceHost(app: app, code: .app(serviceExtension: make))
          await host.receive(mutablePush, id: "m1")
          return (device, await host.device.notification("m1")?.title)
        }
      }
      var titles: [Int: String?] = [:]
      for try await (device, title) in group { titles[device] = title }
      return titles
    }
  }

  @Test(
    "devices asking for one URL at one moment each get their own answer, in every form",
    arguments: DownloadForm.allCases)
  func sameURLAtOnce(form: DownloadForm) async throws {
    let titles = try await playOnEightDevices { FormService(form: form, seen: Observations()) }
    for device in 0..<8 {
      #expect(titles[device] == "got \(100 + device) bytes", "device \(device)")
    }
  }

  @Test(
    "a session made in the run, and URLSession.shared, answer on the app's own DispatchQueue",
    arguments: [false, true])
  func sessionOnDispatchQueue(shared: Bool) async throws {
    let titles = try await playOnEightDevices { DispatchQueueService(shared: shared) }
    for device in 0..<8 {
      #expect(titles[device] == "got \(100 + device) bytes", "device \(device)")
    }
  }
}
