// This file imports UIKit, as an app delegate's file does; UserNotifications comes with it.
import PushDevice
import PushPayload
import PushSimAppHost
import Synchronization
import Testing
import UIKit

/// An app delegate as Xcode's template writes it: a `UIResponder` with a window, registering at
/// launch and asking for background time to send its token.
final class TemplateAppDelegate: UIResponder, UIApplicationDelegate, @unchecked Sendable {
  var window: UIWindow?
  let seen = Mutex<[String]>([])

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let isDelegate = UIApplication.shared.delegate === self
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    self.window = window
    let shown = UIApplication.shared.windows.contains { $0 === window }
    seen.withLock { $0 += ["delegate \(isDelegate)", "window \(shown)"] }
    application.registerForRemoteNotifications()
    return true
  }

  func application(
    _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    let task = application.beginBackgroundTask(withName: "upload token") {}
    let running = application.runningBackgroundTasks.contains(task)
    application.endBackgroundTask(task)
    let ended = !application.runningBackgroundTasks.contains(task)
    seen.withLock { $0 += ["task \(task != .invalid) \(running) \(ended)"] }
  }
}

@Suite struct UIKitAppDelegateTests {
  /// `import UIKit` gives the app delegate its superclass, window and background tasks; on the
  /// device `UIApplication.shared.delegate` is the delegate it runs.
  @Test func aTemplateAppDelegateRunsOnTheDevice() async {
    let delegate = TemplateAppDelegate()
    var app = AppConfiguration(bundleId: "com.example.chat", state: .background)
    app.entitlements.insert(.apsEnvironment)
    let host = DeviceHost(app: app, code: .app(application: delegate))
    await host.receive(
      bytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8),
      headers: PushHeaders(pushType: "alert", topic: "com.example.chat"), id: "hi")
    #expect(
      delegate.seen.withLock { $0 } == ["delegate true", "window true", "task true true true"])
    #expect(await host.device.events.events(ofKind: .appRegistered).count == 1)
  }

  @Test func backgroundTasksHaveIdentifiersAndEnd() {
    let application = UIApplication.shared
    let first = application.beginBackgroundTask(expirationHandler: nil)
    let second = application.beginBackgroundTask(withName: nil)
    #expect(first != .invalid && second != .invalid && first != second)
    #expect(UIBackgroundTaskIdentifier.invalid.rawValue == 0)
    application.endBackgroundTask(first)
    application.endBackgroundTask(second)
    application.endBackgroundTask(.invalid)
    #expect(!application.runningBackgroundTasks.contains(first))
  }

  @Test func keysHaveUIKitsRawValues() {
    #expect(
      UIApplication.LaunchOptionsKey.remoteNotification.rawValue
        == "UIApplicationLaunchOptionsRemoteNotificationKey")
    #expect(
      UIApplication.OpenURLOptionsKey.sourceApplication.rawValue
        == "UIApplicationOpenURLOptionsSourceApplicationKey")
    #expect(UISceneSession.Role.windowApplication.rawValue == "UIWindowSceneSessionRoleApplication")
  }

  @Test func theDeviceIsASimulatedIPhone() {
    let device = UIDevice.current
    #expect(device.model == "iPhone")
    #expect(device.name == "iPhone")
    #expect(device.systemName == "iOS")
    #expect(device.systemVersion == "26.4")
    #expect(device.identifierForVendor != nil)
    #expect(device.identifierForVendor == UIDevice.current.identifierForVendor)
    #expect(device.userInterfaceIdiom == .phone)
  }

  @Test func anImageGivesBackTheBytesItWasMadeFrom() throws {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])
    let pngImage = try #require(UIImage(data: png))
    #expect(pngImage.pngData() == png)
    #expect(pngImage.jpegData(compressionQuality: 0.8) == nil)
    let jpegImage = try #require(UIImage(data: jpeg))
    #expect(jpegImage.jpegData(compressionQuality: 1) == jpeg)
    #expect(jpegImage.pngData() == nil)
    #expect(UIImage(data: Data("not an image".utf8)) == nil)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("uikit-\(UUID().uuidString).png")
    try png.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(UIImage(contentsOfFile: file.path)?.pngData() == png)
    #expect(UIImage(contentsOfFile: file.path + ".missing") == nil)
  }

  @Test func aSceneDelegateConnectsItsWindow() {
    let session = UISceneSession()
    let scene = UIWindowScene(session: session, connectionOptions: UIScene.ConnectionOptions())
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
      var window: UIWindow?
      func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
      ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.makeKeyAndVisible()
      }
    }
    let delegate = SceneDelegate()
    delegate.scene(scene, willConnectTo: session, options: UIScene.ConnectionOptions())
    #expect(scene.windows.count == 1)
    #expect(delegate.window?.isKeyWindow == true)
    let configuration = UISceneConfiguration(
      name: "Default Configuration", sessionRole: session.role)
    #expect(configuration.name == "Default Configuration")
    #expect(configuration.role == .windowApplication)
  }

  @Test func aUserActivityKeepsWhatTheAppSets() {
    let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
    activity.title = "Chat"
    activity.webpageURL = URL(string: "https://example.com/chat/1")
    activity.userInfo = ["chat": 1]
    activity.addUserInfoEntries(from: ["message": 2])
    #expect(activity.activityType == "NSUserActivityTypeBrowsingWeb")
    #expect(activity.userInfo?.count == 2)
    let responder = UIResponder()
    responder.userActivity = activity
    let restoring: any UIUserActivityRestoring = responder
    restoring.restoreUserActivityState(activity)
    #expect(responder.userActivity === activity)
  }
}
