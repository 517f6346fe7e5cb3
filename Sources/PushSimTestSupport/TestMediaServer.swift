package import Foundation
import Synchronization

/// A local HTTP server for media-download tests: a Python 3 standard-library script started on
/// `127.0.0.1` with a free port.
///
/// The script prints `PORT <n>` when it listens (`PORT <n> TLS <m>` when it also serves https on
/// a second port) and exits when its standard input closes, so the server ends with the test
/// process however that ends. Tests run offline: the server binds the loopback interface only.
package final class TestMediaServer: Sendable {
  /// The port the server listens on.
  package let port: Int
  /// The port it serves https on, if it does.
  package let tlsPort: Int?
  private let process: Mutex<Process?>
  private let input: Pipe

  private init(port: Int, tlsPort: Int?, process: Process, input: Pipe) {
    self.port = port
    self.tlsPort = tlsPort
    self.process = Mutex(process)
    self.input = input
  }

  /// Why the server could not start.
  package struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String
  }

  /// Starts `script` (run with `python3`) with `arguments`, and waits for its `PORT` line.
  package static func start(script: URL, arguments: [String] = []) throws -> TestMediaServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    let words = text.split(whereSeparator: \.isWhitespace)
    guard words.count >= 2, words[0] == "PORT", let port = Int(words[1]) else {
      process.terminate()
      throw StartError(description: "the media server did not report a port (got \(text))")
    }
    let tlsPort = words.count >= 4 && words[2] == "TLS" ? Int(words[3]) : nil
    return TestMediaServer(port: port, tlsPort: tlsPort, process: process, input: input)
  }

  /// `http://127.0.0.1:<port><path>`.
  package func url(_ path: String) -> URL {
    url(path, host: "127.0.0.1")
  }

  /// `http://<host>:<port><path>`, for a server listening elsewhere than `127.0.0.1`
  /// (`[::1]` for the media server started with `--ipv6`).
  package func url(_ path: String, host: String) -> URL {
    URL(string: "http://\(host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// `https://<host>:<tls port><path>`, for the server started with `--tls`.
  package func secureURL(_ path: String, host: String = "127.0.0.1") -> URL {
    URL(string: "https://\(host):\(tlsPort ?? 0)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops the server (closing its input ends it).
  package func stop() {
    try? input.fileHandleForWriting.close()
    process.withLock { process in
      process?.waitUntilExit()
      process = nil
    }
  }
}
