import PushPayload

/// An `ActivityAttributes` type supplied by the app's own Swift code (the Linux `ActivityKit`
/// module): the device decodes `attributes` and `content-state` with the app's `Decodable`
/// types and a real `JSONDecoder()`, instead of the fields the app file declares, so a hosted
/// app decodes pushes exactly as iOS does (Rules.md §13).
package struct HostedActivityType: Sendable {
  /// Why the app's type did not decode: where, and Swift's `DecodingError` in words.
  package struct Failure: Error, Sendable, Equatable {
    /// The path of the offending key (`aps.content-state.eta`).
    package var path: String
    /// The decoding error.
    package var message: String

    /// Creates a failure.
    package init(path: String, message: String) {
      self.path = path
      self.message = message
    }
  }

  /// Decodes a JSON object into the app's type and encodes it back (`JSONEncoder()`): the
  /// value the device keeps. `path` names the object in messages.
  package typealias Decode =
    @Sendable (_ json: JSONValue?, _ path: String) -> Result<
      JSONObject, Failure
    >

  /// The Swift type name (`String(describing: Attributes.self)`).
  package var name: String
  /// Decodes the static attributes.
  package var decodeAttributes: Decode
  /// Decodes a `ContentState`.
  package var decodeContentState: Decode

  /// Creates a hosted type.
  package init(
    name: String, decodeAttributes: @escaping Decode, decodeContentState: @escaping Decode
  ) {
    self.name = name
    self.decodeAttributes = decodeAttributes
    self.decodeContentState = decodeContentState
  }
}

extension Device {
  /// Makes the app's own Swift type decode `type`'s data from now on (the app's code called
  /// `Activity<Attributes>.request`); it takes precedence over the app file's declaration.
  package mutating func hostActivityType(_ type: HostedActivityType) {
    activityStore.hostedTypes[type.name] = type
  }

  /// The declaration for `name`: the app file's, or an empty one for a hosted type.
  func activityDeclaration(named name: String) -> ActivityTypeDeclaration? {
    if activityStore.hostedTypes[name] != nil {
      return app.liveActivities.type(named: name) ?? ActivityTypeDeclaration(name: name)
    }
    return app.liveActivities.type(named: name)
  }

  /// Decodes attributes (`contentState == false`) or a content state of `type`: with the app's
  /// own type when it is hosted, else with the declared fields.
  func decodeActivityData(
    _ json: JSONValue?, type: String, fields: [ActivityField], path: String, contentState: Bool
  ) -> Result<ActivityDecoder.DecodedObject, ActivityDecoder.Failure> {
    guard let hosted = activityStore.hostedTypes[type] else {
      return ActivityDecoder(now: clock.now).decode(json, fields: fields, path: path)
    }
    let decode = contentState ? hosted.decodeContentState : hosted.decodeAttributes
    switch decode(json, path) {
    case .success(let value): return .success(.init(value: value, lateDates: []))
    case .failure(let failure):
      return .failure(.init(path: failure.path, message: failure.message))
    }
  }
}
