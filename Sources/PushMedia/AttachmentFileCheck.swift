import Foundation

/// The checks iOS makes of a notification attachment's file (Behavior.md §6.3), in this order
/// (Rules.md §7):
/// 1. a `file:` URL naming a readable regular file, else `attachmentInvalidURL`;
/// 2. a type from the type hint, else the file extension, that attachments support, else
///    `attachmentUnrecognizedType`;
/// 3. a size above 0 and within the kind's limit (image 10 MiB, audio 5 MiB, video 50 MiB), else
///    `attachmentInvalidFileSize`;
/// 4. leading bytes that agree with the type, else `attachmentCorrupt`.
///
/// `UNNotificationAttachment`'s initializer and the device (on the attachments an extension
/// delivers) both apply them. Only the first ``MediaType/sniffLength`` bytes of a file are read.
package enum AttachmentFileCheck {
  /// The type of the attachment file at `url` (from `typeHint`, a UTI, else the file's
  /// extension), or why iOS refuses the file.
  package static func type(ofFileAt url: URL, typeHint: String?) -> Result<
    MediaType, AttachmentFileRejection
  > {
    func failure(_ code: AttachmentFileRejection.Code, _ reason: String) -> Result<
      MediaType, AttachmentFileRejection
    > {
      .failure(AttachmentFileRejection(code: code, reason: reason))
    }
    guard url.isFileURL else {
      return failure(.attachmentInvalidURL, "\(url.redactedString) is not a local file URL")
    }
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return failure(.attachmentInvalidURL, "no file at \(path)")
    }
    guard !isDirectory.boolValue else {
      return failure(.attachmentInvalidURL, "\(path) is a folder, not a file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      return failure(.attachmentInvalidURL, "\(path) cannot be read")
    }

    let type: MediaType
    if let hint = typeHint {
      guard let hinted = MediaType(uti: hint) else {
        return failure(
          .attachmentUnrecognizedType, "the type hint \(hint) is not a supported attachment type")
      }
      type = hinted
    } else {
      let fileExtension = url.pathExtension
      guard let named = MediaType(fileExtension: fileExtension) else {
        return failure(
          .attachmentUnrecognizedType,
          fileExtension.isEmpty
            ? "the file has no extension and no type hint"
            : "the file extension .\(fileExtension) names no supported attachment type")
      }
      type = named
    }

    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      return failure(.attachmentInvalidURL, "\(path) cannot be read")
    }
    guard size > 0 else {
      return failure(.attachmentInvalidFileSize, "the file is empty")
    }
    guard size <= type.sizeLimit else {
      return failure(
        .attachmentInvalidFileSize,
        "\(size) bytes is over the \(type.kind.rawValue) limit of \(type.sizeLimit) bytes")
    }

    let head: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      head = try handle.read(upToCount: MediaType.sniffLength) ?? Data()
    } catch {
      return failure(.attachmentInvalidURL, "\(path) cannot be read")
    }
    guard let sniffed = MediaType.sniff(head) else {
      return failure(
        .attachmentCorrupt, "the file's leading bytes are not \(type.description) data")
    }
    guard type.agrees(withSniffed: sniffed) else {
      return failure(
        .attachmentCorrupt,
        "the file says \(type.description) but its bytes are \(sniffed.description)")
    }

    return .success(type)
  }
}

/// Why iOS refuses an attachment's file: the `UNError.Code` it reports, and the reason.
package struct AttachmentFileRejection: Error, Sendable, Equatable {
  /// The `UNError.Code`.
  package var code: Code
  /// Why, in plain words.
  package var reason: String

  /// Creates a rejection.
  package init(code: Code, reason: String) {
    self.code = code
    self.reason = reason
  }

  /// The attachment codes of `UNError.Code`; the raw value is the code's name.
  package enum Code: String, Sendable, Hashable, CaseIterable {
    /// `UNError.Code.attachmentInvalidURL` (100).
    case attachmentInvalidURL
    /// `UNError.Code.attachmentUnrecognizedType` (101).
    case attachmentUnrecognizedType
    /// `UNError.Code.attachmentInvalidFileSize` (102).
    case attachmentInvalidFileSize
    /// `UNError.Code.attachmentCorrupt` (105).
    case attachmentCorrupt

    /// The numeric `UNError.Code` raw value.
    package var number: Int {
      switch self {
      case .attachmentInvalidURL: 100
      case .attachmentUnrecognizedType: 101
      case .attachmentInvalidFileSize: 102
      case .attachmentCorrupt: 105
      }
    }
  }
}
