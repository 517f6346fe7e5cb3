import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Testing
import UserNotifications

/// Calls its content handler from work it hands to a `Thread`, an `OperationQueue`, a
/// `DispatchWorkItem` or a `DispatchGroup`'s notification, a little later in real time.
final class HandOffService: UNNotificationServiceExtension, @unchecked Sendable {
  enum Form: String, CaseIterable, Sendable {
    case thread, detachedThread, operationQueue, workItem, groupNotify
  }

  let form: Form
  init(form: Form) { self.form = form }

  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
  ) {
    guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
      return
    }
    content.title = "from \(form.rawValue)"
    let answer = Unsafe(content)
    let work: @Sendable () -> Void = {
      Thread.sleep(forTimeInterval: 0.02)
      contentHandler(answer.value)
    }
    switch form {
    case .thread: Thread(block: work).start()
    case .detachedThread: Thread.detachNewThread(work)
    case .operationQueue: OperationQueue().addOperation(work)
    case .workItem: DispatchQueue.global().async(execute: DispatchWorkItem(block: work))
    case .groupNotify:
      let group = DispatchGroup()
      DispatchQueue.global().async(group: group) { Thread.sleep(forTimeInterval: 0.02) }
      group.notify(queue: .global(), execute: work)
    }
  }
}

/// Whatever the app's work runs on, a content handler it calls is taken: the device waits for
/// the work it hands off as the extension's own (Rules.md §7). Before, each push here was
/// judged idle when `didReceive` returned and showed the original after an `extension.timeout`.
@Suite("Content handlers called from work handed off", .timeLimit(.minutes(1)), .temporaryFiles)
struct UntrackedWorkTests {
  @Test("twenty pushes each, every handler call taken", arguments: HandOffService.Form.allCases)
  func handOff(form: HandOffService.Form) async throws {
    let host = DeviceHost(
      app: try appWithImage(),
      // A long grace: on a loaded machine (the suite's start, two cores) the work handed to a
      // queue of its own was seen to wait more than the 2 s default before it ran.
      code: .app(
        serviceExtension: { HandOffService(form: form) },
        watchdog: ServiceExtensionStage.Watchdog(untrackedWorkGrace: .seconds(10))))
    for index in 0..<20 { await host.receive(mutablePush, id: "m\(index)") }
    let device = await host.device
    let titles = (0..<20).map { device.notification("m\($0)")?.title }
    #expect(titles == Array(repeating: "from \(form.rawValue)", count: 20))
    #expect(device.events.events(ofKind: .extensionTimeout).isEmpty)
  }
}
