import Foundation
import PushScenario
import PushServe
import PushSimTestSupport
import Testing

/// Broadcast (iOS 18): the channel management requests and broadcast pushes, answered as APNs
/// answers them and played on every phone of the app, where the activities subscribed to the
/// channel take them (Rules.md §13.15, §18.8).
@Suite(.serialized) struct ServeBroadcastTests {
  static let bundle = "com.example.delivery"

  final class Running: Sendable {
    let server: PushServer
    let box = ServeEndpointTests.LinesBox()
    /// What `--until` counts.
    let activity = ServeActivity(acceptedLimit: nil, idleLimit: nil)
    init() async throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("pushsim-broadcast-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let app = """
        {"bundleId": "\(ServeBroadcastTests.bundle)", "state": "foreground",
         "activities": [{"type": "DeliveryAttributes",
           "attributes": {"orderId": "String"}, "contentState": {"status": "String"}}]}
        """
      let file = folder.appendingPathComponent("devices.json")
      try """
      {"devices": [{"name": "ana", "app": \(app)}, {"name": "ben", "app": \(app)},
                   {"name": "cleo", "app": {"bundleId": "com.example.chat"}}]}
      """.write(to: file, atomically: true, encoding: .utf8)
      var configuration = PushServer.Configuration()
      configuration.port = 0
      let (box, activity) = (self.box, self.activity)
      server = try await PushServer(
        configuration: configuration, devices: try DeviceFile.load(path: file.path, in: folder),
        log: {
          var log = ServeLog { line in box.append(line) }
          log.activity = activity
          return log
        }())
    }
    deinit { server.stop() }

    func send(_ method: String, _ path: String, _ fields: [String] = [], body: String = "")
      async throws -> ServeEndpointTests.Answer
    {
      var request = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
      request += "authorization: bearer \(ServeEndpointTests.jwt())\r\n"
      for field in fields { request += field + "\r\n" }
      request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
      let (port, text) = (server.port, request)
      return try await offPool { try ServeEndpointTests.http1Blocking(port, text) }
    }

    func createChannel(policy: Int = 1) async throws -> String {
      let created = try await send(
        "POST", "/1/apps/\(ServeBroadcastTests.bundle)/channels",
        body: #"{"message-storage-policy": \#(policy), "push-type": "LiveActivity"}"#)
      #expect(created.status == 201)
      #expect(created.headers["apns-request-id"] != nil)
      return try #require(created.headers["apns-channel-id"])
    }

    func broadcast(channel: String?, status: String, method: String = "POST") async throws
      -> ServeEndpointTests.Answer
    {
      let timestamp = Int(Date().timeIntervalSince1970) + 5
      var fields = ["apns-push-type: liveactivity", "apns-priority: 10"]
      if let channel { fields.append("apns-channel-id: \(channel)") }
      return try await send(
        method, "/4/broadcasts/apps/\(ServeBroadcastTests.bundle)", fields,
        body: #"{"aps":{"event":"update","timestamp":\#(timestamp),"#
          + #""content-state":{"status":"\#(status)"}}}"#)
    }

    func state(_ device: String) async throws -> [String: Any] {
      let answer = try await send("GET", "/pushsim/v1/devices/\(device)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    }
  }

  static func json(_ body: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func channelsAreCreatedReadListedAndDeleted() async throws {
    let running = try await Running()
    let id = try await running.createChannel(policy: 0)
    #expect(Data(base64Encoded: id)?.count == 16)
    let listed = try await running.send("GET", "/1/apps/\(Self.bundle)/all-channels")
    #expect(listed.status == 200)
    #expect(Self.json(listed.body)["channels"] as? [String] == [id])
    let read = try await running.send(
      "GET", "/1/apps/\(Self.bundle)/channels", ["apns-channel-id: \(id)"])
    #expect(read.status == 200)
    #expect(Self.json(read.body)["message-storage-policy"] as? Int == 0)
    #expect(Self.json(read.body)["push-type"] as? String == "LiveActivity")
    let deleted = try await running.send(
      "DELETE", "/1/apps/\(Self.bundle)/channels", ["apns-channel-id: \(id)"])
    #expect(deleted.status == 204)
    let gone = try await running.send(
      "GET", "/1/apps/\(Self.bundle)/channels", ["apns-channel-id: \(id)"])
    #expect(gone.status == 400)
    #expect(gone.reason == "ChannelNotRegistered")
  }

  struct Refused: Sendable, CustomStringConvertible {
    var name: String
    var method = "GET"
    var path = "/1/apps/com.example.delivery/channels"
    var fields: [String] = []
    var body = ""
    var status: Int
    var reason: String
    var description: String { name }
  }

  static let refusals: [Refused] = [
    Refused(name: "no channel id", status: 400, reason: "MissingChannelId"),
    Refused(
      name: "not base64", fields: ["apns-channel-id: !!"], status: 400, reason: "BadChannelId"),
    Refused(
      name: "unknown channel", fields: ["apns-channel-id: dW5rbm93bg=="], status: 400,
      reason: "ChannelNotRegistered"),
    Refused(
      name: "unknown app", path: "/1/apps/com.example.other/all-channels", status: 400,
      reason: "TopicDisallowed"),
    Refused(
      name: "bad policy", method: "POST", body: #"{"message-storage-policy": 2}"#, status: 400,
      reason: "BadMessageStoragePolicy"),
    Refused(
      name: "bad push type", method: "POST",
      body: #"{"message-storage-policy": 1, "push-type": "Alert"}"#, status: 400,
      reason: "InvalidPushType"),
    Refused(name: "PUT", method: "PUT", status: 405, reason: "MethodNotAllowed"),
    Refused(
      name: "bad path", path: "/1/apps/com.example.delivery/chan", status: 404, reason: "BadPath"),
  ]

  @Test(arguments: refusals)
  func channelRequestsAreRefusedAsAPNsRefusesThem(_ item: Refused) async throws {
    let running = try await Running()
    let answer = try await running.send(item.method, item.path, item.fields, body: item.body)
    #expect(answer.status == item.status)
    #expect(answer.reason == item.reason)
  }

  @Test func aBroadcastUpdatesEverySubscribedActivity() async throws {
    let running = try await Running()
    let id = try await running.createChannel()
    for device in ["ana", "ben"] {
      let started = try await running.send(
        "POST", "/pushsim/v1/devices/\(device)/steps",
        body: #"{"startActivity": {"id": "match", "type": "DeliveryAttributes", "#
          + #""pushType": "channel:\#(id)", "attributes": {"orderId": "1"}, "#
          + #""contentState": {"status": "0-0"}}}"#)
      #expect(started.status == 200, "\(started.body)")
    }
    let sent = try await running.broadcast(channel: id, status: "1-0")
    #expect(sent.status == 200, "\(sent.body)")
    #expect(sent.headers["apns-request-id"] != nil)
    for device in ["ana", "ben"] {
      let state = try await running.state(device)
      let final = try #require(state["final"] as? [String: Any])
      let activities = try #require(final["activities"] as? [String: Any])
      let match = try #require(activities["match"] as? [String: Any])
      #expect((match["contentState"] as? [String: Any])?["status"] as? String == "1-0")
      #expect(match["channel"] as? String == id)
    }
    #expect(running.box.text.contains("activity.updated"))
    // `--until` counts the broadcast, not the channel's creation or the API's requests.
    #expect(running.activity.accepted == 1)
    _ = try await running.send("GET", "/1/apps/\(Self.bundle)/all-channels")
    #expect(running.activity.accepted == 1)
  }

  @Test func broadcastsAreRefusedAsAPNsRefusesThem() async throws {
    let running = try await Running()
    let id = try await running.createChannel()
    let missing = try await running.broadcast(channel: nil, status: "x")
    #expect(missing.status == 400)
    #expect(missing.reason == "MissingChannelId")
    let unknown = try await running.broadcast(channel: "dW5rbm93bg==", status: "x")
    #expect(unknown.reason == "ChannelNotRegistered")
    let get = try await running.broadcast(channel: id, status: "x", method: "GET")
    #expect(get.status == 405)
    _ = try await running.send(
      "DELETE", "/1/apps/\(Self.bundle)/channels", ["apns-channel-id: \(id)"])
    let deleted = try await running.broadcast(channel: id, status: "x")
    #expect(deleted.reason == "ChannelNotRegistered")
  }
}
