import Foundation

/// Checks a notification's attachments after the service extension finishes (Behavior.md §6.3).
///
/// For each attachment, in this order (Rules.md §7):
/// 1. a `file:` URL naming a readable regular file, else `attachmentInvalidURL`;
/// 2. a type from the type hint, else the file extension, that attachments support, else
///    `attachmentUnrecognizedType`;
/// 3. a size above 0 and within the kind's limit (image 10 MiB, audio 5 MiB, video 50 MiB), else
///    `attachmentInvalidFileSize`;
/// 4. leading bytes that agree with the type, else `attachmentCorrupt`.
///
/// A failing attachment is dropped; the notification is delivered without it. Only the first
/// ``MediaType/sniffLength`` bytes of a file are read.
package struct AttachmentValidator: Sendable {
  /// Creates a validator.
  package init() {}

  /// Validates one attachment; on success its `type` is the UTI and an empty identifier is
  /// replaced by `fallbackIdentifier` (iOS makes one up, Behavior.md §6.3).
  package func validate(
    _ attachment: NotificationAttachment, fallbackIdentifier: String = UUID().uuidString
  ) -> Result<NotificationAttachment, AttachmentValidationError> {
    func failure(_ code: AttachmentValidationError.Code, _ reason: String) -> Result<
      NotificationAttachment, AttachmentValidationError
    > {
      .failure(
        AttachmentValidationError(
          code: code, identifier: attachment.identifier, url: attachment.url, reason: reason))
    }
    let url = attachment.url
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
    if let hint = attachment.options.typeHint {
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

    var accepted = attachment
    accepted.type = type.rawValue
    if accepted.identifier.isEmpty { accepted.identifier = fallbackIdentifier }
    return .success(accepted)
  }

  /// Validates a content's attachments in order, keeping those that pass.
  ///
  /// - Parameter requestIdentifier: Used to name attachments whose identifier is empty
  ///   (`<request>.attachment-<n>`, deterministic).
  /// - Complexity: O(n) in the number of attachments, each reading at most 16 bytes.
  package func validate(_ attachments: [NotificationAttachment], requestIdentifier: String) -> (
    accepted: [NotificationAttachment], rejected: [AttachmentValidationError]
  ) {
    var accepted: [NotificationAttachment] = []
    var rejected: [AttachmentValidationError] = []
    for (index, attachment) in attachments.enumerated() {
      switch validate(
        attachment, fallbackIdentifier: "\(requestIdentifier).attachment-\(index + 1)")
      {
      case .success(let valid): accepted.append(valid)
      case .failure(let error): rejected.append(error)
      }
    }
    return (accepted, rejected)
  }
}

/// Why an attachment was dropped: the `UNError.Code` iOS would report, and the reason.
///
/// The codes and raw values are `UNError.Code`'s (Behavior.md §6.3).
package struct AttachmentValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The `UNError.Code`.
  package var code: Code
  /// The attachment's identifier as the extension gave it.
  package var identifier: String
  /// The attachment's URL.
  package var url: URL
  /// Why, in plain words.
  package var reason: String

  /// Creates an error.
  package init(code: Code, identifier: String, url: URL, reason: String) {
    self.code = code
    self.identifier = identifier
    self.url = url
    self.reason = reason
  }

  /// `UNError.attachmentCorrupt: reason`.
  package var description: String { "UNError.\(code.rawValue): \(reason)" }

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
