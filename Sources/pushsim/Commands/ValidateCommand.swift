import Foundation
import PushDevice
import PushPayload
import PushScenario
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
    "Simulator Target Bundle" key names the app; APNs never gets it, so its bytes are not
    counted); '-' or no FILE reads standard input.

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

    /// `--strings DIR` loaded once: every loc-key is checked in every localization, with the
    /// `--app` file's development region (else `en`) as the fallback.
    func localizationCheck() -> LocalizationCheck? {
      stringsFolder.map {
        LocalizationCheck(
          folder: URL(fileURLWithPath: $0), developmentRegion: app?.developmentRegion ?? "en")
      }
    }
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
    if request.jsonl { return await streamLines(request) }
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
    let format: ReportFormat
    switch ReportFormat.parse(parsed.value("format"), allowed: [.text, .json]) {
    case .success(let chosen): format = chosen
    case .failure(let error): throw UsageError(error.description)
    }
    let headers = PushHeaders(
      pushType: parsed.value("push-type"), priority: parsed.value("priority"),
      collapseID: parsed.value("collapse-id"), expiration: parsed.value("expiration"),
      topic: parsed.value("topic"), apnsID: parsed.value("apns-id"))
    var app: AppFacts?
    if let appPath = parsed.value("app") {
      // The reader `run` and `render` use: an app file they refuse is refused here too.
      do {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        app = try ScenarioLoader().loadApp(path: appPath, in: directory).facts
      } catch {
        throw InputError(line: error.description)
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
      stringsFolder: parsed.value("strings"), json: format == .json, jsonl: parsed.has("jsonl"))
  }

  // MARK: - One payload

  static func validateOne(_ request: Request) -> ExitStatus {
    let handle: FileHandle
    if let path = request.input, path != "-" {
      // A FIFO is read as a stream (`validate <(generate)`); anything else must be a file.
      if let problem = FileCheck.problem(readingFileAt: path), !problem.contains("FIFO") {
        Console.error("\(path): error: \(problem)")
        return .unusable
      }
      guard let opened = FileHandle(forReadingAtPath: path) else {
        Console.error("\(path): error: cannot read the file")
        return .unusable
      }
      handle = opened
    } else {
      handle = FileHandle.standardInput
    }
    // The size is decided first: a body far over every APNs limit is judged by its length
    // alone, and only its first bytes are kept (a 100 MB body answers 413 at once).
    let longest = PayloadLineValidator<Int>.longestParsedLine
    let (body, length) = readBody(handle, keepingAtMost: longest + 1)
    var validation =
      length > longest
      ? PayloadValidation(oversizedBodyOf: length, headers: request.headers)
      : PayloadValidation(
        body: body, headers: request.headers, app: request.app,
        ignoredTopLevelKeys: request.ignoredKeys)
    checkStrings(&validation, request)
    // An .apns file whose bundle key is not a string is refused, as `run` and `render` do.
    if request.isAPNsFile, let document = validation.document,
      let invalid = APNsFile.contents(of: body, root: document.root).invalidBundleValue
    {
      let position = document.position(of: invalid)
      Console.error(
        "\(request.displayName):\(position): error: expected a string for "
          + "\"\(APNsFile.targetBundleKey)\", found \(invalid.typeName)")
      return .unusable
    }
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

  /// Reads `handle` to its end, keeping at most `limit` bytes; returns them and the whole length.
  static func readBody(_ handle: FileHandle, keepingAtMost limit: Int) -> ([UInt8], Int) {
    var kept: [UInt8] = []
    var length = 0
    while true {
      let chunk = handle.readData(ofLength: 1 << 16)
      if chunk.isEmpty { break }
      length += chunk.count
      if kept.count < limit { kept.append(contentsOf: chunk.prefix(limit - kept.count)) }
    }
    return (kept, length)
  }

  /// `--strings DIR`: every loc-key in every localization.
  static func checkStrings(_ validation: inout PayloadValidation, _ request: Request) {
    guard let check = request.localizationCheck(), let payload = validation.payload else { return }
    validation.diagnostics += check.diagnostics(for: payload)
  }

  // MARK: - JSON lines

  static func streamLines(_ request: Request) async -> ExitStatus {
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

    let color = Console.colorEnabled
    let strings = request.localizationCheck()
    let buffers = RunBuffers()
    // Each thread writes its run of lines straight into one buffer, a used one when there is
    // one: no allocation per line, and no fresh pages for the kernel to fault in per run.
    let validator = PayloadLineValidator<RenderedRun>(
      headers: request.headers, app: request.app, strings: strings,
      ignoredTopLevelKeys: request.ignoredKeys,
      start: { lineCount in
        var run = RenderedRun()
        run.writer.bytes = buffers.take(minimumCapacity: lineCount * 320)
        return run
      },
      append: { run, line in
        if request.json {
          line.validation.writeJSON(into: &run.writer, line: line.number)
          run.writer.raw(byte: UInt8(ascii: "\n"))
        } else {
          var text = line.validation.textReport(
            name: request.displayName, line: line.number, color: color)
          text.withUTF8 { run.writer.raw($0) }
        }
        run.totals.add(line.validation)
      })
    var output = OutputBuffer()
    var totals = Totals()
    do {
      for try await var batch in validator.results(readingFrom: descriptor) {
        for index in batch.indices {
          totals.merge(batch[index].totals)
          // Moved out of the batch, so the pool gets the only reference to the buffer.
          var bytes: [UInt8] = []
          swap(&bytes, &batch[index].writer.bytes)
          output.write(bytes)
          buffers.give(bytes)
        }
        // Once standard output fails, nothing more can be reported: stop reading.
        if OutputStream.standardOutput.failedErrno != nil { break }
      }
    } catch {
      output.flush()
      let code = (error as? PayloadLineValidator<RenderedRun>.ReadError)?.code ?? 0
      Console.error("\(request.displayName): error: read failed (errno \(code))")
      return .unusable
    }
    output.flush()
    Console.error(totals.summary)
    return totals.failed > 0 ? .failure : .success
  }

  /// The report of a run of lines, and their counts for the totals.
  struct RenderedRun: Sendable {
    var writer = JSONWriter()
    var totals = Totals()
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
      // Read in place: copying the verdict or each diagnostic out retained their strings.
      if validation.isAccepted { accepted += 1 } else { rejected += 1 }
      let counts = validation.severityCounts
      if counts.errors > 0 { failed += 1 }
      errors += counts.errors
      warnings += counts.warnings
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

  /// Standard output through a 64 KiB buffer and ``OutputStream`` (a failed write ends the
  /// command with an error, see ``Console/finish(_:)``).
  struct OutputBuffer {
    var writer = JSONWriter()

    /// Pieces this large are written as they are, not copied into the buffer first.
    static let capacity = 1 << 16

    init() { writer.bytes.reserveCapacity(Self.capacity) }

    /// Writes `bytes` after what is buffered: a short piece is buffered, a long one written
    /// straight from its own storage.
    mutating func write(_ bytes: [UInt8]) {
      if writer.count + bytes.count < Self.capacity {
        writer.raw(bytes)
        return
      }
      flush()
      OutputStream.standardOutput.write(bytes)
    }

    mutating func flush() {
      guard writer.count > 0 else { return }
      OutputStream.standardOutput.write(writer.bytes)
      writer.bytes.removeAll(keepingCapacity: true)
    }
  }

  /// Report buffers handed back once written, for the validating threads to fill again.
  ///
  /// A run's buffer is about 160 KiB: freshly allocated each time, glibc maps it anew and the
  /// kernel faults in and zeroes every page as the report is written (6 % of
  /// `validate --jsonl`'s time, `perf record`). At most ``limit`` are kept: the runs of the
  /// two batches that may wait for the consumer.
  final class RunBuffers: Sendable {
    private let pool = Mutex<[[UInt8]]>([])
    static let limit = 32

    /// An empty buffer with room for `minimumCapacity` bytes.
    func take(minimumCapacity: Int) -> [UInt8] {
      var buffer = pool.withLock { $0.popLast() } ?? []
      buffer.reserveCapacity(minimumCapacity)
      return buffer
    }

    /// Keeps `buffer`'s storage for a later run (its contents are dropped).
    func give(_ buffer: consuming [UInt8]) {
      var buffer = buffer
      buffer.removeAll(keepingCapacity: true)
      pool.withLock { if $0.count < Self.limit { $0.append(buffer) } }
    }
  }
}
