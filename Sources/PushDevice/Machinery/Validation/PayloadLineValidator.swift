import Foundation
import PushCore
import PushPayload
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Validates a stream of payloads, one JSON object per line (`pushsim validate --jsonl`,
/// CommandLine.md), as APNs would judge each one.
///
/// Lines are read in chunks and validated in batches split across the processor's cores;
/// ``results(readingFrom:)`` yields each batch's outputs in input order. Memory is bounded by
/// the batch (``batchLines`` lines or ``batchBytes`` bytes) and the two batches that may wait
/// for the consumer, never by the input: reading stops while the consumer is behind.
///
/// Each non-empty line is one ``Line``: a line longer than ``longestParsedLine`` bytes is judged
/// by its size alone (every APNs limit is far below it), and a trailing `\r` is not part of the
/// payload.
package struct PayloadLineValidator<Output: Sendable>: Sendable {
  /// One input line, validated.
  package struct Line: Sendable {
    /// Its 1-based line number.
    package var number: Int
    /// APNs's verdict and every finding.
    package var validation: PayloadValidation
  }

  /// Lines longer than this are judged by their size alone.
  package static var longestParsedLine: Int { 1 << 20 }

  /// The request headers every payload is sent with.
  package var headers: PushHeaders
  /// What lint knows of the app (`--app`).
  package var app: AppFacts?
  /// The app's strings folder, checked for every loc-key (`--strings`).
  package var strings: LocalizationCheck?
  /// Top-level keys that are not part of the payload (an `.apns` file's bundle key).
  package var ignoredTopLevelKeys: Set<String>
  /// The most lines in one batch.
  package var batchLines: Int
  /// The most bytes in one batch.
  package var batchBytes: Int
  /// How many threads validate a batch.
  package var workers: Int
  /// Turns a run of consecutive lines (given by count and a function validating the i-th) into
  /// outputs; runs on the validating threads.
  let render: @Sendable (_ count: Int, _ line: (Int) -> Line) -> [Output]

  /// Creates a validator that turns each validated line into one output (a rendered report
  /// line, say); `transform` runs on the validating threads.
  package init(
    headers: PushHeaders = PushHeaders(), app: AppFacts? = nil, strings: LocalizationCheck? = nil,
    ignoredTopLevelKeys: Set<String> = [], batchLines: Int = 4096, batchBytes: Int = 8 << 20,
    workers: Int = Self.defaultWorkers,
    transform: @escaping @Sendable (Line) -> Output
  ) {
    self.init(
      headers: headers, app: app, strings: strings, ignoredTopLevelKeys: ignoredTopLevelKeys,
      batchLines: batchLines, batchBytes: batchBytes, workers: workers,
      render: { count, line in (0..<count).map { transform(line($0)) } })
  }

  /// Creates a validator that folds runs of consecutive lines into one output each: `start`
  /// makes an empty output, `append` adds a validated line to it, in input order. A batch then
  /// yields a few outputs (one per run a thread took) instead of one per line, so a report is
  /// written straight into one buffer per run, with no allocation per line.
  package init(
    headers: PushHeaders = PushHeaders(), app: AppFacts? = nil, strings: LocalizationCheck? = nil,
    ignoredTopLevelKeys: Set<String> = [], batchLines: Int = 4096, batchBytes: Int = 8 << 20,
    workers: Int = Self.defaultWorkers,
    start: @escaping @Sendable (_ lineCount: Int) -> Output,
    append: @escaping @Sendable (inout Output, Line) -> Void
  ) {
    self.init(
      headers: headers, app: app, strings: strings, ignoredTopLevelKeys: ignoredTopLevelKeys,
      batchLines: batchLines, batchBytes: batchBytes, workers: workers,
      render: { count, line in
        var output = start(count)
        for offset in 0..<count { append(&output, line(offset)) }
        return [output]
      })
  }

  /// The settings both public initializers share, with how a run of lines becomes outputs.
  private init(
    headers: PushHeaders, app: AppFacts?, strings: LocalizationCheck?,
    ignoredTopLevelKeys: Set<String>, batchLines: Int, batchBytes: Int, workers: Int,
    render: @escaping @Sendable (_ count: Int, _ line: (Int) -> Line) -> [Output]
  ) {
    self.headers = headers
    self.app = app
    self.strings = strings
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
    self.batchLines = max(1, batchLines)
    self.batchBytes = max(1, batchBytes)
    self.workers = max(1, workers)
    self.render = render
  }

  /// The cores this process may use (``AvailableCores``), at most 4.
  package static var defaultWorkers: Int { min(4, AvailableCores.count) }

  /// Why reading the input failed.
  package struct ReadError: Error, Sendable, Equatable {
    /// The `errno` of the failed `read`.
    package var code: Int32
  }

  /// Reads `descriptor` to its end and yields each batch's outputs, in input order.
  ///
  /// The sequence ends after the last line, or throws ``ReadError``. Reading runs on a thread
  /// of its own and waits while two batches are waiting for the consumer; the descriptor is
  /// not closed. A consumer that stops iterating early ends the reading at its next batch.
  package func results(readingFrom descriptor: Int32) -> Batches {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: [Output].self, throwing: (any Error).self)
    // Two batches may wait for the consumer. The tokens are signalled rather than given to
    // `init(value:)`: libdispatch traps when a semaphore is released below its initial value,
    // which happens when a consumer stops early.
    let room = DispatchSemaphore(value: 0)
    room.signal()
    room.signal()
    let stopped = StopFlag()
    continuation.onTermination = { _ in
      stopped.stop()
      room.signal()
    }
    let validator = self
    let reader = Thread {
      var splitter = LineSplitter(longest: Self.longestParsedLine)
      var batch: [PendingLine] = []
      var bytesInBatch = 0
      func emit() -> Bool {
        defer {
          batch.removeAll(keepingCapacity: true)
          bytesInBatch = 0
        }
        guard !batch.isEmpty else { return true }
        room.wait()
        if stopped.isStopped { return false }
        continuation.yield(validator.validate(batch))
        return true
      }
      reading: while true {
        // A fresh chunk for each read: the lines inside it are slices of it (no copy per
        // line), and it lives as long as the last of them.
        var count = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, initialized in
          count = read(descriptor, buffer.baseAddress, buffer.count)
          initialized = max(0, count)
        }
        if count < 0 {
          if errno == EINTR { continue }
          continuation.finish(throwing: ReadError(code: errno))
          return
        }
        if count == 0 { break }
        for line in splitter.feed(chunk[...]) {
          batch.append(line)
          bytesInBatch += line.bytes.count
          if batch.count >= validator.batchLines || bytesInBatch >= validator.batchBytes {
            guard emit() else { break reading }
          }
        }
      }
      if let last = splitter.finish() { batch.append(last) }
      _ = emit()
      continuation.finish()
    }
    reader.start()
    return Batches(stream: stream, room: room)
  }

  /// The batches of outputs, in input order; taking one lets the reader go on.
  package struct Batches: AsyncSequence, Sendable {
    let stream: AsyncThrowingStream<[Output], any Error>
    let room: DispatchSemaphore

    /// Iterates the batches.
    package struct AsyncIterator: AsyncIteratorProtocol {
      var base: AsyncThrowingStream<[Output], any Error>.AsyncIterator
      let room: DispatchSemaphore

      /// The next batch, or `nil` after the last.
      package mutating func next() async throws -> [Output]? {
        let batch = try await base.next()
        room.signal()
        return batch
      }
    }

    /// Starts iterating.
    package func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(base: stream.makeAsyncIterator(), room: room)
    }
  }

  /// Validates one batch across the workers; outputs in input order.
  func validate(_ lines: [PendingLine]) -> [Output] {
    // One worker: the batch in one run, on this thread (no hand-over to a pool whose threads
    // would only take turns on the one core).
    guard workers > 1 else { return validateRun(lines[...]) }
    // A few chunks per core, handed out as cores free up: one stalled thread does not hold
    // the whole batch back.
    let chunks = min(workers * 4, max(1, lines.count / 256))
    let perChunk = (lines.count + chunks - 1) / chunks
    let results = Mutex<[(Int, [Output])]>([])
    DispatchQueue.concurrentPerform(iterations: chunks) { index in
      let range = (index * perChunk)..<min(lines.count, (index + 1) * perChunk)
      let outputs = validateRun(lines[range])
      results.withLock { $0.append((index, outputs)) }
    }
    return results.withLock { $0 }.sorted { $0.0 < $1.0 }.flatMap(\.1)
  }

  /// Validates a run of consecutive lines on this thread, with one room to read their bodies
  /// in, and renders their outputs.
  private func validateRun(_ lines: ArraySlice<PendingLine>) -> [Output] {
    let tapeStorage = JSONTapeStorage()
    return render(lines.count) {
      validate(lines[lines.startIndex + $0], tapeStorage: tapeStorage)
    }
  }

  /// Validates one line. The body is read in place, in `tapeStorage` (its tree is built only
  /// if the output asks for it), except with ignored keys (an `.apns` file's), which need the
  /// tree.
  func validate(_ line: PendingLine, tapeStorage: JSONTapeStorage) -> Line {
    var validation =
      if line.length > Self.longestParsedLine {
        PayloadValidation(oversizedBodyOf: line.length, headers: headers)
      } else if ignoredTopLevelKeys.isEmpty {
        PayloadValidation(
          readingInPlace: line.bytes, headers: headers, app: app, tapeStorage: tapeStorage)
      } else {
        PayloadValidation(
          body: Array(line.bytes), headers: headers, app: app,
          ignoredTopLevelKeys: ignoredTopLevelKeys)
      }
    if let strings, let payload = validation.payload {
      validation.diagnostics += strings.diagnostics(for: payload)
    }
    return Line(number: line.number, validation: validation)
  }
}

/// Set once the consumer stops listening.
final class StopFlag: Sendable {
  private let stopped = Mutex(false)
  func stop() { stopped.withLock { $0 = true } }
  var isStopped: Bool { stopped.withLock { $0 } }
}

/// A line as read: its number, its bytes (up to the cap; a slice of the chunk it was read in,
/// or its own bytes when it spans chunks) and its full length.
struct PendingLine: Sendable {
  var number: Int
  var bytes: ArraySlice<UInt8>
  var length: Int
}

/// Splits chunks of bytes into lines, keeping at most `longest + 1` bytes of each.
struct LineSplitter {
  let longest: Int
  private var number = 0
  /// The current line's bytes: a slice of the chunk that holds it whole, or the bytes of a line
  /// that spans chunks, gathered.
  private var pending: ArraySlice<UInt8> = []
  /// The full length of the current line, even past the cap.
  private var pendingLength = 0

  init(longest: Int) { self.longest = longest }

  /// The lines `chunk` completes (empty lines are counted, not returned).
  mutating func feed(_ chunk: ArraySlice<UInt8>) -> [PendingLine] {
    // Lines are found and copied through one buffer pointer: each slice of the chunk would
    // retain and release its storage, several times a line.
    chunk.withUnsafeBufferPointer { buffer in feed(chunk, through: buffer) }
  }

  private mutating func feed(_ chunk: ArraySlice<UInt8>, through buffer: UnsafeBufferPointer<UInt8>)
    -> [PendingLine]
  {
    var lines: [PendingLine] = []
    var start = 0
    while start < buffer.count {
      let newline = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: buffer, from: start)
      let end = newline ?? buffer.count
      let room = max(0, longest + 1 - pending.count)
      let keptEnd = min(end, start + room)
      if pending.isEmpty, newline != nil {
        // The usual case, a whole line inside the chunk: a slice of it, no copy.
        pending = chunk[(chunk.startIndex + start)..<(chunk.startIndex + keptEnd)]
      } else if room > 0 {
        // A line that goes on past the chunk (rare): appended from a slice of it.
        pending.append(contentsOf: chunk[(chunk.startIndex + start)..<(chunk.startIndex + keptEnd)])
      }
      pendingLength += end - start
      if newline != nil, let line = finishLine() { lines.append(line) }
      start = end + 1
    }
    return lines
  }

  /// The last line, when the input does not end with a newline.
  mutating func finish() -> PendingLine? {
    pendingLength > 0 ? finishLine() : nil
  }

  private mutating func finishLine() -> PendingLine? {
    number += 1
    var length = pendingLength
    if length <= longest, pending.last == UInt8(ascii: "\r") {
      pending.removeLast()
      length -= 1
    }
    // The bytes are moved into the line, leaving `pending` empty: no retain for the line and
    // release for the reset.
    var bytes: ArraySlice<UInt8> = []
    swap(&bytes, &pending)
    pendingLength = 0
    return length > 0 ? PendingLine(number: number, bytes: bytes, length: length) : nil
  }
}
