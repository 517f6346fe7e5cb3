import PushCore
import PushPayload
import Testing

@testable import PushDevice

/// A push's findings are found through their chain as a scan of ``Device/diagnostics`` finds
/// them, and a copy of the device taken before more findings never sees them, whichever copy
/// asked first.
@Suite struct DiagnosticChainTests {
  /// The first finding at or after `start` about `push` with `code`, by a scan.
  static func scanned(_ device: Device, _ push: String, from start: Int, code: DiagnosticCode)
    -> Int?
  {
    device.diagnostics[start...].firstIndex { $0.push == push && $0.code == code }
  }

  @Test func aPushsFindingsAreFoundAmongOthersAndAcrossCopies() {
    var device = Device()
    // No apns-push-type header: each push gets a `push-type-inferred` warning.
    for index in 0..<30 {
      device.receive(json: #"{"aps":{"alert":"m\#(index)"}}"#, id: "m\(index)")
    }
    let before = device
    #expect(before.diagnostics.count >= 30)
    let code = DiagnosticCode.pushTypeInferred
    for index in stride(from: 0, to: 30, by: 7) {
      for start in [0, index, before.diagnostics.count] {
        #expect(
          before.firstDiagnosticIndex(about: "m\(index)", from: start) { $0.code == code }
            == Self.scanned(before, "m\(index)", from: start, code: code))
      }
    }
    // More findings on the original after the copy asked: each sees only its own.
    device.receive(json: #"{"aps":{"alert":"again"}}"#, id: "late")
    #expect(device.firstDiagnosticIndex(about: "late", from: 0) { $0.code == code } != nil)
    #expect(before.firstDiagnosticIndex(about: "late", from: 0) { $0.code == code } == nil)
    #expect(
      device.firstDiagnosticIndex(about: "m3", from: 0) { $0.code == code }
        == Self.scanned(device, "m3", from: 0, code: code))
  }

  /// A finding's `member(_:)` is its JSON's member of that name.
  @Test func aFindingsMemberIsItsJSONsMember() throws {
    var device = Device()
    device.receive(json: #"{"aps":{"alert":"x","badge":"3"}}"#, id: "m1")
    #expect(!device.diagnostics.isEmpty)
    for finding in device.diagnostics {
      let json = try #require(finding.json.objectValue)
      for key in json.keys + ["nonsense", "path"] {
        #expect(finding.member(key) == json[key], "\(key)")
      }
    }
  }
}
