import Foundation
public import PushDevice
import PushPayload

extension ConfigurationDocument {
  /// The section as a node, for typed reads with positions.
  var node: Node { Node(root: JSONValue(.object(object)), source: source) }

  /// The device settings this `device` section describes, defaults filled in
  /// (ScenarioFormat.md, device).
  public func deviceConfiguration() throws(ScenarioError) -> DeviceConfiguration {
    try DeviceConfiguration(decoding: node)
  }

  /// The app this `app` section describes, defaults filled in (ScenarioFormat.md, app).
  public func appConfiguration() throws(ScenarioError) -> AppConfiguration {
    try AppConfiguration(decoding: node)
  }
}

extension DeviceConfiguration {
  /// The fields of a `device` section.
  static let scenarioFields = [
    "languages", "now", "timeZone", "locked", "muted", "online", "focus", "scheduledSummary",
    "silentPushBudgetPerHour", "userAllowsNotifications", "iosVersion", "liveActivities",
  ]

  /// Reads a `device` section (whole, or a `set` step's part); absent fields keep their
  /// defaults, unknown ones are errors.
  init(decoding node: Node) throws(ScenarioError) {
    let object = try node.object(allowing: Self.scenarioFields)
    self.init()
    if let node = object.optional("languages") {
      let languages = try node.strings()
      guard !languages.isEmpty else {
        throw node.error("\"languages\" needs at least one language")
      }
      self.languages = languages
    }
    if let node = object.optional("now") { now = try node.instant() }
    if let node = object.optional("timeZone") {
      let name = try node.string()
      guard let zone = TimeZone(identifier: name) else {
        throw node.error(
          "unknown time zone \"\(name)\"; use an IANA name such as \"Europe/Madrid\"")
      }
      timeZone = zone
    }
    if let node = object.optional("locked") { locked = try node.bool() }
    if let node = object.optional("muted") { muted = try node.bool() }
    if let node = object.optional("online") { online = try node.bool() }
    if let node = object.optional("focus") {
      let focus = try node.object(
        allowing: ["name", "allowedApps", "filterCriteria", "allowedPeople"])
      var configuration = FocusConfiguration()
      if let name = focus.optional("name") { configuration.name = try name.string() }
      if let apps = focus.optional("allowedApps") { configuration.allowedApps = try apps.strings() }
      if let filter = focus.optional("filterCriteria") {
        configuration.filterCriteria = try filter.strings()
      }
      if let people = focus.optional("allowedPeople") {
        configuration.allowedPeople = try people.strings()
      }
      self.focus = configuration
    }
    if let node = object.optional("scheduledSummary") {
      let summary = try node.object(allowing: ["times", "apps"])
      var times: [DailyTime] = []
      for time in try summary.optional("times")?.array() ?? [] {
        guard let daily = DailyTime(try time.string()) else {
          throw time.error(
            "\"\(time.value.stringValue ?? "")\" is not a daily time such as \"08:00\"")
        }
        times.append(daily)
      }
      let apps = try summary.optional("apps")?.strings() ?? []
      scheduledSummary = ScheduledSummaryConfiguration(times: times, apps: apps)
    }
    if let node = object.optional("userAllowsNotifications") {
      userAllowsNotifications = try node.bool()
    }
    if let node = object.optional("silentPushBudgetPerHour") {
      let budget = try node.int()
      guard budget >= 0 else { throw node.error("\"silentPushBudgetPerHour\" cannot be negative") }
      silentPushBudgetPerHour = budget
    }
    if let node = object.optional("iosVersion") { iosVersion = try IOSVersion(decoding: node) }
    if let node = object.optional("liveActivities") {
      liveActivities = try LiveActivityDeviceSettings(decoding: node, over: liveActivities)
    }
  }
}

extension Node {
  /// A string that names a case of `type` (by raw value), with a suggestion otherwise.
  func enumeration<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(ScenarioError) -> T
  where T.RawValue == String {
    let text = try oneOf(T.allCases.map(\.rawValue))
    guard let value = T(rawValue: text) else { throw error("unknown value \"\(text)\"") }
    return value
  }

  /// A set of enumeration cases from an array of raw values.
  func enumerationSet<T: RawRepresentable & CaseIterable & Hashable>(
    _ type: T.Type
  ) throws(ScenarioError) -> Set<T> where T.RawValue == String {
    var result = Set<T>()
    for element in try array() { result.insert(try element.enumeration(type)) }
    return result
  }

  /// A file URL from an absolute path (paths were resolved when the section was read).
  func fileURL() throws(ScenarioError) -> URL {
    let path = try string()
    return URL(fileURLWithPath: path, relativeTo: source.folder).standardizedFileURL
  }
}

extension AppConfiguration {
  /// The fields of an `app` section.
  static let scenarioFields = [
    "bundleId", "name", "strings", "developmentRegion", "state", "authorization", "entitlements",
    "settings", "backgroundModes", "sounds", "foregroundPresentation", "categories",
    "serviceExtension", "media", "requests", "ats", "routes", "activities", "liveActivities",
    "pushTypes", "appGroups", "userActivityTypes", "focusStatusAuthorization",
  ]

  /// Reads an `app` section (whole, from an app file, or a `set` step's part); absent fields
  /// keep their defaults, unknown ones are errors.
  init(decoding node: Node) throws(ScenarioError) {
    let object = try node.object(allowing: Self.scenarioFields)
    self.init()
    if let node = object.optional("bundleId") { bundleId = try node.nonEmptyString() }
    if let node = object.optional("name") { name = try node.string() }
    if let node = object.optional("strings") { strings = try node.fileURL() }
    if let node = object.optional("developmentRegion") {
      developmentRegion = try node.nonEmptyString()
    }
    if let node = object.optional("state") { state = try node.enumeration(AppState.self) }
    if let node = object.optional("authorization") {
      let fields = try node.object(allowing: ["status", "options"])
      if let status = fields.optional("status") {
        authorization.status = try status.enumeration(NotificationAuthorization.Status.self)
      }
      if let options = fields.optional("options") {
        authorization.options = try options.enumerationSet(NotificationAuthorization.Option.self)
      }
    }
    if let node = object.optional("entitlements") {
      entitlements = try node.enumerationSet(Entitlement.self)
    }
    if let node = object.optional("settings") {
      let fields = try node.object(allowing: ["grouping", "showPreviews", "timeSensitive"])
      if let value = fields.optional("grouping") {
        settings.grouping = try value.enumeration(AppNotificationSettings.Grouping.self)
      }
      if let value = fields.optional("showPreviews") {
        settings.showPreviews = try value.enumeration(AppNotificationSettings.ShowPreviews.self)
      }
      if let value = fields.optional("timeSensitive") { settings.timeSensitive = try value.bool() }
    }
    if let node = object.optional("backgroundModes") {
      backgroundModes = try node.enumerationSet(BackgroundMode.self)
    }
    if let node = object.optional("sounds") { sounds = try node.strings() }
    if let node = object.optional("foregroundPresentation") {
      foregroundPresentation = try node.enumerationSet(PresentationOption.self)
    }
    if let node = object.optional("categories") {
      categories = []
      for element in try node.array() {
        categories.append(try NotificationCategory(decoding: element))
      }
    }
    if let node = object.optional("serviceExtension") {
      let fields = try node.object(
        allowing: ["kind", "urlKeys", "fetch", "budget", "entitlements"])
      var configuration = ServiceExtensionConfiguration()
      if let kind = fields.optional("kind") {
        configuration.kind = try kind.enumeration(ServiceExtensionConfiguration.Kind.self)
      }
      if let keys = fields.optional("urlKeys") { configuration.urlKeys = try keys.strings() }
      if let fetch = fields.optional("fetch") {
        configuration.fetch = try fetch.enumeration(ServiceExtensionConfiguration.FetchMode.self)
      }
      if let budget = fields.optional("budget") {
        configuration.budget = try budget.duration()
        guard configuration.budget <= ServiceExtensionConfiguration.longestBudget else {
          throw budget.error(
            "a budget of \(ScenarioTime.format(configuration.budget)) is longer than the 30s iOS "
              + "gives a service extension; write at most 30s")
        }
      }
      if let node = fields.optional("entitlements") {
        configuration.entitlements = try node.enumerationSet(Entitlement.self)
      }
      serviceExtension = configuration
    }
    var entries: [String: MediaManifest.Entry] = [:]
    for table in ["media", "requests"] {
      guard let node = object.optional(table) else { continue }
      for (key, entryNode) in try node.object(allowing: nil).fields {
        let normalized = try MediaManifest.Entry.key(decoding: key, at: entryNode)
        guard entries[normalized] == nil else {
          throw entryNode.error(
            "\(key) is answered twice (in media and in requests): keep one entry")
        }
        entries[normalized] = try MediaManifest.Entry(decoding: entryNode)
      }
    }
    if object.optional("media") != nil || object.optional("requests") != nil {
      media = MediaManifest(entries: entries)
    }
    if let node = object.optional("ats") {
      let fields = try node.object(
        allowing: ["allowsArbitraryLoads", "allowsLocalNetworking", "exceptionDomains"])
      if let value = fields.optional("allowsArbitraryLoads") {
        ats.allowsArbitraryLoads = try value.bool()
      }
      if let value = fields.optional("allowsLocalNetworking") {
        ats.allowsLocalNetworking = try value.bool()
      }
      if let value = fields.optional("exceptionDomains") {
        for (domain, exceptionNode) in try value.object(allowing: nil).fields {
          let exception = try exceptionNode.object(
            allowing: ["allowsInsecureHTTPLoads", "includesSubdomains"])
          var settings = ATSSettings.ExceptionDomain()
          if let flag = exception.optional("allowsInsecureHTTPLoads") {
            settings.allowsInsecureHTTPLoads = try flag.bool()
          }
          if let flag = exception.optional("includesSubdomains") {
            settings.includesSubdomains = try flag.bool()
          }
          ats.exceptionDomains[domain] = settings
        }
      }
    }
    if let node = object.optional("routes") {
      routes = []
      for element in try node.array() { routes.append(try RouteConfiguration(decoding: element)) }
    }
    if let node = object.optional("liveActivities") {
      liveActivities = try LiveActivityConfiguration(decoding: node, over: liveActivities)
    }
    if let node = object.optional("activities") {
      liveActivities.types = try LiveActivityConfiguration.types(decoding: node)
    }
    if let node = object.optional("pushTypes") {
      pushTypes = try PushTypeConfiguration(decoding: node, over: pushTypes)
    }
    if let node = object.optional("appGroups") { appGroups = try Self.appGroups(decoding: node) }
    if let node = object.optional("userActivityTypes") { userActivityTypes = try node.strings() }
    if let node = object.optional("focusStatusAuthorization") {
      focusStatusAuthorization = try node.enumeration(FocusStatusAuthorization.self)
    }
  }

  /// Reads `appGroups`: identifiers as the entitlement holds them, `group.` and a name of
  /// letters, digits, `-` and `.` (Rules.md §17), each once.
  static func appGroups(decoding node: Node) throws(ScenarioError) -> [String] {
    var groups: [String] = []
    for element in try node.array() {
      let group = try element.string()
      let name = group.dropFirst(AppGroupIdentifier.prefix.count)
      guard group.hasPrefix(AppGroupIdentifier.prefix), !name.isEmpty else {
        throw element.error(
          "\(element.fieldName) is \"\(group)\": an app group identifier is \"group.\" "
            + "followed by the group's name, such as \"group.com.example.chat\"")
      }
      guard AppGroupIdentifier.isValid(group) else {
        throw element.error(
          "\(element.fieldName) is \"\(group)\": an app group's name has only letters, digits, "
            + "\"-\" and \".\"")
      }
      guard !groups.contains(group) else {
        throw element.error("\(element.fieldName): \"\(group)\" is listed twice")
      }
      groups.append(group)
    }
    return groups
  }
}

extension MediaManifest.Entry {
  /// An entry of `requests` (or `media`): a body (`file`, `json` or `text`), `latency`,
  /// `status`, `contentType` and `headers`.
  init(decoding node: Node) throws(ScenarioError) {
    let fields = try node.object(allowing: [
      "file", "json", "text", "latency", "status", "contentType", "headers",
    ])
    self.init(file: nil)
    let bodies = ["file", "json", "text"].filter { fields.optional($0) != nil }
    if bodies.count > 1 {
      throw node.error("an entry has one body: write one of file, json and text, not both")
    }
    if let file = fields.optional("file") {
      // The path the scenario's check resolved (ScenarioDecoder.resolvedApp): the file is read
      // there or not at all (Rules.md §9.6).
      self.file = try file.fileURL()
      isResolvedByScenario = true
    }
    if let json = fields.optional("json") {
      inlineBody = Data(json.value.jsonText.utf8)
      contentType = "application/json"
    }
    if let text = fields.optional("text") {
      inlineBody = Data(try text.string().utf8)
      contentType = "text/plain; charset=utf-8"
    }
    if let latency = fields.optional("latency") { self.latency = try latency.duration() }
    if let status = fields.optional("status") {
      self.status = try status.int()
      guard (100...599).contains(self.status) else {
        throw status.error("an HTTP status is from 100 to 599, not \(self.status)")
      }
    }
    if let type = fields.optional("contentType") { contentType = try type.string() }
    if let headers = fields.optional("headers") {
      for (name, value) in try headers.object(allowing: nil).fields {
        self.headers.append(AppRequest.Header(name: name, value: try value.string()))
      }
    }
  }

  /// The manifest's key for a key as written: a URL, or a method, one space and a URL
  /// (``MediaManifest/key(method:url:)``).
  static func key(decoding written: String, at node: Node) throws(ScenarioError) -> String {
    let parts = written.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return written }
    let method = String(parts[0])
    guard method.allSatisfy({ $0.isASCII && $0.isLetter }), let url = URL(string: String(parts[1]))
    else {
      throw node.error(
        "\(written.debugDescription) is neither a URL nor a method and a URL "
          + "(\"POST https://api.example.com/messages\")")
    }
    return MediaManifest.key(method: method, url: url)
  }
}

extension NotificationCategory {
  init(decoding node: Node) throws(ScenarioError) {
    let fields = try node.object(allowing: [
      "id", "actions", "options", "summaryFormat", "hiddenPreviewsBodyPlaceholder",
    ])
    self.init(id: try fields.required("id").nonEmptyString())
    for element in try fields.optional("actions")?.array() ?? [] {
      let action = try element.object(allowing: ["id", "title", "options", "textInput"])
      var decoded = NotificationAction(id: try action.required("id").nonEmptyString())
      if let title = action.optional("title") { decoded.title = try title.string() }
      if let options = action.optional("options") {
        decoded.options = try options.enumerationSet(NotificationAction.Option.self)
      }
      if let input = action.optional("textInput") {
        let inputFields = try input.object(allowing: ["button", "placeholder"])
        var textInput = NotificationAction.TextInput()
        if let button = inputFields.optional("button") { textInput.button = try button.string() }
        if let placeholder = inputFields.optional("placeholder") {
          textInput.placeholder = try placeholder.string()
        }
        decoded.textInput = textInput
      }
      actions.append(decoded)
    }
    if let value = fields.optional("options") {
      options = try value.enumerationSet(NotificationCategory.Option.self)
    }
    if let value = fields.optional("summaryFormat") { summaryFormat = try value.string() }
    if let value = fields.optional("hiddenPreviewsBodyPlaceholder") {
      hiddenPreviewsBodyPlaceholder = try value.string()
    }
  }
}

extension RouteConfiguration {
  init(decoding node: Node) throws(ScenarioError) {
    let fields = try node.object(allowing: ["name", "when", "params"])
    self.init(name: try fields.required("name").nonEmptyString())
    if let whenNode = fields.optional("when") {
      let condition = try whenNode.object(allowing: ["category", "action", "has", "equals"])
      if let category = condition.optional("category") { when.category = try category.string() }
      if let action = condition.optional("action") {
        when.action = ActionCondition(try action.nonEmptyString())
      }
      if let has = condition.optional("has") {
        if let key = has.value.stringValue {
          when.has = [key]
        } else {
          when.has = try has.strings()
        }
      }
      if let equals = condition.optional("equals") {
        for (key, value) in try equals.object(allowing: nil).fields {
          when.equals[key] = value.value
        }
      }
    }
    if let paramsNode = fields.optional("params") {
      for (name, parameterNode) in try paramsNode.object(allowing: nil).fields {
        let parameter = try parameterNode.object(allowing: ["key", "type", "required", "default"])
        var decoded = Parameter(name, key: try parameter.required("key").nonEmptyString())
        if let type = parameter.optional("type") {
          decoded.type = try type.enumeration(ParameterType.self)
        }
        if let required = parameter.optional("required") { decoded.required = try required.bool() }
        if let defaultNode = parameter.optional("default") {
          guard let value = decoded.type.read(defaultNode.value) else {
            throw defaultNode.error(
              "the default of \"\(name)\" is not of type \(decoded.type)")
          }
          decoded.default = value
        }
        params.append(decoded)
      }
    }
  }
}
