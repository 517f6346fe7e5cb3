import Dispatch
import Foundation
import PushPayload
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pushsim validate [FILE|-]`: what APNs would answer for a payload, plus lint (CommandLine.md).
///
/// Parses flags, reads the input and calls ``PayloadValidation``; all judgement is in
/// `PushPayload`.
enum ValidateCommand {
  static let help = """
    USAGE: pushsim validate [FILE|-] [options]

    What APNs would answer for a payload (status, reason, push type, size and limit), the
    payload as iOS reads it, and lint. FILE is a payload .json or an Xcode .apns file (its
    "Simulator Target Bundle" key is accepted); '-' or no FILE reads standard input.

    OPTIONS:
      --push-type T        apns-push-type: alert, background, complication, controls,
                           fileprovider, liveactivity, location, mdm, pushtotalk, voip, widgets
                           (absent: inferred, with a warning)
      --priority P         apns-priority: 10, 5 or 1 (absent means 10)
      --collapse-id ID     apns-collapse-id (at most 64 bytes)
      --expiration N       apns-expiration (UNIX seconds)
      --topic T            apns-topic (checked for the suffix the push type needs)
      --apns-id UUID       apns-id (a canonical UUID)
      --app FILE           check against an app description (categories, sounds, entitlements)
      --strings DIR        check every loc-key in every localization
      --format text|json   output format (default text)
      --jsonl              every input line is one payload; one result per line (with "line"),
                           totals on standard error; streams in constant memory. Empty lines are
                           skipped; a line that is not JSON is a rejected payload (exit 1).
      -h, --help           show this help

    EXIT STATUS:
      0  accepted and no lint errors (warnings do not count)
      1  rejected by APNs, or a lint error
      2  the input could not be used: unreadable file, not JSON, bad flag or app file
         (one line on standard error: path:line:column: error: message)

    """

  static let options: Set<String> = [
    "push-type", "priority", "collapse-id", "expiration", "topic", "apns-id", "app", "strings",
    "format",
  ]

  /// What the command was asked to do.
  struct Request: Sendable {
    var input: String?
    var headers: PushHeaders
    var app: AppFacts?
    var stringsFolder: String?
    var json: Bool
    var jsonl: Bool

    var displayName: String { input == nil || input == "-" ? "<stdin>" : input ?? "<stdin>" }
    var isAPNsFile: Bool { input?.lowercased().hasSuffix(".apns") ?? false }
    var ignoredKeys: Set<String> { isAPNsFile ? ["Simulator Target Bundle"] : [] }
  }

  static func main(_ arguments: [String]) async -> ExitStatus {
    let request: Request
    do {
      let parsed = try Arguments.parse(arguments, options: options, flags: ["jsonl"])
      if parsed.has("help") {
        Console.write(help)
        return .success
      }
      request = try makeRequest(parsed)
    } catch let error as UsageError {
      Console.error("error: \(error.message)")
      return .unusable
    } catch let error as InputError {
      Console.error(error.line)
      return .unusable
    } catch {
      Console.error("error: \(error)")
      return .unusable
    }
    if request.jsonl { return streamLines(request) }
    return validateOne(request)
  }

  /// A problem with an input file: one line for standard error.
  struct InputError: Error {
    var line: String
  }

  static func makeRequest(_ parsed: Arguments) throws -> Request {
    guard parsed.positionals.count <= 1 else {
      throw UsageError("expected at most one FILE, got \(parsed.positionals.count)")
    }
    let format = parsed.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError("--format must be text or json, not '\(format)'")
    }
    let headers = PushHeaders(
      pushType: parsed.value("push-type"), priority: parsed.value("priority"),
      collapseID: parsed.value("collapse-id"), expiration: parsed.value("expiration"),
      topic: parsed.value("topic"), apnsID: parsed.value("apns-id"))
    var app: AppFacts?
    if let appPath = parsed.value("app") {
      guard let data = FileManager.default.contents(atPath: appPath) else {
        throw InputError(line: "\(appPath): error: cannot read the app file")
      }
      do {
        app = try AppFacts(json: Array(data))
      } catch {
        throw InputError(line: "\(appPath):\(error.position): error: \(error.message)")
      }
    }
    if let folder = parsed.value("strings") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        throw InputError(line: "\(folder): error: --strings needs a folder of *.lproj tables")
      }
    }
    return Request(
      input: parsed.positionals.first, headers: headers, app: app,
      stringsFolder: parsed.value("strings"), json: format == "json", jsonl: parsed.has("jsonl"))
  }

  // MARK: - One payload

  static func validateOne(_ request: Request) -> ExitStatus {
    let body: [UInt8]
    if let path = request.input, path != "-" {
      guard let data = FileManager.default.contents(atPath: path) else {
        Console.error("\(path): error: cannot read the file")
        return .unusable
      }
      body = Array(data)
    } else {
      body = Array(FileHandle.standardInput.readDataToEndOfFile())
    }
    var validation = PayloadValidation(
      body: body, headers: request.headers, app: request.app,
      ignoredTopLevelKeys: request.ignoredKeys)
    checkStrings(&validation, request)
    if request.json {
      Console.write(validation.jsonText() + "\n")
    } else {
      Console.write(
        validation.textReport(
          name: request.displayName, color: Console.colorEnabled, skippingMalformed: true))
    }
    if let error = validation.syntaxError, validation.verdict.reason == .malformedPayload {
      Console.error("\(request.displayName):\(error.position): error: \(error.message)")
      return .unusable
    }
    if validation.verdict.reason == .malformedPayload {
      Console.error("\(request.displayName):1:1: error: a payload must be a JSON object")
      return .unusable
    }
    return validation.hasErrors ? .failure : .success
  }

  /// `--strings DIR`: every loc-key in every localization (see ValidateStrings).
  static func checkStrings(_ validation: inout PayloadValidation, _ request: Request) {
    guard let folder = request.stringsFolder, let payload = validation.payload else { return }
    validation.diagnostics += ValidateStrings.diagnostics(
      for: payload, stringsFolder: folder,
      developmentRegion: request.app?.developmentRegion ?? "en")
  }

  // MARK: - JSON lines

  /// Lines longer than this are judged by their size alone (every limit is far below).
  static let longestParsedLine = 1 << 20

  static func streamLines(_ request: Request) -> ExitStatus {
    let descriptor: Int32
    if let path = request.input, path != "-" {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        Console.error("\(path): error: cannot read the file")
        return .unusable
      }
    } else {
      descriptor = STDIN_FILENO
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }

    var output = OutputBuffer()
    var totals = Totals()
    var lineNumber = 0
    var pending: [UInt8] = []
    var pendingLength = 0  // the full length of the current line, even past the cap
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var batch: [Line] = []
    var batchBytes = 0
    let color = Console.colorEnabled

    func finishLine() {
      lineNumber += 1
      var length = pendingLength
      if length <= longestParsedLine, pending.last == UInt8(ascii: "\r") {
        pending.removeLast()
        length -= 1
      }
      if length > 0 {
        batch.append(Line(number: lineNumber, bytes: pending, length: length))
        batchBytes += pending.count
      }
      pending = []
      pendingLength = 0
      if batch.count >= batchLines || batchBytes >= batchByteLimit {
        processBatch(batch, request, color: color, into: &output, totals: &totals)
        batch.removeAll(keepingCapacity: true)
        batchBytes = 0
      }
    }

    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        output.flush()
        Console.error("\(request.displayName): error: read failed (errno \(errno))")
        return .unusable
      }
      if count == 0 { break }
      var start = 0
      while start < count {
        let newline: Int? = chunk.withUnsafeBytes { buffer in
          guard let base = buffer.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
          else { return nil }
          return base.distance(to: UnsafeRawPointer(found))
        }
        let end = newline ?? count
        let room = max(0, longestParsedLine + 1 - pending.count)
        if room > 0 { pending.append(contentsOf: chunk[start..<min(end, start + room)]) }
        pendingLength += end - start
        if newline != nil { finishLine() }
        start = end + 1
      }
    }
    if pendingLength > 0 { finishLine() }
    processBatch(batch, request, color: color, into: &output, totals: &totals)
    output.flush()
    Console.error(totals.summary)
    return totals.failed > 0 ? .failure : .success
  }

  /// One input line: its number, its bytes (up to the cap) and its full length.
  struct Line: Sendable {
    var number: Int
    var bytes: [UInt8]
    var length: Int
  }

  /// Lines are validated in batches, split across the processor's cores; output keeps input
  /// order, and memory is bounded by the batch (lines and bytes), not by the input.
  static let batchLines = 4096
  static let batchByteLimit = 8 << 20
  static let workerCount = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

  static func processBatch(
    _ lines: [Line], _ request: Request, color: Bool, into output: inout OutputBuffer,
    totals: inout Totals
  ) {
    guard !lines.isEmpty else { return }
    // A few chunks per core, handed out as cores free up: on a shared machine one stalled
    // thread no longer holds the whole batch back.
    let workers = min(workerCount * 4, max(1, lines.count / 256))
    let results = Mutex<[(Int, [UInt8], Totals)]>([])
    let perWorker = (lines.count + workers - 1) / workers
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var writer = JSONWriter()
      writer.bytes.reserveCapacity(perWorker * 512)
      var counts = Totals()
      let range = (worker * perWorker)..<min(lines.count, (worker + 1) * perWorker)
      for line in lines[range] {
        render(line, request, color: color, into: &writer, totals: &counts)
      }
      let bytes = writer.bytes
      results.withLock { $0.append((worker, bytes, counts)) }
    }
    for (_, bytes, counts) in results.withLock({ $0 }).sorted(by: { $0.0 < $1.0 }) {
      output.writer.bytes.append(contentsOf: bytes)
      totals.merge(counts)
      output.flushIfFull()
    }
  }

  static func render(
    _ line: Line, _ request: Request, color: Bool, into writer: inout JSONWriter,
    totals: inout Totals
  ) {
    var validation =
      line.length > longestParsedLine
      ? PayloadValidation(oversizedBodyOf: line.length, headers: request.headers)
      : PayloadValidation(
        body: line.bytes, headers: request.headers, app: request.app,
        ignoredTopLevelKeys: request.ignoredKeys)
    checkStrings(&validation, request)
    totals.add(validation)
    if request.json {
      validation.writeJSON(into: &writer, line: line.number)
      writer.raw(byte: UInt8(ascii: "\n"))
    } else {
      writer.bytes.append(
        contentsOf: validation.textReport(
          name: request.displayName, line: line.number, color: color
        ).utf8)
    }
  }

  /// Counts for the totals line on standard error.
  struct Totals: Sendable {
    var payloads = 0
    var accepted = 0
    var rejected = 0
    var failed = 0
    var errors = 0
    var warnings = 0

    mutating func add(_ validation: PayloadValidation) {
      payloads += 1
      if validation.verdict.accepted { accepted += 1 } else { rejected += 1 }
      if validation.hasErrors { failed += 1 }
      for diagnostic in validation.diagnostics {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: break
        }
      }
    }

    mutating func merge(_ other: Totals) {
      payloads += other.payloads
      accepted += other.accepted
      rejected += other.rejected
      failed += other.failed
      errors += other.errors
      warnings += other.warnings
    }

    var summary: String {
      "\(payloads) payloads: \(accepted) accepted, \(rejected) rejected; "
        + "\(errors) errors, \(warnings) warnings"
    }
  }

  /// Standard output through a 64 KiB buffer and `write(2)`.
  struct OutputBuffer {
    var writer = JSONWriter()

    init() { writer.bytes.reserveCapacity(1 << 17) }

    mutating func flushIfFull() {
      if writer.bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
      writer.bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(
            STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return
          }
          offset += written
        }
      }
      writer.bytes.removeAll(keepingCapacity: true)
    }
  }
}
