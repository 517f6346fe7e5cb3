import Foundation
package import PushMedia

/// Checks a notification's attachments after the service extension finishes (Behavior.md §6.3),
/// each with ``AttachmentFileCheck`` (PushMedia).
///
/// A failing attachment is dropped; the notification is delivered without it.
package struct AttachmentValidator: Sendable {
  /// Creates a validator.
  package init() {}

  /// Validates one attachment; on success its `type` is the UTI and an empty identifier is
  /// replaced by `fallbackIdentifier` (iOS makes one up, Behavior.md §6.3).
  package func validate(
    _ attachment: NotificationAttachment, fallbackIdentifier: String = UUID().uuidString
  ) -> Result<NotificationAttachment, AttachmentValidationError> {
    let checked = AttachmentFileCheck.type(
      ofFileAt: attachment.url, typeHint: attachment.options.typeHint)
    switch checked {
    case .success(let type):
      var accepted = attachment
      accepted.type = type.rawValue
      if accepted.identifier.isEmpty { accepted.identifier = fallbackIdentifier }
      return .success(accepted)
    case .failure(let rejection):
      return .failure(
        AttachmentValidationError(
          code: rejection.code, identifier: attachment.identifier, url: attachment.url,
          reason: rejection.reason))
    }
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

  /// The attachment codes of `UNError.Code`.
  package typealias Code = AttachmentFileRejection.Code
}
