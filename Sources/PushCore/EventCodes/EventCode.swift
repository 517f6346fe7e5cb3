/// The stable kebab-case code an event carries in its details under `code`
/// (`older-timestamp`), beside the plain words of its `reason`: what `expect.events` matches on
/// (`{"kind": "activity.ignored", "code": "older-timestamp"}`) and what Codes.md lists in the
/// row of the event's kind.
///
/// One conforming type per event kind that has a code list (``ActivityIgnoredCode``,
/// ``ThrottledCode``, ``DiscardedCode``), each with one named constant per code, all listed in
/// ``all``; a test compares each list with its row of Codes.md. The codes of `media.failed` and
/// `attachment.rejected` are `MediaFetchError.Code` (PushDevice) and
/// `AttachmentFileRejection.Code` (PushMedia), which name their own sections there.
public protocol EventCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible
where RawValue == String {
  /// The kind of the events that carry these codes.
  static var kind: EventKind { get }
  /// Every code of the kind, in the order of its row in Codes.md.
  static var all: [Self] { get }
}

extension EventCode {
  /// The code, as printed.
  public var description: String { rawValue }
}
