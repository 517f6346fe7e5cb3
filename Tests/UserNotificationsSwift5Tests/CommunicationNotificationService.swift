import Intents
import UserNotifications

/// A communication notification extension as Apple's article writes it, in a Swift 5 extension
/// target: the sender with an avatar, an incoming `INSendMessageIntent` donated, then
/// `updating(from:)` once the donation completed.
class CommunicationNotificationService: UNNotificationServiceExtension {
  override func didReceive(
    _ request: UNNotificationRequest,
    withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
  ) {
    let handle = INPersonHandle(value: "ana@example.com", type: .emailAddress)
    let sender = INPerson(
      personHandle: handle, nameComponents: nil, displayName: "Ana",
      image: INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47])), contactIdentifier: nil,
      customIdentifier: nil)
    let intent = INSendMessageIntent(
      recipients: nil, outgoingMessageType: .outgoingMessageText, content: request.content.body,
      speakableGroupName: INSpeakableString(spokenPhrase: "Family"),
      conversationIdentifier: "family", serviceName: nil, sender: sender, attachments: nil)
    intent.setImage(INImage(imageData: Data([1])), forParameterNamed: \.speakableGroupName)
    let interaction = INInteraction(intent: intent, response: nil)
    interaction.direction = .incoming
    interaction.donate { error in
      if error != nil {
        contentHandler(request.content)
        return
      }
      do {
        let updated = try request.content.updating(from: intent)
        contentHandler(updated)
      } catch {
        contentHandler(request.content)
      }
    }
  }
}
