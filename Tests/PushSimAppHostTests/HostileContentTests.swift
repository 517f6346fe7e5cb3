import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Chains of `NSMutableDictionary` the tests keep for the whole process: freeing a chain
/// 100,000 deep would itself recurse that deep.
nonisolated(unsafe) var keptChains: [NSMutableDictionary] = []

/// Hands over content whose `userInfo` is what `make` builds.
final class UserInfoService: UNNotificationServiceExtension, @unchecked Sendable {
  let make: @Sendable () -> [AnyHashable: Any]
  init(_ make: @escaping @Sendable () -> [AnyHashable: Any]) { self.make = make }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "Changed"
    content.userInfo = make()
    contentHandler(content)
  }
}

@Suite("userInfo no payload could hold", .temporaryFiles)
struct HostileContentTests {
  func play(_ make: @escaping @Sendable () -> [AnyHashable: Any]) async throws -> Device {
    let host = DeviceHost(
      app: try appWithImage(), code: .app(serviceExtension: { UserInfoService(make) }))
    await host.receive(mutablePush, id: "m1")
    return await host.device
  }

  @Test("a userInfo that holds itself is cut, with an event, and the push is shown")
  func holdsItself() async throws {
    let device = try await play {
      let loop = NSMutableDictionary()
      loop["self"] = loop
      keptChains.append(loop)
      return ["loop": loop, "id": 7]
    }
    #expect(device.notification("m1")?.title == "Changed")
    let cut = device.events.events(ofKind: .extensionIgnored).first
    #expect(cut?.source == .model)
    #expect(cut?.reason.contains("deeper than 512 levels") == true)
    #expect(device.notification("m1")?.content.payload.objectValue?["id"] == 7)
  }

  @Test("a userInfo nested 100,000 deep is cut at 512 levels")
  func nestedDeep() async throws {
    let device = try await play {
      let root = NSMutableDictionary()
      var inner = root
      for _ in 0..<100_000 {
        let next = NSMutableDictionary()
        inner["next"] = next
        inner = next
      }
      keptChains.append(root)
      return ["deep": root]
    }
    #expect(device.notification("m1")?.title == "Changed")
    #expect(device.events.events(ofKind: .extensionIgnored).count == 1)
  }

  @Test("NaN and a Date in userInfo are no change after the handler")
  func notJSONIsNoLateChange() async throws {
    let device = try await play { ["nan": Double.nan, "when": Date(timeIntervalSince1970: 0)] }
    #expect(device.notification("m1")?.title == "Changed")
    #expect(device.events.events(ofKind: .extensionIgnored).isEmpty)
  }
}

/// Attaches a small JPEG, then lets the file grow to 1 GiB (sparse) before handing it over.
final class GrowingAttachmentService: UNNotificationServiceExtension, @unchecked Sendable {
  let file: URL
  init(file: URL) { self.file = file }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
      let photo = try? UNNotificationAttachment(identifier: "photo", url: file),
      let handle = try? FileHandle(forWritingTo: file)
    else { return }
    try? handle.truncate(atOffset: 1 << 30)
    try? handle.close()
    content.attachments = [photo]
    contentHandler(content)
  }
}

/// The process's peak resident memory in bytes.
func peakResidentBytes() -> Int {
  var usage = rusage()
  guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
  return Int(usage.ru_maxrss) * 1024
}

@Suite("Attachments stored without reading them whole", .temporaryFiles)
struct AttachmentStoreTests {
  @Test("a file that grew past the limit after the attachment was made is rejected, not read")
  func grownFile() async throws {
    let file = try makeJPEG(named: "grown.jpg")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let before = peakResidentBytes()
    let host = DeviceHost(
      app: try appWithImage(),
      code: .app(serviceExtension: { GrowingAttachmentService(file: file) }))
    await host.receive(mutablePush, id: "m1")
    let device = await host.device
    #expect(device.notification("m1")?.content.attachments.isEmpty == true)
    let rejected = device.events.events(ofKind: .attachmentRejected).first
    #expect(rejected?.details["code"] == "attachmentInvalidFileSize")
    // Reading the file would have taken a gibibyte of memory.
    #expect(peakResidentBytes() - before < 512 << 20)
    #expect(FileManager.default.fileExists(atPath: file.path))
  }
}

/// Hides every push: hands over empty content, as Signal's and Element's extensions do.
final class FilteringService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    contentHandler(UNNotificationContent())
  }
}

/// Hides every push but sets the badge, as shipping extensions update the badge silently.
final class BadgeOnlyService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    let content = UNMutableNotificationContent()
    content.badge = 7
    contentHandler(content)
  }
}

@Suite("The notification-filtering entitlement")
struct FilteringEntitlementTests {
  func play(
    entitlements: Set<Entitlement>, pushType: String? = "alert", priority: String? = nil,
    service: @escaping @Sendable () -> UNNotificationServiceExtension = FilteringService.init
  ) async -> Device {
    let host = DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.chat", entitlements: entitlements,
        serviceExtension: ServiceExtensionConfiguration(kind: .app)),
      code: .app(serviceExtension: service))
    await host.receive(
      ["aps": ["alert": ["title": "Ana", "body": "Hi"], "mutable-content": 1]],
      headers: PushHeaders(pushType: pushType, priority: priority), id: "m1")
    return await host.device
  }

  @Test("with it, empty content from the extension shows nothing")
  func filtered() async {
    let device = await play(entitlements: [.filtering])
    #expect(device.notification("m1") == nil)
    #expect(device.push("m1")?.status == .suppressed)
    let finished = device.events.events(ofKind: .extensionFinished).first
    #expect(finished?.details["delivered"] == "suppressed")
  }

  @Test("without it, or for a push that is not an alert push, the original shows")
  func notFiltered() async {
    #expect(await play(entitlements: []).notification("m1")?.title == "Ana")
    let background = await play(entitlements: [.filtering], pushType: "background", priority: "5")
    #expect(background.push("m1")?.status != .suppressed)
  }

  @Test("a push sent without apns-push-type is not filtered: Apple's filtering needs alert")
  func noPushTypeHeader() async {
    let device = await play(entitlements: [.filtering], pushType: nil)
    #expect(device.push("m1")?.status != .suppressed)
    #expect(device.notification("m1")?.title == "Ana")
  }

  @Test("content that carries only a badge: nothing shows, and the badge is set")
  func badgeOnly() async {
    let device = await play(entitlements: [.filtering], service: BadgeOnlyService.init)
    #expect(device.notification("m1") == nil)
    #expect(device.push("m1")?.status == .suppressed)
    #expect(device.badge == 7)
  }
}
