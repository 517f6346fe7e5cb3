import Foundation
import PushDevice
import PushSimTestSupport
import Testing

@Suite final class AttachmentValidatorTests {
  typealias F = ExtensionFixtures
  let validator = AttachmentValidator()
  /// A fresh folder per test, deleted after it.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "pushsim-attachments-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// A file made of `head` followed by zeros up to `size` bytes (sparse where the file system
  /// allows), in a fresh folder.
  func file(_ name: String, head: Data, size: Int? = nil) throws -> URL {
    let folder = folder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try head.write(to: url)
    if let size {
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: UInt64(size))
      try handle.close()
    }
    return url
  }

  func code(_ attachment: NotificationAttachment) -> AttachmentValidationError.Code? {
    if case .failure(let error) = validator.validate(attachment) { return error.code }
    return nil
  }

  @Test(arguments: [
    ("tiny.jpg", "public.jpeg"), ("tiny.png", "public.png"), ("tiny.gif", "com.compuserve.gif"),
    ("tiny.mp3", "public.mp3"), ("tiny.wav", "com.microsoft.waveform-audio"),
    ("tiny.aiff", "public.aiff-audio"),
  ])
  func validFilesGetTheirType(file: String, type: String) throws {
    let result = validator.validate(
      NotificationAttachment(identifier: "a", url: F.file(file)), fallbackIdentifier: "x")
    #expect(try result.get().type == type)
    #expect(try result.get().identifier == "a")
  }

  @Test func theTypeHintWinsOverTheExtension() throws {
    let url = try file("photo.dat", head: Data(contentsOf: F.file("tiny.png")))
    let hinted = NotificationAttachment(
      identifier: "", url: url, options: .init(typeHint: "public.png"))
    let valid = try validator.validate(hinted, fallbackIdentifier: "generated").get()
    #expect(valid.type == "public.png")
    #expect(valid.identifier == "generated")
    #expect(code(NotificationAttachment(identifier: "", url: url)) == .attachmentUnrecognizedType)
    let wrongHint = NotificationAttachment(
      identifier: "", url: F.file("tiny.png"), options: .init(typeHint: "public.jpeg"))
    #expect(code(wrongHint) == .attachmentCorrupt)
    let unknownHint = NotificationAttachment(
      identifier: "", url: F.file("tiny.png"), options: .init(typeHint: "public.heic"))
    #expect(code(unknownHint) == .attachmentUnrecognizedType)
  }

  @Test func urlsThatAreNotReadableFilesAreInvalid() throws {
    let remote = try #require(URL(string: "https://cdn.example.com/a.jpg"))
    #expect(code(NotificationAttachment(identifier: "", url: remote)) == .attachmentInvalidURL)
    #expect(
      code(NotificationAttachment(identifier: "", url: F.media.appendingPathComponent("no.jpg")))
        == .attachmentInvalidURL)
    #expect(code(NotificationAttachment(identifier: "", url: F.media)) == .attachmentInvalidURL)
  }

  @Test func sizesAreCheckedPerKind() throws {
    let jpegHead = try Data(contentsOf: F.file("tiny.jpg")).prefix(16)
    let mp3Head = try Data(contentsOf: F.file("tiny.mp3")).prefix(16)
    let image = 10 << 20
    let audio = 5 << 20
    #expect(code(.init(identifier: "", url: try file("a.jpg", head: jpegHead, size: image))) == nil)
    #expect(
      code(.init(identifier: "", url: try file("a.jpg", head: jpegHead, size: image + 1)))
        == .attachmentInvalidFileSize)
    #expect(code(.init(identifier: "", url: try file("a.mp3", head: mp3Head, size: audio))) == nil)
    #expect(
      code(.init(identifier: "", url: try file("a.mp3", head: mp3Head, size: audio + 1)))
        == .attachmentInvalidFileSize)
    #expect(
      code(.init(identifier: "", url: try file("a.png", head: Data())))
        == .attachmentInvalidFileSize
    )
  }

  @Test func bytesThatDisagreeWithTheTypeAreCorrupt() throws {
    let html = try file("photo.jpg", head: Data(contentsOf: F.file("not-media.html")))
    #expect(code(.init(identifier: "", url: html)) == .attachmentCorrupt)
    let png = try file("photo.jpg", head: Data(contentsOf: F.file("tiny.png")))
    guard case .failure(let error) = validator.validate(.init(identifier: "p", url: png)) else {
      Issue.record("a PNG named .jpg must fail")
      return
    }
    #expect(error.code == .attachmentCorrupt)
    #expect(error.code.number == 105)
    #expect(
      error.description == "UNError.attachmentCorrupt: the file says JPEG but its bytes are PNG")
  }

  @Test func codesHaveUNErrorNumbers() {
    #expect(AttachmentValidationError.Code.allCases.map(\.number) == [100, 101, 102, 105])
  }
}
