package import Foundation

/// A headless Chromium for tests that look at generated HTML in a real browser.
///
/// Found on `PATH` as `chromium` (Debian's package), `chromium-browser` or `google-chrome`, or
/// at `$PUSHSIM_CHROMIUM`. Tests that need it are skipped, with a message saying so, when none
/// is installed; CI installs Debian's `chromium` (`.ci/run`, section packages).
package struct HeadlessBrowser: Sendable {
  /// The browser executable.
  package var executable: URL

  /// The installed browser, if any.
  package static let installed: HeadlessBrowser? = {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["PUSHSIM_CHROMIUM"], !explicit.isEmpty {
      return FileManager.default.isExecutableFile(atPath: explicit)
        ? HeadlessBrowser(executable: URL(fileURLWithPath: explicit)) : nil
    }
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in folders {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) {
          return HeadlessBrowser(executable: candidate)
        }
      }
    }
    return nil
  }()

  /// The DOM of `page` after it loaded and its scripts ran (`--dump-dom`).
  package func dumpDOM(_ page: URL) throws -> String {
    let result = try run(["--dump-dom", page.absoluteString])
    return result
  }

  /// The DOM of `page` once its scripts have had `budget` milliseconds of the browser's
  /// virtual time: a timer fast-forwards it, a pending request holds it (a page that polls
  /// its server is dumped after its polls have answered).
  package func dumpDOM(_ page: URL, virtualTimeBudget budget: Int) throws -> String {
    try run(["--virtual-time-budget=\(budget)", "--dump-dom", page.absoluteString])
  }

  /// Takes a screenshot of `page` in a window of `width` × `height` CSS pixels.
  package func screenshot(_ page: URL, width: Int, height: Int, to output: URL) throws {
    _ = try run([
      "--hide-scrollbars", "--force-device-scale-factor=1",
      "--window-size=\(width),\(height)", "--screenshot=\(output.path)", page.absoluteString,
    ])
  }

  /// Runs the browser headless with a throwaway profile; returns its standard output.
  ///
  /// A browser that has not finished after two minutes is stopped, so a broken install fails
  /// the test instead of hanging it.
  private func run(_ arguments: [String]) throws -> String {
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-extensions", "--user-data-dir=\(profile.path)",
      ] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    guard process.terminationStatus == 0 else {
      throw BrowserError(
        message: "\(executable.path) exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The browser failed.
  package struct BrowserError: Error, CustomStringConvertible {
    /// What happened.
    package var message: String
    package var description: String { message }
  }
}

/// What a PNG file holds: its size from the header and, decoded, how many colours it uses.
package struct PNGSummary: Sendable, Equatable {
  /// Width in pixels (IHDR).
  package var width: Int
  /// Height in pixels (IHDR).
  package var height: Int
  /// How many distinct pixel values the image holds (decoded by `python3` with zlib, since
  /// Foundation on Linux has no zlib); 1 means a blank image.
  package var distinctColors: Int

  /// Reads the header in Swift and decodes the pixels with python3's zlib.
  package static func read(_ url: URL) throws -> PNGSummary {
    let data = try Data(contentsOf: url)
    let bytes = [UInt8](data.prefix(24))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count == 24, Array(bytes[0..<8]) == signature,
      bytes[12..<16].elementsEqual("IHDR".utf8)
    else { throw HeadlessBrowser.BrowserError(message: "\(url.path) is not a PNG") }
    func integer(_ offset: Int) -> Int {
      bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", pixelScript, url.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let colors = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw HeadlessBrowser.BrowserError(message: "could not decode \(url.path): \(text)") }
    return PNGSummary(width: integer(16), height: integer(20), distinctColors: colors)
  }

  /// Decodes 8-bit RGB or RGBA PNG pixels (all five row filters) and prints the number of
  /// distinct pixel values, capped at 1000.
  private static let pixelScript = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4]); kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b"IHDR": width, height, depth, color = struct.unpack(">IIBB", body[:10])
        if kind == b"IDAT": idat += body
    if depth != 8 or color not in (2, 6): sys.exit("unsupported PNG: depth %d colour %d" % (depth, color))
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat); stride = width * bpp; prev = bytearray(stride); seen = set(); i = 0
    for y in range(height):
        kind = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif kind == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 4 == 0 and len(seen) < 1000:
            seen.update(bytes(line[k:k + bpp]) for k in range(0, stride, bpp * 4))
        prev = line
    print(min(len(seen), 1000))
    """#
}
