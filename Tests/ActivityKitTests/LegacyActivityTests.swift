import ActivityKit
import PushDevice
import PushPayload
import PushSimAppHost
import Testing

/// ActivityKit's iOS 16.1 API (deprecated in iOS 16.2): code written against it drives the
/// device's activity as the ActivityContent API does, each content state wrapped with no
/// stale date and relevance 0.
@Suite struct LegacyActivityTests {
  static let eta = Date(timeIntervalSinceReferenceDate: 800_000_000)

  static func state(_ status: String) -> DeliveryAttributes.ContentState {
    DeliveryAttributes.ContentState(status: status, eta: eta, courier: nil)
  }

  static func phone() -> DeviceHost {
    DeviceHost(app: AppConfiguration(bundleId: "com.example.delivery", state: .foreground))
  }

  /// What the device shows of an activity, to compare two devices.
  struct Shown: Equatable {
    var state: LiveActivity.State
    var contentState: JSONValue
    var staleDate: Date?
    var relevanceScore: Double
    var updates: Int
    var lastAlert: JSONValue?

    init(_ activity: LiveActivity) {
      state = activity.state
      contentState = JSONValue(.object(activity.contentState))
      staleDate = activity.staleDate
      relevanceScore = activity.relevanceScore
      updates = activity.updates
      lastAlert = activity.lastAlert.map { JSONValue(.object($0)) }
    }
  }

  @Test("a manager written against the iOS 16.1 API drives the device as the modern one")
  func legacyManagerMatchesModernManager() async throws {
    let legacyPhone = Self.phone()
    let modernPhone = Self.phone()
    let (tokens, server) = AsyncStream.makeStream(of: String.self)
    let legacy = await LegacyDeliveryActivityManager { server.yield($0) }
    let modern = await DeliveryActivityManager { _ in }

    let legacyID = try await legacyPhone.runApp {
      try await legacy.start(order: "L1", eta: Self.eta)
    }
    let modernID = try await modernPhone.runApp {
      try await modern.start(order: "L1", eta: Self.eta)
    }
    func shown() async throws -> (Shown, Shown) {
      let legacyShown = try #require(await legacyPhone.read { $0.liveActivity(legacyID) })
      let modernShown = try #require(await modernPhone.read { $0.liveActivity(modernID) })
      return (Shown(legacyShown), Shown(modernShown))
    }

    var (left, right) = try await shown()
    #expect(left == right)
    #expect(left.contentState["status"]?.stringValue == "preparing")
    var sent = tokens.makeAsyncIterator()
    #expect(await sent.next() == (await legacyPhone.read { $0.liveActivity(legacyID)?.token }))

    await legacyPhone.runApp { await legacy.update(status: "on the way", courier: "Sam") }
    await modernPhone.runApp { await modern.update(status: "on the way", courier: "Sam") }
    (left, right) = try await shown()
    #expect(left == right)
    #expect(left.updates == 1)
    #expect(left.lastAlert?["body"]?.stringValue == "on the way")

    await legacyPhone.runApp { await legacy.finish() }
    await modernPhone.runApp { await modern.finish() }
    (left, right) = try await shown()
    #expect(left == right)
    #expect(left.state == .dismissed)
    let activity = try #require(await legacy.activity)
    #expect(activity.contentState.status == "delivered")
    #expect(activity.contentState == activity.content.state)
  }

  @Test("a content state replaces the content: no stale date, relevance 0")
  func contentStateMeansNoStaleDateAndRelevanceZero() async throws {
    let phone = Self.phone()
    let later = await phone.now.addingTimeInterval(3_600)
    let activity = try await phone.runApp {
      try Activity.request(
        attributes: DeliveryAttributes(orderNumber: "L2"),
        content: ActivityContent(
          state: Self.state("preparing"), staleDate: later, relevanceScore: 50))
    }
    #expect(await phone.read { $0.liveActivity(activity.id)?.relevanceScore } == 50)

    await phone.runApp { await activity.update(using: Self.state("cooking")) }
    let device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.contentState["status"]?.stringValue == "cooking")
    #expect(device.staleDate == nil)
    #expect(device.relevanceScore == 0)
    #expect(device.lastAlert == nil)
    #expect(activity.content == ActivityContent(state: Self.state("cooking"), staleDate: nil))
  }

  @Test("contentStateUpdates yields a push's content state in the app's type")
  func contentStateUpdatesFollowPushes() async throws {
    let phone = Self.phone()
    let activity = try await phone.runApp {
      try Activity<DeliveryAttributes>.request(
        attributes: DeliveryAttributes(orderNumber: "L3"), contentState: Self.state("preparing"),
        pushType: .token)
    }
    var states = activity.contentStateUpdates.makeAsyncIterator()
    let timestamp = Int(await phone.now.timeIntervalSince1970) + 1
    let body =
      #"{"aps":{"event":"update","timestamp":\#(timestamp),"content-state":{"status":"near","eta":800000000,"courier":"Ana"}}}"#
    await phone.receive(
      bytes: Array(body.utf8),
      headers: PushHeaders(
        pushType: "liveactivity", topic: "com.example.delivery.push-type.liveactivity"),
      id: "u1", to: .activity(activity.id))
    let state = DeliveryAttributes.ContentState(status: "near", eta: Self.eta, courier: "Ana")
    #expect(await states.next() == state)
    #expect(activity.contentState == state)
  }

  @Test("end(dismissalPolicy:) keeps the content and resolves as on iOS")
  func endWithoutContentKeepsTheCurrentOne() async throws {
    let phone = Self.phone()
    let activity = try await phone.runApp {
      try Activity<DeliveryAttributes>.request(
        attributes: DeliveryAttributes(orderNumber: "L4"), contentState: Self.state("cooking"))
    }
    #expect(await phone.read { $0.liveActivity(activity.id)?.channel } == LiveActivity.Channel.none)
    await phone.runApp { await activity.end(dismissalPolicy: .immediate) }
    let device = try #require(await phone.read { $0.liveActivity(activity.id) })
    #expect(device.state == .dismissed)
    #expect(device.contentState["status"]?.stringValue == "cooking")
    #expect(activity.contentState.status == "cooking")

    let second = try await phone.runApp {
      try Activity<DeliveryAttributes>.request(
        attributes: DeliveryAttributes(orderNumber: "L5"), contentState: Self.state("cooking"))
    }
    await phone.runApp { await second.end() }
    #expect(await phone.read { $0.liveActivity(second.id)?.state } == .ended)
    #expect(second.activityState == .ended)
  }
}
