// This file imports PushKit and CallKit only (no Foundation): as with Apple's frameworks,
// `NSObject`, `UUID` and `Data` come with them.
import CallKit
import PushKit
import Testing

@Suite struct PushKitImportsFoundationTests {
  /// A VoIP service as an app writes it, in a file that imports only PushKit and CallKit.
  final class CallService: NSObject, PKPushRegistryDelegate {
    func pushRegistry(
      _ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials,
      for type: PKPushType
    ) {}
  }

  @Test func uuidAndNSObjectAreFoundWithPushKitAndCallKitAlone() {
    let id = UUID()
    let update = CXCallUpdate()
    update.remoteHandle = CXHandle(type: .generic, value: id.uuidString)
    let service: NSObject = CallService()
    #expect(update.remoteHandle?.value == id.uuidString)
    #expect(service.isEqual(service))
    #expect(Data([1, 2]).count == 2)
  }
}
