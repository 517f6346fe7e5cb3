import Foundation
import PushDevice
import PushSimTestSupport
import Testing

/// `EventKind.all` (`DeviceEvent.Kind.all`) is the one list of event kinds (the scenario schema
/// reads it); the constants live in PushCore.
@Suite struct EventKindListTests {
  @Test func everyKindConstantIsInTheList() throws {
    let folder = Repository.url("Sources/PushCore/EventKinds")
    var declared: Set<String> = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasPrefix("EventKind") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let range = line.range(of: #": Self = ""#) else { continue }
        let value = line[range.upperBound...].prefix { $0 != "\"" }
        declared.insert(String(value))
      }
    }
    #expect(declared.count > 40)
    let listed = Set(DeviceEvent.Kind.all.map(\.rawValue))
    #expect(declared.subtracting(listed).sorted() == [])
    #expect(listed.count == DeviceEvent.Kind.all.count)
  }
}
