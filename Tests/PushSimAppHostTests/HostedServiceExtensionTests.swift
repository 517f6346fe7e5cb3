import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Calls the handler twice and changes the content between and after the calls.
final class TwiceCallingService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "First"
    contentHandler(content)
    content.title = "Changed later"
    let second = UNMutableNotificationContent()
    second.title = "Second"
    contentHandler(second)
  }
}

/// Xcode's template with a download: the image is attached when it arrives; on expiry the best
/// attempt shows.
final class DownloadingService: UNNotificationServiceExtension {
  var contentHandler: (@Sendable (UNNotificationContent) -> Void)?
  var bestAttemptContent: UNMutableNotificationContent?

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    self.contentHandler = contentHandler
    bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
    guard let bestAttemptContent,
      let link = request.content.userInfo["image-url"] as? String, let url = URL(string: link)
    else {
      contentHandler(request.content)
      return
    }
    bestAttemptContent.title = "\(bestAttemptContent.title) [best attempt]"
    URLSession.shared.dataTask(with: url) { data, _, _ in
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        UUID().uuidString + ".jpg")
      guard let data, (try? data.write(to: file)) != nil else {
        contentHandler(bestAttemptContent)
        return
      }
      if let attachment = try? UNNotificationAttachment(identifier: "image", url: file) {
        bestAttemptContent.attachments = [attachment]
      }
      bestAttemptContent.title = "Ana sent a photo"
      contentHandler(bestAttemptContent)
    }.resume()
  }

  override func serviceExtensionTimeWillExpire() {
    if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
  }
}

/// Delivers the original through `super`.
final class SuperCallingService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    super.didReceive(request, withContentHandler: contentHandler)
  }
}

/// Calls the handler from another thread after `async` work.
final class AsyncService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let content = Unsafe(request.content.mutableCopy() as? UNMutableNotificationContent)
    DispatchQueue.global().async {
      content.value?.subtitle = "from a queue"
      if let value = content.value { contentHandler(value) }
    }
  }
}

struct Unsafe<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

@Suite("The app's service extension on the device", .temporaryFiles)
struct HostedServiceExtensionTests {
  @Test("the first handler call wins, read at the call; later calls and changes are logged")
  func firstCallOnly() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: TwiceCallingService.init))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "First")
    let ignored = device.events.events(ofKind: .extensionIgnored).map(\.reason)
    #expect(ignored.count == 2)
    #expect(ignored.contains { $0.contains("called again") })
    #expect(ignored.contains { $0.contains("changed after the content handler was called") })
  }

  @Test("a download from the manifest is attached and the file lives in the device's store")
  func downloadedAttachment() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: DownloadingService.init))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    let record = try #require(device.notification("m1"))
    #expect(record.title == "Ana sent a photo")
    #expect(record.content.attachments.count == 1)
    let file = try #require(record.content.attachments.first?.url)
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(file.lastPathComponent.hasPrefix("attachment-"))
    #expect(device.events.events(ofKind: .appRequest).count == 1)
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(0.2))
  }

  @Test("a download past the budget: serviceExtensionTimeWillExpire's best attempt shows")
  func timeoutBestAttempt() async throws {
    let host = DeviceHost(
      app: try appWithImage(latency: .seconds(45), url: "https://cdn.example.com/slow.jpg"),
      code: .app(serviceExtension: DownloadingService.init))
    await host.receive(push(image: "https://cdn.example.com/slow.jpg"), id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "Ana [best attempt]")
    #expect(device.notification("m1")?.content.attachments.isEmpty == true)
    let timeout = try #require(device.events.events(ofKind: .extensionTimeout).first)
    #expect(timeout.details["delivered"] == "bestAttempt")
    #expect(device.now == DeviceConfiguration.defaultStart.addingTimeInterval(30))
  }

  @Test("super.didReceive delivers the original content")
  func superDeliversOriginal() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: SuperCallingService.init))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.title == "Ana")
    let finished = try #require(device.events.events(ofKind: .extensionFinished).first)
    #expect(finished.details["delivered"] == "original")
  }

  @Test("the handler may be called from any thread")
  func handlerFromAnotherThread() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: AsyncService.init))
    await host.receive(mutablePush, id: "m1")
    #expect(await host.device.notification("m1")?.subtitle == "from a queue")
  }
}

@Suite("Downloads of one URL by devices in parallel", .temporaryFiles)
struct ParallelDownloadTests {
  @Test("each device's download comes from its own manifest", arguments: 1...4)
  func sameURLInParallel(round: Int) async throws {
    let url = "https://cdn.example.com/shared-\(round).jpg"
    func play(latency: Duration) async throws -> String? {
      let host = DeviceHost(
        app: try appWithImage(latency: latency, url: url),
        code: .app(serviceExtension: DownloadingService.init))
      await host.receive(push(image: url), id: "m1")
      return await host.device.notification("m1")?.title
    }
    async let fast = play(latency: .milliseconds(100))
    async let slow = play(latency: .seconds(45))
    let (fastTitle, slowTitle) = try await (fast, slow)
    #expect(fastTitle == "Ana sent a photo")
    #expect(slowTitle == "Ana [best attempt]")
  }
}

/// Keeps the center it finds at `init`, as extensions write `let center = .current()`, and sets
/// the badge through it.
final class CenterAtInitService: UNNotificationServiceExtension, @unchecked Sendable {
  let center = UNUserNotificationCenter.current()

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let content = request.content
    center.setBadgeCount(4) { _ in contentHandler(content) }
  }
}

@Suite("The extension's instance", .temporaryFiles)
struct ExtensionInstanceTests {
  @Test("is made in the extension's process: a center kept at init is the device's")
  func centerKeptAtInit() async throws {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: CenterAtInitService.init))
    await host.receive(mutablePush, id: "m1")
    #expect(await host.device.badge == 4)
  }
}
