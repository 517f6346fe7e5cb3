import ActivityKit
import PushDevice
import PushPayload
import PushSimAppHost
import Testing

/// The Linux ActivityKit hosted by the simulated device (Rules.md §13): an app's Live Activity
/// code starts, updates and ends the device's activities, and pushes decode into its own types.
@Suite struct ActivityKitTests {
  static let headers = PushHeaders(
    pushType: "liveactivity", topic: "com.example.delivery.push-type.liveactivity")

  static func phone(state: AppState = .foreground, enabled: Bool = true) -> DeviceHost {
    var app = AppConfiguration(bundleId: "com.example.delivery", state: state)
    app.liveActivities.enabled = enabled
    return DeviceHost(app: app)
  }

  static let eta = Date(timeIntervalSinceReferenceDate: 800_000_000)

  static func start(on phone: DeviceHost) async throws -> Activity<DeliveryAttributes> {
    try await phone.runApp {
      try Activity.request(
        attributes: DeliveryAttributes(orderNumber: "A2"),
        content: ActivityContent(
          state: DeliveryAttributes.ContentState(status: "preparing", eta: eta, courier: nil),
          staleDate: nil),
        pushType: .token)
    }
  }

  static func update(_ contentState: String, on phone: DeviceHost, id: String, push: String)
    async
  {
    let timestamp = Int(await phone.now.timeIntervalSince1970) + 1
    let body =
      #"{"aps":{"event":"update","timestamp":\#(timestamp),"content-state":\#(contentState)}}"#
    await phone.receive(
      bytes: Array(body.utf8), headers: headers, id: push, to: .activity(id))
  }

  @Test func managerWrittenForIOSDrivesTheDeviceActivity() async throws {
    let phone = Self.phone()
    let (tokens, server) = AsyncStream.makeStream(of: String.self)
    let manager = await DeliveryActivityManager { server.yield($0) }
    let id = try await phone.runApp { try await manager.start(order: "A1", eta: Self.eta) }

    let started = try #require(await phone.read { $0.liveActivity(id) })
    #expect(started.type == "DeliveryAttributes")
    #expect(started.state == .active)
    #expect(started.attributes["orderNumber"]?.stringValue == "A1")
    #expect(started.contentState["status"]?.stringValue == "preparing")
    var sent = tokens.makeAsyncIterator()
    #expect(await sent.next() == started.token)

    await phone.runApp { await manager.update(status: "on the way", courier: "Sam") }
    let updated = try #require(await phone.read { $0.liveActivity(id) })
    #expect(updated.contentState["courier"]?.stringValue == "Sam")
    #expect(updated.updates == 1)
    #expect(updated.lastAlert?["body"]?.stringValue == "on the way")

    await phone.runApp { await manager.finish() }
    #expect(await phone.read { $0.liveActivity(id)?.state } == .dismissed)
    let activity = try #require(await manager.activity)
    #expect(activity.activityState == .dismissed)
    #expect(activity.content.state.status == "delivered")
  }

  @Test func pushUpdateReachesContentUpdatesInTheAppsType() async throws {
    let phone = Self.phone()
    let activity = try await Self.start(on: phone)
    var updates = activity.contentUpdates.makeAsyncIterator()
    #expect(
      await phone.runApp { Activity<DeliveryAttributes>.activities.map(\.id) } == [activity.id])

    await Self.update(
      #"{"status":"on the way","eta":800000600,"courier":"Sam","extra":1}"#, on: phone,
      id: activity.id, push: "u1")
    let content = try #require(await updates.next())
    #expect(
      content.state
        == DeliveryAttributes.ContentState(
          status: "on the way", eta: Date(timeIntervalSinceReferenceDate: 800_000_600),
          courier: "Sam"))
    #expect(activity.content.state.courier == "Sam")
    #expect(await phone.read { $0.push("u1")?.status } == .delivered)
  }

  @Test func unixTimeForADateDecodesAsIOSDoes() async throws {
    let phone = Self.phone()
    let activity = try await Self.start(on: phone)
    var updates = activity.contentUpdates.makeAsyncIterator()
    // 2026-01-01 as a UNIX time: JSONDecoder reads seconds since 2001, 31 years late.
    await Self.update(
      #"{"status":"late","eta":1767225600}"#, on: phone, id: activity.id, push: "u1")
    let content = try #require(await updates.next())
    #expect(content.state.eta == Date(timeIntervalSinceReferenceDate: 1_767_225_600))
    #expect(content.state.eta.timeIntervalSince1970 > 2_700_000_000)  // in 2057
  }

  @Test func contentStateTheAppsTypeRejectsLeavesTheActivityAsItWas() async throws {
    let phone = Self.phone()
    let activity = try await Self.start(on: phone)
    await Self.update(#"{"eta":800000600}"#, on: phone, id: activity.id, push: "u1")
    #expect(await phone.read { $0.push("u1")?.status } == .discarded)
    let events = await phone.read { $0.events.filter { $0.kind == .activityIgnored } }
    #expect(events.first?.reason.contains("keyNotFound") == true)
    #expect(activity.content.state.status == "preparing")
  }

  @Test func endImmediatelyOrAfterADate() async throws {
    let phone = Self.phone()
    let now = await phone.now
    let first = try await Self.start(on: phone)
    await phone.runApp { await first.end(nil, dismissalPolicy: .immediate) }
    #expect(first.activityState == .dismissed)

    let second = try await Self.start(on: phone)
    var states = second.activityStateUpdates.makeAsyncIterator()
    await phone.runApp {
      await second.end(nil, dismissalPolicy: .after(now.addingTimeInterval(600)))
    }
    #expect(await states.next() == .ended)
    #expect(await phone.read { $0.liveActivity(second.id)?.state } == .ended)
    await phone.advance(by: .seconds(601))
    #expect(await states.next() == .dismissed)
    #expect(await phone.runApp { Activity<DeliveryAttributes>.activities.isEmpty })
  }

  @Test func disabledActivitiesMakeRequestThrow() async throws {
    let off = Self.phone(enabled: false)
    #expect(await off.runApp { ActivityAuthorizationInfo().areActivitiesEnabled } == false)
    await #expect(throws: ActivityAuthorizationError.denied) {
      _ = try await Self.start(on: off)
    }
    await #expect(throws: ActivityAuthorizationError.visibility) {
      _ = try await Self.start(on: Self.phone(state: .background))
    }
    #expect(await off.read { $0.liveActivities.isEmpty })
  }

  @Test func pushToStartStartsAnActivityOfTheAppsType() async throws {
    let phone = Self.phone(state: .background)
    #expect(await phone.read { $0.pushToStartToken } == nil)
    let tokenUpdates = await phone.runApp {
      Activity<DeliveryAttributes>.pushToStartTokenUpdates
    }
    var tokens = tokenUpdates.makeAsyncIterator()
    let token = try #require(await tokens.next())
    let issued = try #require(await phone.read { $0.pushToStartToken })
    #expect(token.map { String(format: "%02x", $0) }.joined() == issued)

    var started = await phone.runApp { Activity<DeliveryAttributes>.activityUpdates }
      .makeAsyncIterator()
    let timestamp = Int(await phone.now.timeIntervalSince1970)
    let body = #"""
      {"aps":{"event":"start","timestamp":\#(timestamp),"attributes-type":"DeliveryAttributes",
      "attributes":{"orderNumber":"P1"},"content-state":{"status":"preparing","eta":800000000},
      "alert":{"title":"Order P1","body":"Preparing"}}}
      """#
    await phone.receive(bytes: Array(body.utf8), headers: Self.headers, id: "s1", to: .pushToStart)
    let activity = try #require(await started.next())
    #expect(activity.attributes.orderNumber == "P1")
    #expect(activity.content.state.eta == Self.eta)
    #expect(activity.activityState == .active)
  }

  @Test func outsideADeviceActivitiesLiveInMemory() async throws {
    let activity = try Activity.request(
      attributes: DeliveryAttributes(orderNumber: "M1"),
      content: ActivityContent(
        state: DeliveryAttributes.ContentState(status: "preparing", eta: Self.eta, courier: nil),
        staleDate: nil))
    var updates = activity.contentUpdates.makeAsyncIterator()
    #expect(activity.pushToken == nil)
    let state = DeliveryAttributes.ContentState(status: "near", eta: Self.eta, courier: "Ana")
    await activity.update(ActivityContent(state: state, staleDate: nil))
    #expect(await updates.next()?.state == state)
    await activity.end(nil, dismissalPolicy: .default)
    #expect(activity.activityState == .ended)

    let tracked = try Activity.request(
      attributes: DeliveryAttributes(orderNumber: "M2"),
      content: ActivityContent(state: state, staleDate: nil), pushType: .token)
    var tokens = tracked.pushTokenUpdates.makeAsyncIterator()
    let token = try #require(await tokens.next())
    #expect(token.count == 32)
    #expect(token == tracked.pushToken)
  }
}
