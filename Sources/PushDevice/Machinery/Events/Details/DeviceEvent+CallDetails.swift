import PushCore

// The details of the events of PushKit, CallKit and VoIP pushes.

extension DeviceEvent {
  /// `pushkit.token`.
  package struct PushKitToken: EventDetails {
    /// The push type.
    var type: String
    var token: String

    package static let kind = EventKind.pushKitToken
    package static let fields: [RecordField<Self>] = [
      .string("type") { $0.type }, .string("token") { $0.token },
    ]
  }

  /// `pushkit.completed`.
  package struct PushKitCompleted: EventDetails {
    var completed: Bool
    /// Whether the app reported a call to CallKit first.
    var reported: Bool

    package static let kind = EventKind.pushKitCompleted
    package static let fields: [RecordField<Self>] = [
      .bool("completed") { $0.completed }, .bool("reported") { $0.reported },
    ]
  }

  /// `callkit.incoming`: with the app's own code, the call it reported.
  package struct CallKitIncoming: EventDetails {
    var uuid: String?
    var caller: String?
    var hasVideo: Bool?

    package static let kind = EventKind.callKitIncoming
    package static let fields: [RecordField<Self>] = [
      .string("uuid") { $0.uuid }, .string("caller") { $0.caller },
      .bool("hasVideo") { $0.hasVideo },
    ]
  }

  /// `callkit.refused`.
  package struct CallKitRefused: EventDetails {
    var uuid: String
    /// The `CXErrorCodeIncomingCallError` code.
    var error: Int
    var maximumCallGroups: Int?

    package static let kind = EventKind.callKitRefused
    package static let fields: [RecordField<Self>] = [
      .string("uuid") { $0.uuid }, .integer("error") { $0.error },
      .integer("maximumCallGroups") { $0.maximumCallGroups },
    ]
  }

  /// `callkit.ended`.
  package struct CallKitEnded: EventDetails {
    var uuid: String
    /// The `CXCallEndedReason` raw value.
    var reason: Int

    package static let kind = EventKind.callKitEnded
    package static let fields: [RecordField<Self>] = [
      .string("uuid") { $0.uuid }, .integer("reason") { $0.reason },
    ]
  }

  /// `callkit.action`.
  package struct CallKitAction: EventDetails {
    /// `start`, `answer`, `end`, `setHeld` or `setMuted`.
    var action: String
    var uuid: String
    var handle: String?
    var isVideo: Bool?
    var onHold: Bool?
    var muted: Bool?

    package static let kind = EventKind.callKitAction
    package static let fields: [RecordField<Self>] = [
      .string("action") { $0.action }, .string("uuid") { $0.uuid },
      .string("handle") { $0.handle }, .bool("isVideo") { $0.isVideo },
      .bool("onHold") { $0.onHold }, .bool("muted") { $0.muted },
    ]
  }

  /// `callkit.transactionRefused`.
  package struct CallKitTransactionRefused: EventDetails {
    var uuid: String
    /// The `CXErrorCodeRequestTransactionError` code.
    var error: Int

    package static let kind = EventKind.callKitTransactionRefused
    package static let fields: [RecordField<Self>] = [
      .string("uuid") { $0.uuid }, .integer("error") { $0.error },
    ]
  }

  /// `callkit.outgoing`.
  package struct CallKitOutgoing: EventDetails {
    var uuid: String
    /// `connecting` or `connected`.
    var stage: String

    package static let kind = EventKind.callKitOutgoing
    package static let fields: [RecordField<Self>] = [
      .string("uuid") { $0.uuid }, .string("stage") { $0.stage },
    ]
  }

  /// `callkit.voipPayloadRefused`.
  package struct CallKitVoIPPayloadRefused: EventDetails {
    /// The `CXErrorCodeNotificationServiceExtensionError` code.
    var error: Int

    package static let kind = EventKind.callKitVoIPPayloadRefused
    package static let fields: [RecordField<Self>] = [.integer("error") { $0.error }]
  }

  /// `voip.terminated`.
  package struct VoIPTerminated: EventDetails {
    /// VoIP pushes the app failed to report so far.
    var failures: Int

    package static let kind = EventKind.voipTerminated
    package static let fields: [RecordField<Self>] = [.integer("failures") { $0.failures }]
  }
}
