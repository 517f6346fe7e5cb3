import Foundation

extension Data {
  /// The bytes of the hexadecimal `hex` (no separators).
  init(hex: String) {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    self.init(bytes)
  }

  /// The bytes of the unpadded base64url `text` (RFC 4648 §5), as Web Push keys are written.
  init?(base64URL text: String) {
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    self.init(base64Encoded: base64)
  }

  /// The bytes as unpadded base64url.
  var base64URL: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// Lowercase hexadecimal.
  var hex: String { map { String(format: "%02x", $0) }.joined() }
}

/// The `openssl` command line tool, when installed.
enum OpenSSL {
  static let path: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static var isInstalled: Bool { path != nil }

  /// Runs `openssl` with `arguments`; its standard output, and whether it exited 0.
  @discardableResult
  static func run(_ arguments: [String]) throws -> (output: Data, succeeded: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/openssl")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (output, process.terminationStatus == 0)
  }
}

/// A temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("cryptokit-\(UUID().uuidString)", isDirectory: true)

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
