import Combine
import CoreGraphics
import CryptoKit
import Foundation
import MobileCoreServices
import Testing

/// App code in Swift 5 language mode, as Xcode creates targets: a push registration store with
/// Combine, a token digest with CryptoKit, and the attachment helpers older extensions carry.
final class PushRegistrationStore: ObservableObject {
  @Published var deviceToken: Data?
  @Published var lastError: String?

  /// Registration as a `Future`, fulfilled from a background queue.
  func register() -> AnyPublisher<Data, Error> {
    Future { promise in
      DispatchQueue.global().async { promise(.success(Data([0xDE, 0xAD]))) }
    }
    .handleEvents(receiveOutput: { [weak self] token in self?.deviceToken = token })
    .eraseToAnyPublisher()
  }

  /// The token's SHA-256, as a privacy-preserving identifier.
  var tokenFingerprint: String? {
    deviceToken.map { SHA256.hash(data: $0).compactMap { String(format: "%02x", $0) }.joined() }
  }
}

/// The MIME type of a file name's extension, through MobileCoreServices.
func legacyMIMEType(for fileName: String) -> String? {
  let ext = (fileName as NSString).pathExtension
  guard
    let uti = UTTypeCreatePreferredIdentifierForTag(
      kUTTagClassFilenameExtension, ext as CFString, nil)?
      .takeRetainedValue()
  else { return nil }
  return UTTypeCopyPreferredTagWithClass(uti, kUTTagClassMIMEType)?.takeRetainedValue() as String?
}

@Suite("Apple's other frameworks in Swift 5 language mode")
struct Swift5FrameworksTests {
  @Test("a Future fulfilled on a background queue updates a published token")
  func futureAndPublished() async throws {
    let store = PushRegistrationStore()
    var changes = 0
    let observation = store.objectWillChange.sink { changes += 1 }
    var subscriptions = Set<AnyCancellable>()
    let token: Data = try await withCheckedThrowingContinuation { continuation in
      store.register().sink(
        receiveCompletion: { completion in
          if case .failure(let error) = completion { continuation.resume(throwing: error) }
        },
        receiveValue: { continuation.resume(returning: $0) }
      ).store(in: &subscriptions)
    }
    subscriptions.removeAll()
    #expect(token == Data([0xDE, 0xAD]))
    #expect(store.deviceToken == token)
    #expect(changes == 1)
    #expect(store.tokenFingerprint?.count == 64)
    _ = observation
  }

  @Test("MobileCoreServices and CoreGraphics answer as on iOS")
  func attachmentHelpers() {
    #expect(legacyMIMEType(for: "photo.JPG") == "image/jpeg")
    #expect(legacyMIMEType(for: "clip.mp4") == "video/mp4")
    #expect(UTTypeConformsTo(kUTTypeGIF, kUTTypeImage))
    let clip = CGRect(x: 0, y: 0, width: 1, height: 0.5)
    #expect(clip.height == CGFloat(0.5))
  }
}
