public import Foundation

/// The token PushKit issued for one push type (`PKPushCredentials`): made by PushKit, never by
/// the app, and handed to `pushRegistry(_:didUpdate:for:)`.
open class PKPushCredentials: NSObject, @unchecked Sendable {
  /// The push type the token is for.
  open var type: PKPushType { storedType }
  /// The token: opaque bytes for the app's server, which sends `voip` pushes to it.
  open var token: Data { storedToken }

  private let storedType: PKPushType
  private let storedToken: Data

  package init(token: Data, type: PKPushType) {
    self.storedToken = token
    self.storedType = type
  }
}

/// A push PushKit hands to the app (`PKPushPayload`): its JSON body as a dictionary, and its
/// type.
open class PKPushPayload: NSObject, @unchecked Sendable {
  /// The push type.
  open var type: PKPushType { storedType }
  /// The push's JSON body (for VoIP, the caller and call id the server put there), bridged as
  /// `JSONSerialization` does: strings, `NSNumber`s, arrays and dictionaries.
  open var dictionaryPayload: [AnyHashable: Any] { storedPayload }

  private let storedType: PKPushType
  private let storedPayload: [AnyHashable: Any]

  package init(dictionaryPayload: [AnyHashable: Any], type: PKPushType) {
    self.storedPayload = dictionaryPayload
    self.storedType = type
  }
}
