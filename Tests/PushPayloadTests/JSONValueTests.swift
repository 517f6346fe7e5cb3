import PushPayload
import Testing

@Suite struct JSONValueTests {
  @Test func lookupTakesTheLastDuplicateAsFoundationDoes() {
    let object = JSONObject([
      JSONMember(key: "badge", value: 1), JSONMember(key: "badge", value: 2),
    ])
    #expect(object["badge"]?.numberValue?.integer == 2)
    #expect(object.members.count == 2)
    #expect(object.keys == ["badge"])
  }

  @Test func foundationValueIsWhatAnAppSeesInUserInfo() {
    let payload: JSONValue = ["chat-id": "chat_4521", "count": 3, "aps": ["badge": 5]]
    let userInfo = payload.foundationValue as? [AnyHashable: Any]
    #expect(userInfo?["chat-id"] as? String == "chat_4521")
    #expect(userInfo?["count"] as? Int == 3)
    #expect((userInfo?["aps"] as? [AnyHashable: Any])?["badge"] as? Int == 5)
  }
}
