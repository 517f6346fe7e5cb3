public import Foundation
import PushCore
public import PushPayload

extension Device {
  /// APNs receives a push (scenario step `push`): the whole pipeline runs before this returns,
  /// unless the push waits for the app's service extension (``pendingExtensionRun``).
  ///
  /// APNs's verdict (Rules.md §1) → store-and-forward while offline (§6) → background
  /// handling (§6) → localization (§3) → the service extension (§7) → presentation (§5) →
  /// Notification Center (§4) → badge. Every step is an event in ``events``.
  ///
  /// - Parameters:
  ///   - body: the request body, byte for byte (size limits count these bytes).
  ///   - headers: the APNs request headers.
  ///   - id: the name later steps use; default `push-N` (N counts pushes from 1).
  ///   - address: the token it is sent to; `nil` is the app's UserNotifications token (an
  ///     ActivityKit push needs an ActivityKit token, Rules.md §13).
  /// - Returns: what became of the push (also ``push(_:)``).
  @discardableResult
  public mutating func receive(
    bytes body: [UInt8], headers: PushHeaders = PushHeaders(), id: String? = nil,
    to address: PushAddress? = nil
  ) -> PushRecord {
    settlePendingRun()
    let id = history.arrive(id: id)
    var record = PushRecord(id: id, received: clock.now)
    record.address = address
    log(.received, id, .apns, "APNs received a request of \(body.count) bytes")

    let validation = gateway.judge(body: body, headers: headers, app: currentAppFacts())
    let verdict = validation.verdict
    report(validation.diagnostics, push: id)
    record.httpStatus = verdict.httpStatus
    record.bytes = verdict.bytes
    record.pushType = verdict.pushType
    record.answeredID = gateway.answeredID(headers.apnsID)
    record.priority = verdict.priority
    record.collapseID = verdict.collapseID
    // Stored once, complete (nothing above reads it).
    history.updateValue(record, forKey: id)
    guard verdict.accepted else {
      let reason = verdict.reason?.rawValue ?? "Rejected"
      let source = verdict.diagnostics.first { $0.severity == .error }?.source ?? .apns
      setStatus(id, .rejected, reason: reason)
      log(
        DeviceEvent.Rejected(httpStatus: verdict.httpStatus, reason: reason), id, source,
        "APNs answered \(verdict.httpStatus) \(reason)")
      return history[id] ?? PushRecord(id: id, received: clock.now)
    }
    if rejectMisaddressed(
      id, pushType: verdict.pushType, topic: headers.topic, address: address)
    {
      return history[id] ?? PushRecord(id: id, received: clock.now)
    }

    if !configuration.online {
      storeWhileOffline(id, validation: validation)
    } else {
      deliver(id, validation: validation)
    }
    return history[id] ?? PushRecord(id: id, received: clock.now)
  }

  /// APNs receives a push whose body is `data` (see ``receive(bytes:headers:id:)``).
  @discardableResult
  public mutating func receive(
    data: Data, headers: PushHeaders = PushHeaders(), id: String? = nil,
    to address: PushAddress? = nil
  ) -> PushRecord {
    receive(bytes: Array(data), headers: headers, id: id, to: address)
  }

  /// APNs receives a push whose body is the JSON text of `payload` (keys in the order given).
  @discardableResult
  public mutating func receive(
    _ payload: JSONValue, headers: PushHeaders = PushHeaders(), id: String? = nil,
    to address: PushAddress? = nil
  ) -> PushRecord {
    var writer = JSONWriter()
    writer.value(payload)
    return receive(bytes: writer.bytes, headers: headers, id: id, to: address)
  }

  /// APNs receives a push whose body is `text` (UTF-8), sent byte for byte.
  @discardableResult
  public mutating func receive(
    json text: String, headers: PushHeaders = PushHeaders(), id: String? = nil,
    to address: PushAddress? = nil
  ) -> PushRecord {
    receive(bytes: Array(text.utf8), headers: headers, id: id, to: address)
  }

  /// ``appFacts``, made once for each state of ``app``.
  mutating func currentAppFacts() -> AppFacts {
    if let cachedAppFacts { return cachedAppFacts }
    let facts = appFacts
    cachedAppFacts = facts
    return facts
  }

  /// What payload lint knows of the app (categories, sounds, entitlements).
  var appFacts: AppFacts {
    AppFacts(
      categories: Set(app.categories.map(\.id)), sounds: app.sounds.map(Set.init),
      entitlements: Set(app.entitlements.map(\.rawValue)))
  }

  // MARK: - Store and forward (Rules.md §6, Behavior.md §2.5)

  /// APNs keeps the push (one per app and one per broadcast channel, the newest) or lets it
  /// expire (``APNsGateway/storeWhileOffline(_:validation:channel:now:)``); recorded here.
  mutating func storeWhileOffline(_ id: String, validation: PayloadValidation) {
    var channel: String?
    if case .channel(let broadcastChannel)? = history[id]?.address { channel = broadcastChannel }
    let outcome = gateway.storeWhileOffline(
      id, validation: validation,
      channel: channel.map { ($0, app.liveActivities.storagePolicy(ofChannel: $0)) },
      now: clock.now)
    let until: Date
    switch outcome {
    case .channelStoresNothing:
      let broadcastChannel = channel ?? ""
      setStatus(
        id, .expired,
        reason: "channel \(broadcastChannel) stores no message: an offline device misses it")
      log(
        DeviceEvent.Expired(channel: broadcastChannel), id, .apns,
        "the device is offline and channel \(broadcastChannel) was created with message "
          + "storage policy 0 (No Message Stored): APNs keeps nothing for it")
      return
    case .expirationZero:
      setStatus(id, .expired, reason: "apns-expiration 0: not stored while the device is offline")
      log(
        DeviceEvent.Expired(), id, .apns,
        "the device is offline and apns-expiration is 0: APNs does not store it")
      return
    case .expirationPassed:
      setStatus(id, .expired, reason: "apns-expiration already passed")
      log(
        DeviceEvent.Expired(), id, .apns,
        "the device is offline and apns-expiration has already passed")
      return
    case .stored(let date, let replaced):
      until = date
      guard let previous = replaced else { break }
      setStatus(previous.push, .coalesced, reason: "replaced in APNs storage by \(id)")
      log(
        DeviceEvent.Coalesced(by: id), previous.push, .apns,
        channel.map { "APNs keeps the most recent message of channel \($0): \(id) replaces it" }
          ?? "APNs keeps one push per app while the device is offline: \(id) replaces it")
    }
    clock.schedule(.storageExpiry(push: id), at: until)
    setStatus(id, .stored, reason: "the device is offline")
    log(
      .stored, id, .apns,
      "the device is offline: APNs stores the "
        + (channel.map { "most recent message of channel \($0)" } ?? "push") + " until "
        + VirtualTimeFormat.text(until))
  }

  /// The device came online: APNs delivers what it stored, the app's push first, then the
  /// most recent message of each broadcast channel.
  mutating func deliverStoredPush() {
    for entry in gateway.takeStored() {
      if entry.until <= clock.now {
        markStorageEnded(entry.push, channel: entry.channel)
        continue
      }
      log(
        .forwarded, entry.push, .apns,
        "the device is online: APNs delivers the stored "
          + (entry.channel.map { "message of channel \($0)" } ?? "push"))
      deliver(entry.push, validation: entry.validation)
    }
  }

  /// The storage of a push ended before the device came online.
  mutating func expireStoredPush(_ id: String) {
    markStorageEnded(id, channel: gateway.drop(id)?.channel)
  }

  /// A stored push whose storage ended is `expired`.
  private mutating func markStorageEnded(_ id: String, channel: String?) {
    guard history[id]?.status == .stored else { return }
    setStatus(id, .expired, reason: "APNs storage ended before the device came online")
    log(
      DeviceEvent.Expired(), id, .apns,
      channel == nil
        ? "APNs storage ended (apns-expiration or 30 days) before the device came online"
        : "APNs storage ended (apns-expiration or the channel's 8 hours) before the device "
          + "came online")
  }

  // MARK: - On the device

  /// The device has the push: background handling, content, extension, presentation.
  mutating func deliver(_ id: String, validation: PayloadValidation) {
    let verdict = validation.verdict
    guard let payload = validation.payload else {
      // APNs accepts only JSON objects; this guards against a verdict/reader mismatch.
      setStatus(id, .discarded, reason: "the payload could not be read")
      log(
        DeviceEvent.Discarded(code: .payloadUnreadable), id, .model,
        "the payload could not be read on the device")
      return
    }
    let pushType = verdict.pushType ?? .alert
    if pushType == .liveactivity {
      deliverActivityPush(id, payload: payload, priority: verdict.priority ?? 10)
      return
    }
    if pushType != .alert, pushType != .background {
      deliverToReceiver(id, type: pushType, payload: payload)
      return
    }

    if payload.aps.isBackgroundOnly || !payload.aps.hasVisibleContent {
      if payload.aps.contentAvailable {
        handleBackgroundPush(id, payload: payload.json)
      } else {
        let reason = "aps holds no alert, sound, badge or content-available: nothing to do"
        setStatus(id, .suppressed, reason: reason)
        log(.suppressed, id, .model, reason)
      }
      return
    }

    let content = makeContent(payload, body: validation.document?.bytes, push: id)
    if payload.aps.contentAvailable { wakeForMixedPush(id, payload: payload.json) }
    let identifier = verdict.collapseID ?? freshIdentifier()
    history[id]?.requestIdentifier = identifier
    let request = NotificationRequest(identifier: identifier, content: content, date: clock.now)
    if handOverToExtension(
      id, request: request, mutableContent: payload.aps.mutableContent,
      // Filtering works only for pushes sent with `apns-push-type: alert` (Behavior.md §6.1).
      alertPush: verdict.pushType == .alert && !verdict.pushTypeWasInferred)
    {
      return
    }
    present(id, request: request)
  }
}
