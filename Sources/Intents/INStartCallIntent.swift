/// A call started or received (`INStartCallIntent`): the intent a calling app donates for an
/// incoming call, and gives `UNNotificationContent.updating(from:)` to make a communication
/// notification, such as a missed call's (Rules.md §16).
///
/// For an incoming call, ``contacts`` holds the caller first (and, in a group call, the other
/// participants but the device's user); a group call's image is set on
/// `\.callRecordToCallBack`.
open class INStartCallIntent: INIntent {
  /// Which call record the call refers to (iOS 14.5).
  public let callRecordFilter: INCallRecordFilter?
  /// The call record to call back (iOS 14.5).
  public let callRecordToCallBack: INCallRecord?
  /// The audio route (iOS 14.5).
  public let audioRoute: INCallAudioRoute
  /// Where the call goes (iOS 14.5).
  public let destinationType: INCallDestinationType
  /// The people of the call: for an incoming call, the caller first.
  public let contacts: [INPerson]?
  /// Audio or video.
  public let callCapability: INCallCapability
  /// The kind of call record to redial (deprecated in 14.5).
  public let recordTypeForRedialing: INCallRecordType

  /// The designated initializer (iOS 14.5).
  public init(
    callRecordFilter: INCallRecordFilter?, callRecordToCallBack: INCallRecord?,
    audioRoute: INCallAudioRoute, destinationType: INCallDestinationType, contacts: [INPerson]?,
    callCapability: INCallCapability
  ) {
    self.callRecordFilter = callRecordFilter
    self.callRecordToCallBack = callRecordToCallBack
    self.audioRoute = audioRoute
    self.destinationType = destinationType
    self.contacts = contacts
    self.callCapability = callCapability
    self.recordTypeForRedialing = .unknown
    super.init()
  }

  /// The iOS 13 form (deprecated in 14.5).
  @available(*, deprecated, message: "Use the designated initializer instead")
  public init(
    audioRoute: INCallAudioRoute, destinationType: INCallDestinationType, contacts: [INPerson]?,
    recordTypeForRedialing: INCallRecordType, callCapability: INCallCapability
  ) {
    self.callRecordFilter = nil
    self.callRecordToCallBack = nil
    self.audioRoute = audioRoute
    self.destinationType = destinationType
    self.contacts = contacts
    self.callCapability = callCapability
    self.recordTypeForRedialing = recordTypeForRedialing
    super.init()
  }

  /// A copy with this intent's values, identifier, images and a copy of its donation metadata
  /// as they are now (`NSCopying`): later changes to this intent do not reach the copy.
  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = INStartCallIntent(copying: self)
    copyImagesAndMetadata(to: copy)
    return copy
  }

  /// An intent with `other`'s values and identifier.
  private init(copying other: INStartCallIntent) {
    callRecordFilter = other.callRecordFilter
    callRecordToCallBack = other.callRecordToCallBack
    audioRoute = other.audioRoute
    destinationType = other.destinationType
    contacts = other.contacts
    callCapability = other.callCapability
    recordTypeForRedialing = other.recordTypeForRedialing
    super.init(copyOf: other)
  }

  package override func parameterName(for keyPath: AnyKeyPath) -> String? {
    switch keyPath {
    case \INStartCallIntent.callRecordToCallBack: "callRecordToCallBack"
    case \INStartCallIntent.contacts: "contacts"
    case \INStartCallIntent.callRecordFilter: "callRecordFilter"
    default: nil
    }
  }
}
