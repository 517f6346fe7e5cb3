import Testing
import UserNotifications

@Suite struct TextInputActionTests {
  /// `UNTextInputNotificationAction` inherits `UNNotificationAction`'s initializers, as Apple's
  /// subclass does; the texts are then empty (Rules.md §9.9).
  @Test func theInheritedInitializersMakeATextInputAction() {
    let reply = UNTextInputNotificationAction(
      identifier: "reply", title: "Reply", options: [.authenticationRequired])
    #expect(reply.identifier == "reply")
    #expect(reply.title == "Reply")
    #expect(reply.options == [.authenticationRequired])
    #expect(reply.textInputButtonTitle == "")
    #expect(reply.textInputPlaceholder == "")
    let icon = UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left")
    let withIcon = UNTextInputNotificationAction(
      identifier: "r", title: "R", options: [], icon: icon)
    #expect(withIcon.icon == icon)
    #expect(withIcon.textInputButtonTitle.isEmpty)
    let asAction: UNNotificationAction = UNTextInputNotificationAction(identifier: "x", title: "X")
    #expect(asAction is UNTextInputNotificationAction)
  }
}
