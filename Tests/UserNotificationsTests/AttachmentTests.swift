import Foundation
import Testing

@testable import UserNotifications

@Suite("UNNotificationAttachment")
struct AttachmentTests {
  private func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  private func code(of body: () throws -> UNNotificationAttachment) -> UNError.Code? {
    do {
      _ = try body()
      return nil
    } catch let error as UNError {
      return error.code
    } catch {
      return nil
    }
  }

  @Test("a PNG file becomes an attachment of type public.png")
  func validImage() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(pngHeader, named: "photo.png", in: folder)
    let attachment = try UNNotificationAttachment(identifier: "photo", url: url, options: nil)
    #expect(attachment.identifier == "photo")
    #expect(attachment.url == url)
    #expect(attachment.type == "public.png")
  }

  @Test("an empty identifier is replaced by a unique one")
  func emptyIdentifier() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(pngHeader, named: "photo.png", in: folder)
    let first = try UNNotificationAttachment(identifier: "", url: url)
    let second = try UNNotificationAttachment(identifier: "", url: url)
    #expect(!first.identifier.isEmpty)
    #expect(UUID(uuidString: first.identifier) != nil)
    #expect(first.identifier != second.identifier)
  }

  @Test("a missing file, a folder or a remote URL is attachmentInvalidURL")
  func invalidURL() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("none.png")
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: missing) } == .attachmentInvalidURL)
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: folder) } == .attachmentInvalidURL)
    let remote = try #require(URL(string: "https://example.com/a.png"))
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: remote) } == .attachmentInvalidURL)
  }

  @Test("an unsupported extension or type hint is attachmentUnrecognizedType")
  func unrecognizedType() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try write(Array("hello".utf8), named: "notes.txt", in: folder)
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: text) }
        == .attachmentUnrecognizedType)
    let png = try write(pngHeader, named: "photo.png", in: folder)
    let hinted = [UNNotificationAttachmentOptionsTypeHintKey: "com.adobe.pdf"]
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: png, options: hinted) }
        == .attachmentUnrecognizedType)
  }

  @Test("a type hint overrides the file extension")
  func typeHint() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(pngHeader, named: "download.tmp", in: folder)
    let attachment = try UNNotificationAttachment(
      identifier: "a", url: url,
      options: [
        UNNotificationAttachmentOptionsTypeHintKey: "public.png",
        UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
      ])
    #expect(attachment.type == "public.png")
    #expect(attachment.options.thumbnailHidden)
  }

  @Test("thumbnail options are read: a clipping rectangle from CGRect and a time")
  func thumbnailOptions() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(pngHeader, named: "photo.png", in: folder)
    let attachment = try UNNotificationAttachment(
      identifier: "a", url: url,
      options: [
        UNNotificationAttachmentOptionsThumbnailClippingRectKey: CGRect(
          x: 0.25, y: 0.25, width: 0.5, height: 0.5
        ).dictionaryRepresentation,
        UNNotificationAttachmentOptionsThumbnailTimeKey: 2,
      ])
    #expect(
      attachment.options.thumbnailClippingRect == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    #expect(attachment.options.thumbnailTime == 2)
    #expect(!attachment.options.thumbnailHidden)
    let wrongTypes = try UNNotificationAttachment(
      identifier: "b", url: url,
      options: [
        UNNotificationAttachmentOptionsThumbnailClippingRectKey: "centre",
        UNNotificationAttachmentOptionsThumbnailHiddenKey: "yes",
      ])
    #expect(wrongTypes.options.thumbnailClippingRect == nil && !wrongTypes.options.thumbnailHidden)
  }

  @Test("an empty file, or one over the image limit of 10 MiB, is attachmentInvalidFileSize")
  func invalidFileSize() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = try write([], named: "empty.jpg", in: folder)
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: empty) }
        == .attachmentInvalidFileSize)
    // A sparse file: 10 MiB + 1 byte without writing them.
    let large = try write(pngHeader, named: "large.png", in: folder)
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: UInt64(10 << 20) + 1)
    try handle.close()
    #expect(
      code { try UNNotificationAttachment(identifier: "a", url: large) }
        == .attachmentInvalidFileSize)
  }

  @Test("bytes that are not of the named type are attachmentCorrupt")
  func corrupt() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write(Array("not a jpeg at all".utf8), named: "photo.jpg", in: folder)
    #expect(code { try UNNotificationAttachment(identifier: "a", url: url) } == .attachmentCorrupt)
  }

  @Test("the error is an NSError in UNErrorDomain with Apple's code, and catch patterns match")
  func errorBridging() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("none.png")
    do {
      _ = try UNNotificationAttachment(identifier: "a", url: missing)
      Issue.record("expected a throw")
    } catch UNError.attachmentInvalidURL {
      // Matched by code, as with Apple's framework.
    } catch {
      Issue.record("unexpected \(error)")
    }
    do {
      _ = try UNNotificationAttachment(identifier: "a", url: missing)
    } catch {
      let nsError = error as NSError
      #expect(nsError.domain == UNErrorDomain)
      #expect(nsError.code == 100)
      #expect(!error.localizedDescription.isEmpty)
    }
    #expect(UNError.errorDomain == "UNErrorDomain")
    #expect(UNError.Code.notificationInvalidNoDate.rawValue == 1400)
  }

  @Test("an app may add a convenience initializer, as extensions commonly do")
  func convenienceInitializer() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = Data(pngHeader)
    let attachment = try UNNotificationAttachment(
      identifier: "img", data: data, fileExtension: "png", in: folder)
    #expect(attachment.type == "public.png")
    #expect(attachment.identifier == "img")
  }
}

extension UNNotificationAttachment {
  /// The shape of a helper many service extensions carry: write data to a file and attach it.
  convenience init(identifier: String, data: Data, fileExtension: String, in folder: URL) throws {
    let url = folder.appendingPathComponent("\(UUID().uuidString).\(fileExtension)")
    try data.write(to: url)
    try self.init(identifier: identifier, url: url, options: nil)
  }
}
