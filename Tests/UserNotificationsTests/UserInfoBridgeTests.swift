import Foundation
import PushPayload
import PushSimAppHost
import Testing

@testable import UserNotifications

@Suite("userInfo bridging")
struct UserInfoBridgeTests {
  private func userInfo(_ json: String) throws -> [AnyHashable: Any] {
    try UserInfoJSON.userInfo(fromJSON: Array(json.utf8))
  }

  @Test("a JSON 3 is an NSNumber: as? Int is 3, as? Double is 3.0, as? Bool fails")
  func integer() throws {
    let info = try userInfo(#"{"n": 3}"#)
    #expect(info["n"] is NSNumber)
    #expect(info["n"] as? Int == 3)
    #expect(info["n"] as? Double == 3.0)
    #expect(info["n"] as? Bool == nil)
    #expect(info["n"] as? String == nil)
  }

  @Test("a JSON 3.5 is not as? Int (no exact Int), but is as? Double; 3.0 is as? Int")
  func fraction() throws {
    let info = try userInfo(#"{"x": 3.5, "y": 3.0, "z": 1e2}"#)
    #expect(info["x"] as? Int == nil)
    #expect(info["x"] as? Double == 3.5)
    #expect(info["y"] as? Int == 3)
    #expect(info["z"] as? Int == 100)
  }

  @Test("true and false are the Boolean NSNumber: as? Bool, and as? Int is 1 and 0")
  func booleans() throws {
    let info = try userInfo(#"{"t": true, "f": false, "one": 1, "two": 2}"#)
    #expect(info["t"] as? Bool == true)
    #expect(info["f"] as? Bool == false)
    #expect(info["t"] as? Int == 1)
    #expect(info["one"] as? Bool == true)
    #expect(info["two"] as? Bool == nil)
    #expect((info["t"] as? NSNumber)?.objCType.pointee == CChar(bitPattern: UInt8(ascii: "c")))
  }

  @Test("null is NSNull, and not a String")
  func null() throws {
    let info = try userInfo(#"{"n": null}"#)
    #expect(info["n"] is NSNull)
    #expect(info["n"] as? String == nil)
  }

  @Test("strings are String and NSString; numbers in strings stay strings")
  func strings() throws {
    let info = try userInfo(#"{"s": "42"}"#)
    #expect(info["s"] as? String == "42")
    #expect((info["s"] as? NSString) == "42")
    #expect(info["s"] as? Int == nil)
  }

  @Test(
    "objects cast to NSDictionary, [String: Any], [AnyHashable: Any], and [String: String] only when all values are strings"
  )
  func objects() throws {
    let info = try userInfo(
      #"{"aps": {"badge": 3, "sound": "default"}, "names": {"a": "x", "b": "y"}}"#)
    #expect(info["aps"] is NSDictionary)
    let aps = try #require(info["aps"] as? [String: Any])
    #expect(aps["badge"] as? Int == 3)
    #expect((info["aps"] as? [AnyHashable: Any])?["sound"] as? String == "default")
    #expect(info["aps"] as? [String: String] == nil)
    #expect(info["names"] as? [String: String] == ["a": "x", "b": "y"])
  }

  @Test(
    "the older spellings apps use read the same values: [String: AnyObject], [String: NSObject]")
  func olderSpellings() throws {
    let info = try userInfo(#"{"aps": {"alert": "Hola", "badge": 3}}"#)
    let anyObjects = try #require(info["aps"] as? [String: AnyObject])
    #expect(anyObjects["alert"] as? String == "Hola")
    #expect(anyObjects["badge"] as? Int == 3)
    let objects = try #require(info["aps"] as? [String: NSObject])
    #expect(objects["badge"] as? Double == 3)
    #expect((info["aps"] as? NSDictionary)?["alert"] as? String == "Hola")
  }

  @Test("arrays cast to NSArray and to [Int] or [Double] when every element fits")
  func arrays() throws {
    let info = try userInfo(#"{"ids": [1, 2, 3], "mixed": [1, "a"], "reals": [1, 2.5]}"#)
    #expect(info["ids"] is NSArray)
    #expect(info["ids"] as? [Int] == [1, 2, 3])
    #expect(info["ids"] as? [Double] == [1, 2, 3])
    #expect(info["mixed"] as? [Int] == nil)
    #expect(info["reals"] as? [Int] == nil)
    #expect(info["reals"] as? [Double] == [1, 2.5])
  }

  @Test("integers past Int are unsigned within UInt64, doubles beyond")
  func bigIntegers() throws {
    let info = try userInfo(#"{"u": 18446744073709551615, "d": 36893488147419103232}"#)
    #expect(info["u"] as? UInt64 == UInt64.max)
    #expect(info["u"] as? Int == nil)
    #expect(info["d"] as? Double == 36_893_488_147_419_103_232)
  }

  @Test("the last of duplicate keys wins; a non-object root is an error")
  func duplicatesAndRoot() throws {
    #expect(try userInfo(#"{"k": 1, "k": 2}"#)["k"] as? Int == 2)
    #expect(throws: UserInfoJSON.NotAnObject.self) { try userInfo("[1]") }
    #expect(throws: (any Error).self) { try userInfo("{") }
  }

  @Test("Swift values set on a mutable content read back as NSNumbers, as after iOS's copy")
  func setterBridges() throws {
    let content = UNMutableNotificationContent()
    content.userInfo = ["n": 3, "x": 2.5, "t": true, "nested": ["k": 1], "list": [1, 2], "s": "v"]
    #expect(content.userInfo["n"] is NSNumber)
    #expect(content.userInfo["n"] as? Double == 3)
    #expect(content.userInfo["x"] as? Int == nil)
    #expect(content.userInfo["t"] as? Bool == true)
    #expect((content.userInfo["nested"] as? [String: Any])?["k"] as? Double == 1)
    #expect(content.userInfo["list"] as? [Double] == [1, 2])
    #expect(content.userInfo["s"] as? String == "v")
    content.userInfo["later"] = 7
    #expect(content.userInfo["later"] as? Double == 7)
  }

  @Test("userInfo goes back to JSON with its types")
  func roundTrip() throws {
    let json = #"{"a": 1, "b": 2.5, "c": true, "d": null, "e": "s", "f": [1, {"g": false}]}"#
    let info = try userInfo(json)
    let back = UserInfoJSON.json(from: info)
    let again = UserInfoJSON.userInfo(from: back)
    #expect(UserInfoJSON.json(from: again) == back)
    #expect(again["c"] as? Bool == true && again["b"] as? Double == 2.5 && again["d"] is NSNull)
    #expect(back["c"]?.boolValue == true)
    #expect(back["a"]?.numberValue?.integer == 1)
    #expect(back["b"]?.numberValue?.integer == nil)
    let swiftValues = UserInfoJSON.json(from: ["n": 5, "x": 1.5, "t": true])
    #expect(swiftValues["n"]?.numberValue?.integer == 5)
    #expect(swiftValues["x"]?.numberValue?.double == 1.5)
    #expect(swiftValues["t"]?.boolValue == true)
  }
}
