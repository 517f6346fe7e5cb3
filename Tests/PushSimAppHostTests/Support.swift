import Foundation
import PushDevice
import PushPayload
import PushSimAppHost
import PushSimTestSupport
import Synchronization
import UserNotifications

/// A list several threads append to.
final class Recorded<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }

  /// The values once there are `count` (or whatever came within `limit`): for completion
  /// handlers, each of which runs on a thread of its own, after the call that made them
  /// returned (Rules.md §9.9).
  func all(count: Int, within limit: Duration = .seconds(30)) async -> [Value] {
    let deadline = ContinuousClock.now + limit
    while values.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return all
  }
}

/// A tiny JPEG file (its leading bytes are JPEG's) for manifests and attachments, in a folder
/// of the running test's own (the `.temporaryFiles` trait), removed when the test is over.
/// Dated a minute back, as a file the app ships is older than any extension run: a run moves
/// only the files it wrote itself (Rules.md §9.10).
func makeJPEG(named name: String = "photo.jpg") throws -> URL {
  let file = try TemporaryFiles.folder("pushsim-host-tests").appendingPathComponent(name)
  try Data(
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
      + Array(repeating: 0, count: 64)
  )
  .write(to: file)
  try FileManager.default.setAttributes(
    [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file.path)
  return file
}

/// An app whose extension is the app's own, with one image in its media manifest.
func appWithImage(
  latency: Duration = .milliseconds(200), url: String = "https://cdn.example.com/photo.jpg"
) throws -> AppConfiguration {
  AppConfiguration(
    bundleId: "com.example.chat", backgroundModes: [.remoteNotification],
    serviceExtension: ServiceExtensionConfiguration(kind: .app),
    media: MediaManifest(entries: [
      url: MediaManifest.Entry(
        file: try makeJPEG(), latency: latency, contentType: "image/jpeg")
    ]))
}

/// A push the extension runs for, naming an image.
func push(image: String) -> JSONValue {
  [
    "aps": ["alert": ["title": "Ana", "body": "Photo"], "mutable-content": 1],
    "image-url": JSONValue(.string(image)),
  ]
}

/// A push the extension runs for, naming the default image.
let mutablePush = push(image: "https://cdn.example.com/photo.jpg")
