import Foundation

extension URL {
  /// The URL as events, reports and docs show it: a user name or password in it
  /// (`https://user:secret@cdn.example.com/a.jpg`) is replaced by `***`, so a credential in a
  /// payload's media URL is never copied into a log or a published page.
  package var redactedString: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return absoluteString }
    components.user = nil
    components.password = nil
    let text = components.string ?? ""
    guard let separator = text.range(of: "://") else { return "***" }
    return text.replacingCharacters(in: separator, with: "://***@")
  }
}
