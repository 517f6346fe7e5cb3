import PushCore
import PushPayload

// The details of the events of the app, its delegate, its extension and its own code.

extension DeviceEvent {
  /// `delegate.willPresent`: the options the delegate chose.
  package struct DelegateWillPresent: EventDetails {
    /// The options' names (`banner`, `sound`, …).
    var options: [String]

    package static let kind = EventKind.delegateWillPresent
    package static let fields: [RecordField<Self>] = [.strings("options") { $0.options }]
  }

  /// `delegate.didReceive`: `completed: false` when the handler was not called.
  package struct DelegateDidReceive: EventDetails {
    /// `false` when the delegate did not call its completion handler or lacks the method.
    var completed: Bool?

    package static let kind = EventKind.delegateDidReceive
    package static let fields: [RecordField<Self>] = [.bool("completed") { $0.completed }]
  }

  /// `app.remoteNotification`: what the handler passed, or that it never answered.
  package struct RemoteNotificationHandled: EventDetails {
    /// The fetch result (`newData`, `noData`, `failed`).
    var result: String?
    /// `false` when the handler never called its completion.
    var completed: Bool?

    package static let kind = EventKind.remoteNotificationHandled
    package static let fields: [RecordField<Self>] = [
      .string("result") { $0.result }, .bool("completed") { $0.completed },
    ]
  }

  /// `authorization.requested`: the user's answer to the prompt, when it showed.
  package struct AuthorizationRequested: EventDetails {
    /// Whether the user allowed notifications.
    var granted: Bool?

    package static let kind = EventKind.authorizationRequested
    package static let fields: [RecordField<Self>] = [.bool("granted") { $0.granted }]
  }

  /// `local.scheduled`: the request added.
  package struct LocalScheduled: EventDetails {
    /// The request's identifier.
    var identifier: String

    package static let kind = EventKind.localScheduled
    package static let fields: [RecordField<Self>] = [.string("identifier") { $0.identifier }]
  }

  /// `local.fired`: the request that fired.
  package struct LocalFired: EventDetails {
    /// The request's identifier.
    var identifier: String
    /// `true` on the last firing logged: later ones are counted (Rules.md §9.9).
    var counted: Bool?

    package static let kind = EventKind.localFired
    package static let fields: [RecordField<Self>] = [
      .string("identifier") { $0.identifier }, .bool("counted") { $0.counted },
    ]
  }

  /// `center.removed`: the notifications the app removed.
  package struct CenterRemoved: EventDetails {
    /// Their pushes.
    var notifications: [String]

    package static let kind = EventKind.centerRemoved
    package static let fields: [RecordField<Self>] = [
      .strings("notifications") { $0.notifications }
    ]
  }

  /// `extension.finished`: what was delivered.
  package struct ExtensionFinished: EventDetails {
    /// `modified`, `original`, `suppressed`, …
    var delivered: String
    /// What `didReceive` threw, when it did.
    var error: String?

    package static let kind = EventKind.extensionFinished
    package static let fields: [RecordField<Self>] = [
      .string("delivered") { $0.delivered }, .string("error") { $0.error },
    ]
  }

  /// `extension.timeout`: what was delivered.
  package struct ExtensionTimeout: EventDetails {
    /// `bestAttempt` or `original`, …
    var delivered: String

    package static let kind = EventKind.extensionTimeout
    package static let fields: [RecordField<Self>] = [.string("delivered") { $0.delivered }]
  }

  /// `app.log`: where the line came from.
  package struct AppLog: EventDetails {
    /// `default`, `info`, `debug`, `error` or `fault`.
    var level: String
    /// The logger's subsystem.
    var subsystem: String
    /// The logger's category.
    var category: String
    /// The text with private values in full, when it differs from the reason.
    var console: String?

    package static let kind = EventKind.appLog
    package static let fields: [RecordField<Self>] = [
      .string("level") { $0.level }, .string("subsystem") { $0.subsystem },
      .string("category") { $0.category }, .string("console") { $0.console },
    ]
  }

  /// `app.eventsDropped`: how many events of the app's code were counted, not kept.
  package struct AppEventsDropped: EventDetails {
    /// Which bound.
    var code: AppEventsDroppedCode
    /// How many.
    var dropped: Int
    /// How many of each kind, by kind.
    var kinds: [(kind: EventKind, count: Int)]
    /// The bound.
    var limit: Int

    package static let kind = EventKind.appEventsDropped
    package static let fields: [RecordField<Self>] = [
      .code { $0.code }, .integer("dropped") { $0.dropped },
      RecordField("kinds", .any) { details in
        .json(
          JSONValue(
            .object(
              JSONObject(
                distinctMembers: details.kinds.map {
                  JSONMember(key: $0.kind.rawValue, value: JSONValue(.number(JSONNumber($0.count))))
                }))))
      },
      .integer("limit") { $0.limit },
    ]
  }

  /// `app.request`: the request and the answer.
  package struct AppRequest: EventDetails {
    var method: String
    var url: String
    var status: Int
    /// The answer's body size.
    var bytes: Int
    /// The request's body size.
    var requestBytes: Int
    var contentType: String?
    /// After a redirect: the URL that answered.
    var finalURL: String?
    var redirects: Int?

    package static let kind = EventKind.appRequest
    package static let fields: [RecordField<Self>] = [
      .string("method") { $0.method }, .string("url") { $0.url },
      .integer("status") { $0.status }, .integer("bytes") { $0.bytes },
      .integer("requestBytes") { $0.requestBytes }, .string("contentType") { $0.contentType },
      .string("finalURL") { $0.finalURL }, .integer("redirects") { $0.redirects },
    ]
  }

  /// `app.requestFailed`: the request and why it got no answer.
  package struct AppRequestFailed: EventDetails {
    var method: String
    var url: String
    /// A media failure code.
    var code: MediaFetchError.Code
    var httpStatus: Int?

    package static let kind = EventKind.appRequestFailed
    package static let fields: [RecordField<Self>] = [
      .string("method") { $0.method }, .string("url") { $0.url },
      .string("code") { $0.code.rawValue }, .integer("httpStatus") { $0.httpStatus },
    ]
  }

  /// `app.registered`: the device token issued.
  package struct AppRegistered: EventDetails {
    var token: String

    package static let kind = EventKind.appRegistered
    package static let fields: [RecordField<Self>] = [.string("token") { $0.token }]
  }

  /// `app.registrationFailed`: the error the app got.
  package struct AppRegistrationFailed: EventDetails {
    var domain: String
    var code: Int

    package static let kind = EventKind.appRegistrationFailed
    package static let fields: [RecordField<Self>] = [
      .string("domain") { $0.domain }, .integer("code") { $0.code },
    ]
  }

  /// `intent.donated`: the intent's class and direction.
  package struct IntentDonated: EventDetails {
    var intent: String
    var direction: String

    /// Details of a donation.
    package init(intent: String, direction: String) {
      self.intent = intent
      self.direction = direction
    }

    package static let kind = EventKind.intentDonated
    package static let fields: [RecordField<Self>] = [
      .string("intent") { $0.intent }, .string("direction") { $0.direction },
    ]
  }

  /// `content.updated`: the intent the content came from.
  package struct ContentUpdated: EventDetails {
    var intent: String
    var sender: String?

    /// Details of an update from `intent`.
    package init(intent: String, sender: String?) {
      self.intent = intent
      self.sender = sender
    }

    package static let kind = EventKind.contentUpdated
    package static let fields: [RecordField<Self>] = [
      .string("intent") { $0.intent }, .string("sender") { $0.sender },
    ]
  }

  /// `content.updateFailed`: the `UNError` code `updating(from:)` threw.
  package struct ContentUpdateFailed: EventDetails {
    var code: Int

    /// Details of a refusal with `code`.
    package init(code: Int) { self.code = code }

    package static let kind = EventKind.contentUpdateFailed
    package static let fields: [RecordField<Self>] = [.integer("code") { $0.code }]
  }

  /// `communication`: what the communication notification shows.
  package struct Communication: EventDetails {
    var intent: String
    var sender: String?
    var group: String?
    /// Where the avatar came from.
    var avatar: String?

    package static let kind = EventKind.communication
    package static let fields: [RecordField<Self>] = [
      .string("intent") { $0.intent }, .string("sender") { $0.sender },
      .string("group") { $0.group }, .string("avatar") { $0.avatar },
    ]
  }

  /// `communication.plain`: the intent, when the app's `NSUserActivityTypes` lacks it.
  package struct CommunicationPlain: EventDetails {
    var intent: String?

    package static let kind = EventKind.communicationPlain
    package static let fields: [RecordField<Self>] = [.string("intent") { $0.intent }]
  }

  /// `media.fetched`: the download.
  package struct MediaFetched: EventDetails {
    var url: String
    var finalURL: String
    var bytes: Int
    /// The media type.
    var type: String
    var httpStatus: Int
    var redirects: Int

    package static let kind = EventKind.mediaFetched
    package static let fields: [RecordField<Self>] = [
      .string("url") { $0.url }, .string("finalURL") { $0.finalURL },
      .integer("bytes") { $0.bytes }, .string("type") { $0.type },
      .integer("httpStatus") { $0.httpStatus }, .integer("redirects") { $0.redirects },
    ]
  }

  /// `media.failed`: why the download failed.
  package struct MediaFailed: EventDetails {
    /// The media failure code.
    var code: MediaFetchError.Code
    var url: String?
    /// The payload key that held the URL.
    var key: String?
    var httpStatus: Int?
    var bytesReceived: Int?

    /// Details of a failure.
    package init(
      code: MediaFetchError.Code, url: String? = nil, key: String? = nil,
      httpStatus: Int? = nil, bytesReceived: Int? = nil
    ) {
      self.code = code
      self.url = url
      self.key = key
      self.httpStatus = httpStatus
      self.bytesReceived = bytesReceived
    }

    package static let kind = EventKind.mediaFailed
    package static let fields: [RecordField<Self>] = [
      .string("code") { $0.code.rawValue }, .string("url") { $0.url },
      .string("key") { $0.key }, .integer("httpStatus") { $0.httpStatus },
      .integer("bytesReceived") { $0.bytesReceived },
    ]
  }

  /// `attachment.rejected`: the `UNError` code and the attachment's URL.
  package struct AttachmentRejected: EventDetails {
    var code: AttachmentValidationError.Code
    var url: String

    package static let kind = EventKind.attachmentRejected
    package static let fields: [RecordField<Self>] = [
      .string("code") { $0.code.rawValue }, .string("url") { $0.url },
    ]
  }
}
