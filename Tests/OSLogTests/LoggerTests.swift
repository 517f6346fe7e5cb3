import Foundation
import OSLog
import Synchronization
import Testing

@testable import os

/// The lines written by `body`, through the task-local sink a device installs.
func captured(_ body: () -> Void) -> [AppLogLine] {
  let lines = Mutex<[AppLogLine]>([])
  AppLog.withSink(AppLogSink { line in lines.withLock { $0.append(line) } }) {
    body()
  }
  return lines.withLock { $0 }
}

@Suite struct LoggerTests {
  let logger = Logger(subsystem: "com.example.chat", category: "push")

  @Test func eachMethodWritesAtItsLevel() {
    let lines = captured {
      logger.trace("t")
      logger.debug("d")
      logger.info("i")
      logger.notice("n")
      logger.log("l")
      logger.log(level: .info, "li")
      logger.warning("w")
      logger.error("e")
      logger.critical("c")
      logger.fault("f")
    }
    #expect(lines.map(\.message) == ["t", "d", "i", "n", "l", "li", "w", "e", "c", "f"])
    #expect(
      lines.map(\.level) == [
        .debug, .debug, .info, .default, .default, .info, .error, .error, .fault, .fault,
      ])
    #expect(lines.allSatisfy { $0.subsystem == "com.example.chat" && $0.category == "push" })
  }

  @Test func interpolationTakesApplesOptions() {
    let id = "msg-42"
    let bytes = 1024
    let ratio = 0.5
    let url = URL(string: "https://example.com/a.jpg")
    let lines = captured {
      logger.info("id \(id, privacy: .public) \(id, privacy: .private(mask: .hash))")
      logger.info("bytes \(bytes) \(bytes, format: .hex) \(bytes, format: .decimal(minDigits: 6))")
      logger.info("ratio \(ratio) \(ratio, format: .fixed(precision: 2)) \(Float(1.5))")
      logger.info("flag \(true) \(false, format: .answer) \(Int.self)")
      logger.info("[\(id, align: .left(columns: 8))] [\(7, align: .right(columns: 3))]")
      logger.info("url \(String(describing: url), privacy: .sensitive) \(NSNumber(value: 3))")
      logger.info("hex \(255, format: .hex(includePrefix: true, uppercase: true)) \(-3)")
    }
    #expect(
      lines.map(\.console) == [
        "id msg-42 msg-42",
        "bytes 1024 400 001024",
        "ratio 0.500000 0.50 1.500000",
        "flag true NO Swift.Int",
        "[msg-42  ] [  7]",
        "url Optional(https://example.com/a.jpg) 3",
        "hex 0XFF -3",
      ])
  }

  @Test func loggerFromAHandleAndTheDefault() {
    let lines = captured {
      Logger(OSLog(subsystem: "s", category: "c")).notice("a")
      Logger().notice("b")
      Logger(OSLog.disabled).notice("dropped")
    }
    #expect(
      lines == [
        AppLogLine(level: .default, subsystem: "s", category: "c", message: "a"),
        AppLogLine(level: .default, subsystem: "", category: "", message: "b"),
      ])
  }

  @Test func aSinkIsInheritedByTasksAndLeftOutsideIt() async {
    let lines = Mutex<[String]>([])
    await AppLog.withSink(AppLogSink { line in lines.withLock { $0.append(line.message) } }) {
      await Task { logger.info("in a child task") }.value
    }
    logger.debug("to standard error")
    #expect(lines.withLock { $0 } == ["in a child task"])
  }
}

@Suite struct OSLogFunctionTests {
  let log = OSLog(subsystem: "com.example.chat", category: "service")

  @Test func formatsWithArgumentsAndPrivacyAnnotations() {
    let lines = captured {
      os_log("Downloaded %{public}@ (%d bytes)", log: log, type: .info, "a.jpg", 2048)
      os_log("%{private}s at %.1f%%", log: log, type: .error, "name", 99.5)
      os_log(.fault, log: log, "crash %ld", 7)
      os_log("plain default")
      os_log("interpolated \(3) items", log: log, type: .debug)
      os_log(.error, log: log, "interpolated error \("x")")
    }
    #expect(
      lines.map(\.console) == [
        "Downloaded a.jpg (2048 bytes)", "name at 99.5%", "crash 7", "plain default",
        "interpolated 3 items", "interpolated error x",
      ])
    // What the device's log keeps: `%@`/`%s` and interpolated strings private unless public,
    // numbers kept unless private (Rules.md §9.11).
    #expect(
      lines.map(\.message) == [
        "Downloaded a.jpg (2048 bytes)", "<private> at 99.5%", "crash 7", "plain default",
        "interpolated 3 items", "interpolated error <private>",
      ])
    #expect(lines.map(\.level) == [.info, .error, .fault, .default, .debug, .error])
    #expect(lines[3].subsystem.isEmpty)
    #expect(lines[0].category == "service")
  }

  @Test func levelsHaveApplesValuesAndNames() {
    #expect(
      [OSLogType.default, .info, .debug, .error, .fault].map(\.rawValue) == [0, 1, 2, 16, 17])
    #expect(
      [OSLogType.default, .info, .debug, .error, .fault].map(\.name) == [
        "default", "info", "debug", "error", "fault",
      ])
    #expect(OSLogType(rawValue: 1) == .info)
    #expect(OSLog.Category.pointsOfInterest.rawValue == "PointsOfInterest")
  }
}

/// What the device's log keeps of a `Logger` line: Apple redacts dynamic strings and objects
/// unless marked `.public`, and `.private` and `.sensitive` values always; numbers and Booleans
/// are kept by default. The full text stays in `console` (Rules.md §9.11).
@Suite struct LoggerPrivacyTests {
  @Test func dynamicValuesAreRedactedUnlessPublic() {
    let logger = Logger(subsystem: "com.example.chat", category: "push")
    let name = "Ana"
    let id = 42
    let lines = captured {
      logger.info("from \(name) id \(id)")
      logger.info("from \(name, privacy: .public) id \(id, privacy: .private)")
      logger.info("from \(name, privacy: .sensitive) ok \(true)")
      logger.info(
        "hash \(name, privacy: .private(mask: .hash)) \(name, privacy: .private(mask: .hash))")
    }
    #expect(
      lines.map(\.message).prefix(3) == [
        "from <private> id 42", "from Ana id <private>", "from <private> ok true",
      ])
    #expect(
      lines.map(\.console).prefix(3) == ["from Ana id 42", "from Ana id 42", "from Ana ok true"])
    // A hash mask gives equal values equal hashes, never the value.
    let masked = lines[3].message
    #expect(masked.hasPrefix("hash <mask.hash: '") && !masked.contains("Ana"))
    let hashes = masked.split(separator: " ")
    #expect(hashes.count == 5 && hashes[2] == hashes[4])
  }
}
