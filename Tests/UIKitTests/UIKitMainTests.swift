import Foundation
import PushSimTestSupport
import Testing
import UIKit

@testable import UIKitAppFixture

@Suite struct UIKitMainTests {
  /// An app delegate marked `@main` (Tests/Fixtures/UIKitApp) builds into an executable whose
  /// entry point is `UIApplicationDelegate.main()`: on Linux it launches nothing and exits 0.
  @Test func anAppDelegateMarkedMainBuildsAndExits() throws {
    let executable = Bundle.main.bundleURL.deletingLastPathComponent()
      .appendingPathComponent("UIKitAppFixture")
    let found = [executable, Bundle.main.bundleURL.appendingPathComponent("UIKitAppFixture")]
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    let binary = try #require(found, "swift build --build-tests builds UIKitAppFixture")
    let result = try CommandRunner.run([], executable: binary)
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty)
  }

  /// The entry point is the protocol's `main()`, callable as UIKit declares it.
  @Test @MainActor func mainReturnsOnLinux() {
    AppDelegate.main()
    #expect(UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil) == 0)
  }
}
