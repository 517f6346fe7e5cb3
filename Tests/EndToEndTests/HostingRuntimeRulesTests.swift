import Foundation
import PushSimTestSupport
import Testing

/// The hosting runtime's one-of-each rules (Architecture.md, "The hosting runtime"): one
/// task-local, one one-shot, one unchecked box and one weak box, one real-time race, one serial
/// queue, and no timer on a pool the app's code can take. Read from the sources, as a reviewer would.
@Suite struct HostingRuntimeRulesTests {
  /// Every Swift file under Sources, with its text, comments left out.
  static func sources() throws -> [(path: String, code: String)] {
    let folder = Repository.url("Sources")
    let paths = try #require(FileManager.default.enumerator(atPath: folder.path))
    var files: [(String, String)] = []
    while let path = paths.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      let code = text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
      files.append((path, code))
    }
    return files
  }

  /// The files whose code matches `pattern`.
  static func files(matching pattern: String) throws -> [String] {
    let regex = try Regex(pattern)
    return try sources().filter { $0.code.contains(regex) }.map(\.path).sorted()
  }

  @Test("one @TaskLocal, the app's process")
  func oneTaskLocal() throws {
    #expect(try Self.files(matching: #"@TaskLocal"#) == ["PushSimHosting/AppProcess.swift"])
  }

  @Test("one unchecked generic box and one weak box, in the hosting runtime")
  func oneBox() throws {
    // A box only hands a value across threads; locks (`Locked`, Combine's `LockedValue`)
    // guard what they hold and are not boxes.
    let boxes = try Self.files(
      matching: #"(struct|class) (Unchecked|Weak)\w*<\w+>\s*:\s*@unchecked Sendable"#)
    #expect(boxes == ["PushSimHosting/Unchecked.swift"])
  }

  @Test("one one-shot answer: no other type keeps a continuation to resume once")
  func oneOneShot() throws {
    let holders = try Self.files(matching: #"var \w+: (Checked|Unsafe)Continuation<"#)
    #expect(holders == [])
    #expect(try Self.files(matching: #"class OneShot<"#) == ["PushSimHosting/OneShot.swift"])
  }

  @Test("no timer is a task: real time is raced only in RealTimeLimit, on PushSim's timer")
  func noPoolTimers() throws {
    // `Task.sleep` in Sources is only the app's own, declared again for hosted code.
    let sleepers = try Self.files(matching: #"try\? await Task\.sleep\(for"#)
    #expect(sleepers.allSatisfy { $0.hasPrefix("UserNotifications/") })
    #expect(
      try Self.files(matching: #"enum RealTimeLimit"#) == ["PushSimHosting/RealTimeLimit.swift"])
  }

  @Test("one serial queue: no other type chains tasks or pumps a queue of its own")
  func oneSerialQueue() throws {
    // A chain keeps the task queued last and makes the next one wait for it; a pump drains a
    // list of pending calls from a task it starts.
    let chains = try Self.files(matching: #"await previous\??\.value|last = Task"#)
    #expect(chains == ["PushSimHosting/SerialQueue.swift"])
    let pumps = try Self.files(matching: #"Task \{ await pump\(\) \}|func pump\(\)"#)
    #expect(pumps == [])
    #expect(
      try Self.files(matching: #"class SerialQueue\b"#) == ["PushSimHosting/SerialQueue.swift"])
  }

  @Test("one binding of the app's process around a call: no module binds its slot alone")
  func oneBinding() throws {
    // Each module offers its slot as a property of AppProcess; the host sets them all on one
    // value and binds it once. `AppLog.withSink` stays for tests of the os module alone.
    let nested = try Self.files(
      matching: #"\.withSink\(|\.withBound\(|withServiceExtension\(|Hosting\.withBackend\("#)
    #expect(nested == [])
  }
}
