import Foundation
import PushDevice
import PushPayload
import PushScenario
import PushSimAppHost
import Testing
import UserNotifications

/// The chat app's group, as its code names it.
private let chatGroup = "group.com.example.chat"

/// What the app's code saw of its app group, per process.
final class GroupSightings: Sendable {
  let containers = Recorded<String>()
  let unreadCounts = Recorded<Int?>()
  let files = Recorded<String?>()
  let ownSuite = Recorded<String?>()
  let undeclaredSuite = Recorded<String?>()
  let bundleSuiteIsNil = Recorded<Bool>()
  let extensionSuites = Recorded<String?>()
}

/// An extension as a chat app writes one: it counts the unread messages in the group's defaults,
/// writes the last message into the group's container, and keeps a draft in a suite of its own
/// and in a group it does not declare.
final class UnreadCountingService: UNNotificationServiceExtension, @unchecked Sendable {
  let seen: GroupSightings
  init(seen: GroupSightings) { self.seen = seen }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let defaults = UserDefaults(suiteName: "group.com.example.chat")
    let unread = request.content.userInfo["unread"] as? Int ?? 0
    defaults?.set(unread, forKey: "unread")
    seen.unreadCounts.append(defaults?.object(forKey: "unread") as? Int)
    if let folder = FileManager.default.containerURL(
      forSecurityApplicationGroupIdentifier: chatGroup)
    {
      seen.containers.append(folder.path)
      try? Data(request.content.body.utf8).write(to: folder.appendingPathComponent("last.txt"))
    }
    UserDefaults(suiteName: "drafts")?.set("extension's draft", forKey: "draft")
    UserDefaults(suiteName: "group.com.example.other")?.set("extension's", forKey: "draft")
    seen.extensionSuites.append(UserDefaults(suiteName: "drafts")?.string(forKey: "draft"))
    seen.extensionSuites.append(
      UserDefaults(suiteName: "group.com.example.other")?.string(forKey: "draft"))
    seen.bundleSuiteIsNil.append(UserDefaults(suiteName: "com.example.chat") == nil)
    contentHandler(request.content)
  }
}

/// The app's background push handler: reads what the extension left in the group, and shows the
/// unread count as the badge.
final class UnreadBadgeHandler: NSObject, UIApplicationDelegate, @unchecked Sendable {
  let seen: GroupSightings
  init(seen: GroupSightings) { self.seen = seen }

  func application(
    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
  ) {
    let unread = UserDefaults(suiteName: chatGroup)?.object(forKey: "unread") as? Int
    seen.unreadCounts.append(unread)
    let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: chatGroup)
    if let folder { seen.containers.append(folder.path) }
    seen.files.append(
      folder.flatMap {
        try? String(contentsOf: $0.appendingPathComponent("last.txt"), encoding: .utf8)
      })
    seen.ownSuite.append(UserDefaults(suiteName: "drafts")?.string(forKey: "draft"))
    seen.undeclaredSuite.append(
      UserDefaults(suiteName: "group.com.example.other")?.string(forKey: "draft"))
    application.applicationIconBadgeNumber = unread ?? 0
    completionHandler(.newData)
  }
}

/// The notification-center delegate: reads the group's count when the user taps.
final class UnreadReadingDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
  let seen: GroupSightings
  init(seen: GroupSightings) { self.seen = seen }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    seen.unreadCounts.append(UserDefaults(suiteName: chatGroup)?.object(forKey: "unread") as? Int)
    if let folder = FileManager.default.containerURL(
      forSecurityApplicationGroupIdentifier: chatGroup)
    {
      seen.containers.append(folder.path)
    }
    completionHandler()
  }
}

/// An extension that keeps a draft in a suite whose name is `suiteName`, and says whether
/// Foundation could write it out.
final class LongSuiteService: UNNotificationServiceExtension, @unchecked Sendable {
  let suiteName: String
  let written = Recorded<Bool>()
  init(suiteName: String) { self.suiteName = suiteName }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    let defaults = UserDefaults(suiteName: suiteName)
    defaults?.set("kept", forKey: "draft")
    written.append(defaults?.synchronize() ?? false)
    contentHandler(request.content)
  }
}

@Suite("App groups: each device's container and shared defaults for the app's code")
struct AppGroupTests {
  static let alert = PushHeaders(pushType: "alert", topic: "com.example.chat")
  static let background = PushHeaders(
    pushType: "background", priority: "5", topic: "com.example.chat")

  static func phone(groups: [String] = [chatGroup], seen: GroupSightings) -> DeviceHost {
    var app = AppConfiguration(
      bundleId: "com.example.chat", backgroundModes: [.remoteNotification],
      serviceExtension: ServiceExtensionConfiguration(kind: .app))
    app.appGroups = groups
    return DeviceHost(
      app: app,
      code: .app(
        serviceExtension: { UnreadCountingService(seen: seen) },
        delegate: UnreadReadingDelegate(seen: seen), application: UnreadBadgeHandler(seen: seen)))
  }

  static func message(unread: Int) -> String {
    #"{"aps":{"alert":{"body":"Message \#(unread)"},"mutable-content":1},"unread":\#(unread)}"#
  }

  static let sync: JSONValue = ["aps": ["content-available": 1]]

  /// Plays a message (the extension counts), a tap (the delegate reads) and a background push
  /// (the handler reads and sets the badge); answers the badge.
  static func play(_ host: DeviceHost, unread: Int) async throws -> Int {
    await host.receive(json: message(unread: unread), headers: alert, id: "m")
    try await host.tap("m")
    await host.receive(sync, headers: background, id: "sync")
    return await host.device.badge
  }

  @Test("the extension's count reaches the delegate and the handler through the group's defaults")
  func sharedWithinOneDevice() async throws {
    let seen = GroupSightings()
    let host = Self.phone(seen: seen)
    #expect(try await Self.play(host, unread: 4) == 4)
    #expect(seen.unreadCounts.all == [4, 4, 4])
    let folders = seen.containers.all
    #expect(folders.count == 3)
    #expect(Set(folders).count == 1)
    let folder = try #require(folders.first)
    #expect(folder.hasPrefix(host.appContainers.root.path))
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    #expect(FileManager.default.fileExists(atPath: folder + "/Library/Caches"))
    #expect(seen.files.all == ["Message 4"])
    #expect(seen.bundleSuiteIsNil.all == [true])
    // A test can look at what the app's code stored.
    let defaults = try #require(
      host.appContainers.userDefaults(forSecurityApplicationGroupIdentifier: chatGroup))
    #expect(defaults.integer(forKey: "unread") == 4)
  }

  @Test("a suite that is no declared group is each process's own: the app's is not the extension's")
  func ownSuitesArePerProcess() async throws {
    let seen = GroupSightings()
    let host = Self.phone(seen: seen)
    _ = try await Self.play(host, unread: 2)
    #expect(seen.extensionSuites.all == ["extension's draft", "extension's"])
    #expect(seen.ownSuite.all == [nil])
    #expect(seen.undeclaredSuite.all == [nil])
  }

  @Test("a group the app does not declare has no container, and its defaults are not shared")
  func undeclaredGroup() async throws {
    let seen = GroupSightings()
    let host = Self.phone(groups: ["group.com.example.something-else"], seen: seen)
    #expect(try await Self.play(host, unread: 3) == 0)
    #expect(seen.containers.all.isEmpty)
    #expect(seen.files.all == [nil])
    #expect(seen.unreadCounts.all == [3, nil, nil])
    #expect(
      host.appContainers.containerURL(forSecurityApplicationGroupIdentifier: chatGroup) == nil)
  }

  @Test("outside any device there is no container")
  func outsideAnyDevice() {
    #expect(
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: chatGroup) == nil)
  }

  @Test("nothing is kept for the next run: a new device's handler finds no count")
  func notPersisted() async throws {
    let first = GroupSightings()
    #expect(try await Self.play(Self.phone(seen: first), unread: 9) == 9)
    let second = GroupSightings()
    let host = Self.phone(seen: second)
    await host.receive(Self.sync, headers: Self.background, id: "sync")
    #expect(second.unreadCounts.all == [nil])
    #expect(second.files.all == [nil])
    #expect(await host.device.badge == 0)
  }

  /// 44 Japanese characters: 132 bytes of UTF-8, 396 percent-encoded, over the 255 bytes a
  /// file name may have.
  static let longSuiteName = String(repeating: "未読メッセージの下書き", count: 4)

  @Test("a suite whose name is too long for a file name still reaches the disk")
  func longSuiteNameReachesTheDisk() async throws {
    let service = LongSuiteService(suiteName: Self.longSuiteName)
    let host = DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.chat",
        serviceExtension: ServiceExtensionConfiguration(kind: .app)),
      code: .app(serviceExtension: { service }))
    await host.receive(json: Self.message(unread: 1), headers: Self.alert, id: "m")
    // The extension ran and asked for the write. What `synchronize()` returns is not checked:
    // Foundation's returned false once in a loaded CI run though the file below was written
    // (the file on the disk is what the app relies on).
    #expect(service.written.all.count == 1)
    // A second view of the suite: its file, read from the disk (Foundation's cache in this
    // process would answer from memory whatever happened to the file).
    let folder = host.appContainers.root.appendingPathComponent(
      "Extension/Library/Preferences", isDirectory: true)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".plist") }
    #expect(files.count == 1)
    let file = try #require(files.first)
    #expect(file.utf8.count <= 255)
    let data = try Data(contentsOf: folder.appendingPathComponent(file))
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect((plist as? [String: Any])?["draft"] as? String == "kept")
  }

  @Test("devices in parallel cases each keep their own count", arguments: 1...12)
  func parallelCases(unread: Int) async throws {
    let seen = GroupSightings()
    let host = Self.phone(seen: seen)
    #expect(try await Self.play(host, unread: unread) == unread)
    #expect(seen.unreadCounts.all == [unread, unread, unread])
    #expect(seen.files.all == ["Message \(unread)"])
  }

  @Test("sixteen devices at once never see each other's container or defaults")
  func sixteenDevicesAtOnce() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, Int, GroupSightings).self) { group in
      for unread in 1...16 {
        group.addTask {
          let seen = GroupSightings()
          let host = Self.phone(seen: seen)
          return (unread, try await Self.play(host, unread: unread), seen)
        }
      }
      var results: [(Int, Int, GroupSightings)] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(results.count == 16)
    var folders = Set<String>()
    for (unread, badge, seen) in results {
      #expect(badge == unread)
      #expect(seen.unreadCounts.all == [unread, unread, unread])
      #expect(seen.files.all == ["Message \(unread)"])
      #expect(Set(seen.containers.all).count == 1)
      folders.formUnion(seen.containers.all)
    }
    #expect(folders.count == 16)
  }
}

@Suite("App groups declared in a scenario file")
struct AppGroupScenarioTests {
  @Test("the app file's appGroups reach the app's code: the badge is the extension's count")
  func scenarioDeclaresTheGroup() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-appgroups-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = #"""
      { "app": { "bundleId": "com.example.chat", "appGroups": ["group.com.example.chat"],
                 "backgroundModes": ["remote-notification"], "serviceExtension": { "kind": "app" } },
        "steps": [
          { "push": { "id": "m", "payload": { "aps": { "alert": { "body": "Hi" }, "mutable-content": 1 }, "unread": 6 } } },
          { "push": { "id": "sync", "headers": { "apns-push-type": "background", "apns-priority": "5" },
                      "payload": { "aps": { "content-available": 1 } } } },
          { "expect": { "badge": 6 } } ] }
      """#
    try scenario.write(
      to: folder.appendingPathComponent("unread.json"), atomically: true, encoding: .utf8)
    let seen = GroupSightings()
    let player = ScenarioPlayer(
      code: .app(
        serviceExtension: { UnreadCountingService(seen: seen) },
        application: UnreadBadgeHandler(seen: seen)))
    let result = try await player.play(file: "unread.json", in: folder)
    #expect(result.failures.isEmpty, "\(result.failureText)")
    #expect(seen.unreadCounts.all == [6, 6])
  }
}

@Suite("A device's app folders")
struct AppContainersTests {
  @Test("made on demand, removed with the device")
  func lifetime() throws {
    var app = AppConfiguration(bundleId: "com.example.chat")
    app.appGroups = [chatGroup]
    var containers: AppContainers? = AppContainers(app: app)
    let root = try #require(containers?.root)
    #expect(!FileManager.default.fileExists(atPath: root.path))
    let folder = try #require(
      containers?.containerURL(forSecurityApplicationGroupIdentifier: chatGroup))
    try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
    #expect(FileManager.default.fileExists(atPath: root.path))
    containers = nil
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  @Test("a suite's name never leads out of its folder")
  func suiteNamesStayInside() throws {
    let containers = AppContainers(app: AppConfiguration(bundleId: "com.example.chat"))
    for name in ["../../escape", "/etc/passwd", "..", "", "a/b"] {
      let path = try #require(containers.preferencesSuiteName(name, for: .app))
      let file = URL(fileURLWithPath: path + ".plist").standardizedFileURL
      #expect(
        file.deletingLastPathComponent().path
          == containers.root.appendingPathComponent("App/Library/Preferences").path)
    }
    #expect(containers.preferencesSuiteName("com.example.chat", for: .app) == nil)
    #expect(containers.preferencesSuiteName("NSGlobalDomain", for: .serviceExtension) == nil)
  }

  @Test("a long suite name gets a short file name of its own, the same every time")
  func longSuiteNames() throws {
    let containers = AppContainers(app: AppConfiguration(bundleId: "com.example.chat"))
    let long = String(repeating: "未読", count: 20)
    let other = long + "。"
    let first = try #require(containers.preferencesSuiteName(long, for: .app))
    let again = try #require(containers.preferencesSuiteName(long, for: .app))
    let second = try #require(containers.preferencesSuiteName(other, for: .app))
    #expect(first == again)
    #expect(first != second)
    for path in [first, second] {
      let name = URL(fileURLWithPath: path + ".plist").lastPathComponent
      #expect(name.utf8.count <= 255)
      #expect(
        URL(fileURLWithPath: path).deletingLastPathComponent().path
          == containers.root.appendingPathComponent("App/Library/Preferences").path)
    }
    // Short names keep their readable file name.
    #expect(
      containers.preferencesSuiteName("drafts", for: .app)?.hasSuffix("/Preferences/drafts")
        == true)
  }

  @Test("a group set from Swift with an identifier iOS would not take has no container")
  func invalidGroupFromSwift() {
    var app = AppConfiguration()
    app.appGroups = ["com.example.chat", "group.a/../b"]
    let containers = AppContainers(app: app)
    #expect(
      containers.containerURL(forSecurityApplicationGroupIdentifier: "com.example.chat") == nil)
    #expect(containers.containerURL(forSecurityApplicationGroupIdentifier: "group.a/../b") == nil)
  }
}
