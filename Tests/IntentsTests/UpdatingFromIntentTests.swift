import Foundation
import Intents
import PushDevice
import PushSimAppHost
import Testing
import UserNotifications

/// `UNNotificationContent.updating(from:)` with the intents of this module (Rules.md §16),
/// outside any device.
@Suite struct UpdatingFromIntentTests {
  /// An app's own conformer: iOS ignores objects outside its SDK.
  final class AppProvider: NSObject, UNNotificationContentProviding {}

  private func ana(image: INImage? = nil) -> INPerson {
    INPerson(
      personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress),
      nameComponents: nil, displayName: "Ana", image: image, contactIdentifier: nil,
      customIdentifier: "u1", isMe: false, suggestionType: .none)
  }

  @Test func anAppsOwnProviderIsNotAllowed() {
    let content = UNMutableNotificationContent()
    let error = #expect(throws: UNError.self) { try content.updating(from: AppProvider()) }
    #expect(error?.code == .contentProvidingObjectNotAllowed)
    #expect(error.map { ($0 as NSError).code } == 1500)
  }

  @Test func aMessageWithoutSenderIsInvalid() {
    let intent = INSendMessageIntent(
      recipients: [ana()], outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: nil, conversationIdentifier: "c1", serviceName: nil, sender: nil,
      attachments: nil)
    let error = #expect(throws: UNError.self) {
      try UNNotificationContent().updating(from: intent)
    }
    #expect(error?.code == .contentProvidingInvalid)
  }

  @Test func aMessageGivesTheContentItsSenderAndLeavesTheOriginalUnchanged() throws {
    let content = UNMutableNotificationContent()
    content.title = "New message"
    let intent = INSendMessageIntent(
      recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: nil, conversationIdentifier: "c1", serviceName: nil,
      sender: ana(image: INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47]))), attachments: nil)
    let updated = try content.updating(from: intent)
    #expect(updated.title == "New message")
    let communication = try #require(updated.deviceContent.communication)
    #expect(communication.sender?.displayName == "Ana")
    #expect(communication.sender?.handle == "ana@example.com")
    #expect(communication.sender?.avatar?.data == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(communication.conversationIdentifier == "c1")
    #expect(communication.recipientCount == 1)
    #expect(content.deviceContent.communication == nil)
  }

  /// `updating(from:)` keeps the intent as it was then: metadata and images changed afterwards
  /// do not reach the notification (the intent is copied, `NSCopying`).
  @Test func laterChangesToTheIntentDoNotReachTheContent() throws {
    let intent = INSendMessageIntent(
      recipients: [], outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: INSpeakableString(spokenPhrase: "Team"), conversationIdentifier: "c1",
      serviceName: nil, sender: ana(), attachments: nil)
    let metadata = INSendMessageIntentDonationMetadata()
    metadata.recipientCount = 3
    intent.donationMetadata = metadata
    let updated = try UNNotificationContent().updating(from: intent)
    metadata.recipientCount = 40
    intent.setImage(INImage(imageData: Data([7])), forParameterNamed: \.speakableGroupName)
    let communication = try #require(updated.deviceContent.communication)
    #expect(communication.recipientCount == 3)
    #expect(communication.groupAvatar == nil)
    #expect(
      try UNNotificationContent().updating(from: intent).deviceContent.communication?
        .groupAvatar?.data == Data([7]))
  }

  /// A copy (`NSCopying`) is a new object with the intent's values and identifier.
  @Test func aCopyKeepsTheValuesAndTheIdentifier() throws {
    let message = INSendMessageIntent(
      recipients: [], outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: nil, conversationIdentifier: "c1", serviceName: "chat", sender: ana(),
      attachments: nil)
    let copy = try #require(message.copy() as? INSendMessageIntent)
    #expect(copy !== message)
    #expect(copy.identifier == message.identifier)
    #expect(copy.content == "Hi" && copy.serviceName == "chat" && copy.sender === message.sender)
    let call = INStartCallIntent(
      callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown,
      destinationType: .normal, contacts: [ana()], callCapability: .audioCall)
    let callCopy = try #require(call.copy() as? INStartCallIntent)
    #expect(callCopy !== call && callCopy.identifier == call.identifier)
    #expect(callCopy.contacts?.first?.displayName == "Ana")
  }

  @Test func donationMetadataOverridesTheRecipientCount() throws {
    let intent = INSendMessageIntent(
      recipients: [], outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: nil, conversationIdentifier: "c1", serviceName: nil, sender: ana(),
      attachments: nil)
    let metadata = INSendMessageIntentDonationMetadata()
    metadata.recipientCount = 12
    metadata.mentionsCurrentUser = true
    intent.donationMetadata = metadata
    let communication = try #require(
      try UNNotificationContent().updating(from: intent).deviceContent.communication)
    #expect(communication.recipientCount == 12)
    #expect(communication.isGroup)
    #expect(communication.mentionsCurrentUser)
  }

  @Test func aGroupsImageIsSetThroughTheKeyPath() throws {
    let intent = INSendMessageIntent(
      recipients: [ana()], outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: INSpeakableString(spokenPhrase: "Family"),
      conversationIdentifier: "family", serviceName: nil, sender: ana(), attachments: nil)
    let image = INImage(imageData: Data([1, 2, 3]))
    intent.setImage(image, forParameterNamed: \.speakableGroupName)
    #expect(intent.image(forParameterNamed: \.speakableGroupName) == image)
    #expect(intent.image(forParameterNamed: \.sender) == nil)
    let communication = try #require(
      try UNNotificationContent().updating(from: intent).deviceContent.communication)
    #expect(communication.groupName == "Family")
    #expect(communication.avatar?.data == Data([1, 2, 3]))
  }

  @Test func aCallUsesItsFirstContactAsTheCaller() throws {
    let intent = INStartCallIntent(
      callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown,
      destinationType: .normal, contacts: [ana()], callCapability: .audioCall)
    let communication = try #require(
      try UNNotificationContent().updating(from: intent).deviceContent.communication)
    #expect(communication.kind == .call)
    #expect(communication.sender?.displayName == "Ana")
    let empty = INStartCallIntent(
      callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown,
      destinationType: .normal, contacts: [], callCapability: .audioCall)
    let error = #expect(throws: UNError.self) { try UNNotificationContent().updating(from: empty) }
    #expect(error?.code == .contentProvidingInvalid)
  }

  @Test func anImageFromAURLReadsOnlyLocalFiles() throws {
    #expect(INImage(url: try #require(URL(string: "https://example.com/a.png"))) == nil)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("inimage-\(UUID().uuidString).png")
    try Data([9, 9]).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let image = try #require(INImage(url: file))
    #expect(image.contents.data == Data([9, 9]))
    #expect(image.contents.name == file.lastPathComponent)
    #expect(INImage(url: file.appendingPathExtension("missing")) == nil)
  }

  @Test func donatingCallsTheCompletionWithoutError() async throws {
    let intent = INSendMessageIntent(
      recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi",
      speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: ana(),
      attachments: nil)
    let interaction = INInteraction(intent: intent, response: nil)
    interaction.direction = .incoming
    let error: (any Error)? = await withCheckedContinuation { continuation in
      interaction.donate { continuation.resume(returning: $0) }
    }
    #expect(error == nil)
    try await interaction.donate()
  }
}
