import Foundation
import Intents

/// A message as the app's API returns it (`GET https://api.example.com/messages/<id>`).
struct ChatMessage: Decodable {
  /// Someone in a chat.
  struct Person: Decodable {
    var id: String
    var name: String
    /// The address the person is known by: an email address or a phone number.
    var handle: String
    var avatarURL: URL?

    /// The person as Intents describes them; `image` is their avatar.
    func person(image: INImage?) -> INPerson {
      let type: INPersonHandleType = handle.contains("@") ? .emailAddress : .phoneNumber
      return INPerson(
        personHandle: INPersonHandle(value: handle, type: type),
        nameComponents: nil,
        displayName: name,
        image: image,
        contactIdentifier: nil,
        customIdentifier: id,
        isMe: false,
        suggestionType: .none)
    }
  }

  /// A group chat: its name and the others in it.
  struct Group: Decodable {
    var name: String
    var members: [Person]
  }

  var id: String
  var chatId: String
  var text: String
  var sender: Person
  /// `nil` in a chat of two.
  var group: Group?

  /// The message as an incoming `INSendMessageIntent`, the sender with their avatar.
  func intent(avatar: INImage?) -> INSendMessageIntent {
    INSendMessageIntent(
      recipients: group?.members.map { $0.person(image: nil) },
      outgoingMessageType: .outgoingMessageText,
      content: text,
      speakableGroupName: group.map { INSpeakableString(spokenPhrase: $0.name) },
      conversationIdentifier: chatId,
      serviceName: nil,
      sender: sender.person(image: avatar),
      attachments: nil)
  }
}
