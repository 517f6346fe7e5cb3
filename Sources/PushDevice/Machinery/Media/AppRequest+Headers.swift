import Foundation
internal import PushHTTP

extension AppRequest {
  /// Why the request cannot go out as the app made it, if it cannot: a header field whose name
  /// is not a token (RFC 9110 §5.1), whose value holds a line break (CR or LF) or a NUL (§5.5),
  /// or that `URLRequest` dropped for such a value (``droppedHeaders``). Such a field would end
  /// the header line early and start another, or never go out at all while the code believes
  /// it sent it, so the request fails, naming the field (Rules.md §7.1).
  package func headerRefusal() -> MediaFetchError? {
    if let name = droppedHeaders.first {
      return MediaFetchError(
        .invalidHeader, url: url,
        reason: "the app set the header field \(name.debugDescription) to a value with a line "
          + "break or a NUL, which URLRequest drops without a word (on iOS too); the request is "
          + "not sent without it")
    }
    for header in headers {
      if header.name.isEmpty || !header.name.utf8.allSatisfy(HTTPToken.contains) {
        return MediaFetchError(
          .invalidHeader, url: url,
          reason: "the header field name \(header.name.debugDescription) is not a token "
            + "(a control byte, a space or a separator)")
      }
      if let bad = header.value.utf8.first(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) {
        return MediaFetchError(
          .invalidHeader, url: url,
          reason: "the header field \(header.name.debugDescription) has "
            + "\(bad == 0 ? "a NUL" : "a line break (CR or LF)") in its value")
      }
    }
    return nil
  }
}
