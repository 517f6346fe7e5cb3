/// A call in the call history (`INCallRecord`).
open class INCallRecord: NSObject, NSCopying {
  /// The record's identifier.
  public let identifier: String
  /// When the call was made.
  public let dateCreated: Date?
  /// What kind of call it was.
  public let callRecordType: INCallRecordType
  /// Audio or video.
  public let callCapability: INCallCapability
  /// How long the call lasted, in seconds.
  public let callDuration: Double?
  /// Whether the user has not seen the record.
  public let unseen: Bool?
  /// The call's participants (iOS 14.5).
  public let participants: [INPerson]?
  /// How many calls the record stands for (iOS 14.5).
  public let numberOfCalls: Int?
  /// Whether the caller's id was blocked (iOS 14.5).
  public let isCallerIdBlocked: Bool?

  /// A call record with its participants (iOS 14.5).
  public init(
    identifier: String, dateCreated: Date? = nil, callRecordType: INCallRecordType,
    callCapability: INCallCapability, callDuration: Double? = nil, unseen: Bool? = nil,
    participants: [INPerson]?, numberOfCalls: Int?, isCallerIdBlocked: Bool?
  ) {
    self.identifier = identifier
    self.dateCreated = dateCreated
    self.callRecordType = callRecordType
    self.callCapability = callCapability
    self.callDuration = callDuration
    self.unseen = unseen
    self.participants = participants
    self.numberOfCalls = numberOfCalls
    self.isCallerIdBlocked = isCallerIdBlocked
    super.init()
  }

  /// A call record without participants.
  public convenience init(
    identifier: String, dateCreated: Date? = nil, callRecordType: INCallRecordType,
    callCapability: INCallCapability, callDuration: Double? = nil, unseen: Bool? = nil
  ) {
    self.init(
      identifier: identifier, dateCreated: dateCreated, callRecordType: callRecordType,
      callCapability: callCapability, callDuration: callDuration, unseen: unseen,
      participants: nil, numberOfCalls: nil, isCallerIdBlocked: nil)
  }

  /// Records are immutable: a copy is the record itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Which call records an intent refers to (`INCallRecordFilter`, iOS 14.5).
open class INCallRecordFilter: NSObject, NSCopying {
  /// The calls' participants.
  public let participants: [INPerson]?
  /// The kinds of calls.
  public let callTypes: INCallRecordTypeOptions
  /// Audio or video.
  public let callCapability: INCallCapability

  /// A filter.
  public init(
    participants: [INPerson]?, callTypes: INCallRecordTypeOptions, callCapability: INCallCapability
  ) {
    self.participants = participants
    self.callTypes = callTypes
    self.callCapability = callCapability
    super.init()
  }

  /// Filters are immutable: a copy is the filter itself (`NSCopying`).
  open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The audio route of a call (`INCallAudioRoute`).
public enum INCallAudioRoute: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// The speakerphone.
  case speakerphoneAudioRoute = 1
  /// A Bluetooth device.
  case bluetoothAudioRoute = 2
}

/// Where a call goes (`INCallDestinationType`).
public enum INCallDestinationType: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// Its expected destination.
  case normal = 1
  /// An emergency number.
  case emergency = 2
  /// The user's voicemail.
  case voicemail = 3
  /// A redial of a previous call.
  case redial = 4
  /// A call back (iOS 13).
  case callBack = 5
}

/// Audio or video (`INCallCapability`).
public enum INCallCapability: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// An audio call.
  case audioCall = 1
  /// A video call.
  case videoCall = 2
}

/// The kind of a call record (`INCallRecordType`).
public enum INCallRecordType: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// An outgoing call.
  case outgoing = 1
  /// A missed call.
  case missed = 2
  /// A received call.
  case received = 3
  /// The latest call.
  case latest = 4
  /// A voicemail.
  case voicemail = 5
  /// A ringing call.
  case ringing = 6
  /// A call in progress.
  case inProgress = 7
  /// A call on hold.
  case onHold = 8
}

/// Kinds of call records, as a set (`INCallRecordTypeOptions`).
public struct INCallRecordTypeOptions: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt
  /// Options from their bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Outgoing calls.
  public static let outgoing = Self(rawValue: 1 << 0)
  /// Missed calls.
  public static let missed = Self(rawValue: 1 << 1)
  /// Received calls.
  public static let received = Self(rawValue: 1 << 2)
  /// The latest call.
  public static let latest = Self(rawValue: 1 << 3)
  /// Voicemails.
  public static let voicemail = Self(rawValue: 1 << 4)
  /// Ringing calls.
  public static let ringing = Self(rawValue: 1 << 5)
  /// Calls in progress.
  public static let inProgress = Self(rawValue: 1 << 6)
  /// Calls on hold.
  public static let onHold = Self(rawValue: 1 << 7)
}
