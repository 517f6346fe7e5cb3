import Foundation
import PushDevice
import PushScenario
import Testing

@Suite("The app file's app groups (app.appGroups)")
struct AppGroupsDecodingTests {
  @Test("declared groups reach the app's configuration in their order")
  func declaredGroups() throws {
    let scenario = try decodeScenario(
      #"{ "app": { "appGroups": ["group.com.example.chat", "group.com.example.shared-2"] }, "steps": [] }"#
    )
    let app = try scenario.app.appConfiguration()
    #expect(app.appGroups == ["group.com.example.chat", "group.com.example.shared-2"])
    #expect(try decodeScenario(#"{ "steps": [] }"#).app.appConfiguration().appGroups == [])
  }

  @Test(
    "an identifier iOS would not take is an error at its position",
    arguments: [
      (
        #""com.example.chat""#,
        #"x.json:1:26: error: element 0 of "appGroups" is "com.example.chat": an app group identifier is "group." followed by the group's name, such as "group.com.example.chat""#
      ),
      (
        #""group.""#,
        #"x.json:1:26: error: element 0 of "appGroups" is "group.": an app group identifier is "group." followed by the group's name, such as "group.com.example.chat""#
      ),
      (
        #""group.com/example""#,
        #"x.json:1:26: error: element 0 of "appGroups" is "group.com/example": an app group's name has only letters, digits, "-" and ".""#
      ),
      (
        #""group.a", "group.a""#,
        #"x.json:1:37: error: element 1 of "appGroups": "group.a" is listed twice"#
      ),
      (
        #"7"#,
        #"x.json:1:26: error: expected a string for element 0 of "appGroups", found number"#
      ),
    ])
  func invalidIdentifier(list: String, message: String) {
    #expect(
      decodingError(#"{ "app": { "appGroups": [\#(list)] }, "steps": [] }"#) == message)
  }

  @Test("a misspelt field name is still an unknown field")
  func unknownField() {
    let error = decodingError(#"{ "app": { "appGroup": ["group.a"] }, "steps": [] }"#)
    #expect(error?.contains("appGroups") == true)
  }
}
