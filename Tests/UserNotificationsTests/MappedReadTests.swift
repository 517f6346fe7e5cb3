import Foundation
import Testing
import UserNotifications

@Test("Data.ReadingOptions.mappedRead is mappedIfSafe and reads a file")
func mappedRead() throws {
  #expect(Data.ReadingOptions.mappedRead == .mappedIfSafe)
  let file = FileManager.default.temporaryDirectory.appendingPathComponent(
    "mapped-\(UUID().uuidString).bin")
  try Data([1, 2, 3]).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }
  #expect(try Data(contentsOf: file, options: .mappedRead) == Data([1, 2, 3]))
}
