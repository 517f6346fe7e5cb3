public import PushCore

/// What `pushsim validate --app FILE` checks a payload against: the app's registered
/// categories, shipped sounds and entitlements (CommandLine.md; ScenarioFormat.md, `app`).
///
/// A small view of the app description; the device layer reads the full configuration.
public struct AppFacts: Sendable, Hashable {
  /// Identifiers of the registered `UNNotificationCategory`s.
  public var categories: Set<String>
  /// The sound files the app ships; `nil` means unknown (any name plays).
  public var sounds: Set<String>?
  /// Entitlements: `time-sensitive`, `critical-alerts`.
  public var entitlements: Set<String>
  /// `developmentRegion`: the localization used when no preferred language matches
  /// (Rules.md §3); `nil` when the description does not say (the default is `en`).
  public var developmentRegion: String?

  /// Creates app facts.
  public init(
    categories: Set<String> = [], sounds: Set<String>? = nil, entitlements: Set<String> = [],
    developmentRegion: String? = nil
  ) {
    self.categories = categories
    self.sounds = sounds
    self.entitlements = entitlements
    self.developmentRegion = developmentRegion
  }

  /// Reads the `categories[].id`, `sounds`, `entitlements` and `developmentRegion` fields of an
  /// app description
  /// (or of a scenario's `app` object); other fields are ignored.
  ///
  /// - Throws: ``AppFactsError`` when the text is not JSON or a field has the wrong shape.
  public init(json bytes: [UInt8]) throws(AppFactsError) {
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: bytes)
    } catch {
      throw AppFactsError(message: error.message, position: error.position)
    }
    var app = document.root
    if app.objectValue == nil {
      throw AppFactsError(
        message: "an app description must be a JSON object", position: document.position(of: app))
    }
    if let inner = app["app"], inner.objectValue != nil, app["bundleId"] == nil { app = inner }
    func strings(_ value: JSONValue, _ field: String) throws(AppFactsError) -> Set<String> {
      guard let elements = value.arrayValue else {
        throw AppFactsError(
          message: "'\(field)' must be an array of strings", position: document.position(of: value))
      }
      var result = Set<String>()
      for element in elements {
        guard let text = element.stringValue else {
          throw AppFactsError(
            message: "'\(field)' must hold strings, found \(element.typeName)",
            position: document.position(of: element))
        }
        result.insert(text)
      }
      return result
    }
    self.init()
    if let categories = app["categories"] {
      guard let elements = categories.arrayValue else {
        throw AppFactsError(
          message: "'categories' must be an array of objects",
          position: document.position(of: categories))
      }
      for category in elements {
        guard let id = category["id"]?.stringValue else {
          throw AppFactsError(
            message: "a category needs an 'id' string", position: document.position(of: category))
        }
        self.categories.insert(id)
      }
    }
    if let sounds = app["sounds"] { self.sounds = try strings(sounds, "sounds") }
    if let entitlements = app["entitlements"] {
      self.entitlements = try strings(entitlements, "entitlements")
    }
    if let region = app["developmentRegion"] {
      guard let text = region.stringValue, !text.isEmpty else {
        throw AppFactsError(
          message: "'developmentRegion' must be a language tag string",
          position: document.position(of: region))
      }
      developmentRegion = text
    }
  }
}

/// Why an app description could not be read, and where.
public struct AppFactsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// Where, in the app file.
  public var position: SourcePosition

  /// Creates an error.
  public init(message: String, position: SourcePosition) {
    self.message = message
    self.position = position
  }

  /// `line:column: message`.
  public var description: String { "\(position): \(message)" }
}
