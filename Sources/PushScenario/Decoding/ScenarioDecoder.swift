import Foundation
import PushDevice
import PushPayload

/// Turns a parsed scenario file into a ``Scenario``, checking every field, step and reference.
struct ScenarioDecoder {
  /// The scenario file.
  let source: SourceFile
  /// Where each step of the file's `steps` array is, when the parser did not keep them
  /// (``ScenarioLoader/parseScenario(_:)``), by the array's first byte.
  var deferredSteps: [Int: JSONDeferredArray] = [:]

  static let topLevelFields = ["name", "description", "device", "app", "steps"]
  static let pushFields = ["payload", "payloadFile", "raw", "headers", "id", "to"]

  /// Decodes the scenario whose parsed file is `root`. The tree is consumed: each step's part
  /// of it is released once the step is decoded (what the step keeps, its checks, stays).
  func decode(_ root: consuming Node) throws(ScenarioError) -> Scenario {
    let top = try root.object(allowing: Self.topLevelFields)
    let name =
      try top.optional("name")?.nonEmptyString()
      ?? source.url.deletingPathExtension().lastPathComponent
    let description = try top.optional("description")?.string()

    var device = ConfigurationDocument(source: source)
    if let node = top.optional("device") {
      _ = try DeviceConfiguration(decoding: node)
      if let object = node.value.objectValue { device.object = object }
    }
    let app = try decodeApp(top.optional("app"))
    let stepsNode = try top.required("steps")
    // Only `stepsNode` holds the steps now, so each one's tree can go once it is decoded.
    _ = consume top
    _ = consume root
    var payloadFiles: [String] = []
    let steps = try decodeSteps(consume stepsNode, payloadFiles: &payloadFiles)
    var scenario = Scenario(
      name: name, description: description, file: source.path, device: device, app: app,
      steps: steps)
    scenario.payloadFiles = payloadFiles
    return scenario
  }

  // MARK: app

  /// The `app` section: inline, or the app file a string names (paths inside it are relative
  /// to that file). The strings folder defaults to the nearest `Strings` folder.
  private func decodeApp(_ node: Node?) throws(ScenarioError) -> ConfigurationDocument {
    guard let node else {
      var object = JSONObject()
      if let strings = Self.nearestStringsFolder(from: source.folder) {
        object.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
      }
      return ConfigurationDocument(object: object, source: source)
    }
    var appNode = node
    if let reference = node.value.stringValue {
      let url = URL(fileURLWithPath: reference, relativeTo: source.folder).standardizedFileURL
      let display = ScenarioLoader.displayPath(of: reference, nextTo: source.path)
      // The app file is read, and `docs` publishes its name and strings, so it stays inside
      // the scenario's folder tree like every file a scenario reads (Rules.md §9.6).
      try Self.confine(reference, url, from: node)
      var appSource = try ScenarioLoader.read(url, displayPath: display, referencedAt: node)
      // The app file's media may lie in the scenario's trees or in the app file's own folder.
      appSource.trees = source.allowedTrees + SourceFile.trees(for: url, root: nil)
      appNode = try ScenarioLoader.parse(appSource)
    }
    var object = try Self.resolvedApp(appNode)
    if object["strings"] == nil,
      let strings = Self.nearestStringsFolder(from: appNode.source.folder)
    {
      object.append(JSONMember(key: "strings", value: JSONValue(.string(strings.path))))
    }
    return ConfigurationDocument(object: object, source: appNode.source)
  }

  /// Checks an app section (whole or partial) and rewrites its relative paths (`strings`,
  /// media `file`s) to absolute ones, so that merged sections from several files still find
  /// their files.
  static func resolvedApp(_ node: Node) throws(ScenarioError) -> JSONObject {
    _ = try AppConfiguration(decoding: node)
    let app = try node.object(allowing: nil)
    var result = JSONObject()
    for (key, field) in app.fields {
      var value = field.value
      switch key {
      case "strings":
        if let path = field.value.stringValue {
          let url = try existing(path, from: field, folder: true)
          value = JSONValue(.string(url.path), byteRange: field.value.byteRange)
        }
      case "media", "requests":
        var media = JSONObject()
        for (address, entry) in try field.object(allowing: nil).fields {
          var entryObject = JSONObject()
          for (entryKey, entryField) in try entry.object(allowing: nil).fields {
            var entryValue = entryField.value
            if entryKey == "file", let path = entryField.value.stringValue {
              // The path with its links resolved, as checked: the file is opened by this path,
              // never through a link (Rules.md §9.6).
              let url = try existing(path, from: entryField, folder: false)
              let checked = FileCheck.realPath(url.path) ?? url.path
              entryValue = JSONValue(.string(checked), byteRange: entryField.value.byteRange)
            }
            entryObject.append(
              JSONMember(
                key: entryKey, keyRange: entryField.keyOffset.map { $0..<$0 } ?? 0..<0,
                value: entryValue))
          }
          media.append(
            JSONMember(
              key: address, keyRange: entry.keyOffset.map { $0..<$0 } ?? 0..<0,
              value: JSONValue(.object(entryObject), byteRange: entry.value.byteRange)))
        }
        value = JSONValue(.object(media), byteRange: field.value.byteRange)
      default:
        break
      }
      result.append(
        JSONMember(key: key, keyRange: field.keyOffset.map { $0..<$0 } ?? 0..<0, value: value))
    }
    return result
  }

  /// The absolute URL of a path written in a file, which must exist.
  private static func existing(
    _ path: String, from node: Node, folder: Bool
  ) throws(ScenarioError) -> URL {
    let url = URL(fileURLWithPath: path, relativeTo: node.source.folder).standardizedFileURL
    try confine(path, url, from: node)
    if !folder {
      if let problem = FileCheck.problem(readingFileAt: url.path) {
        throw node.error(
          "\(ScenarioLoader.displayPath(of: path, nextTo: node.source.path)): \(problem)")
      }
      return url
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw node.error(
        "\(ScenarioLoader.displayPath(of: path, nextTo: node.source.path)): no such \(folder ? "folder" : "file")"
      )
    }
    guard isFolder.boolValue == folder else {
      throw node.error(
        "\(path) is \(folder ? "a file, expected a folder" : "a folder, expected a file")")
    }
    return url
  }

  /// A file or folder a scenario reads (`payloadFile`, the `app` file, the app's `strings`
  /// folder, a media `file`) must be named by a relative path and lie, symbolic links
  /// resolved, inside the scenario's folder tree (the folder given to `run` or `docs`, else the
  /// scenario's folder, and the current folder when the scenario is in it): `docs` publishes
  /// what it reads, so a scenario from elsewhere cannot make it read `/etc/passwd` or `~/.ssh`
  /// (Rules.md §9.6, ScenarioFormat.md, file references; `source: model`).
  static func confine(_ path: String, _ url: URL, from node: Node) throws(ScenarioError) {
    guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
      throw node.error(
        "\(path): an absolute path; a scenario names its files by paths relative to its own "
          + "file, inside its folder tree (Rules.md §9.6)")
    }
    // A missing file is reported by the existence check, with its own message.
    guard let resolved = FileCheck.realPath(url.path) else { return }
    let trees = node.source.allowedTrees
    guard trees.contains(where: { FileCheck.isInside(resolved, folder: $0) }) else {
      let display = ScenarioLoader.displayPath(of: path, nextTo: node.source.path)
      throw node.error(
        "\(display) leads outside the scenario's folder tree (\(trees.joined(separator: ", "))); "
          + "a scenario reads files only inside it (Rules.md §9.6)")
    }
  }

  /// The nearest folder named `Strings` in `folder` or a folder above it.
  static func nearestStringsFolder(from folder: URL) -> URL? {
    var current = folder.standardizedFileURL
    for _ in 0..<64 {
      let candidate = current.appendingPathComponent("Strings")
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        return candidate
      }
      let parent = current.deletingLastPathComponent()
      guard parent.path != current.path else { return nil }
      current = parent
    }
    return nil
  }

  // MARK: steps

  /// The steps; `payloadFiles` gets the absolute path of each file a push step reads, once.
  private func decodeSteps(
    _ node: consuming Node, payloadFiles: inout [String]
  ) throws(ScenarioError) -> [Step] {
    guard var elements = node.value.arrayValue else {
      _ = try node.array()  // throws: not an array
      return []
    }
    let link = node.link
    // Steps the parser did not keep are read one at a time; otherwise the array is this
    // function's alone and a decoded step's element is released (a payload's tree once its
    // body is taken). Either way the file's tree and the steps never peak together.
    let deferred = deferredSteps[node.value.byteRange.lowerBound]
    _ = consume node
    let count = deferred?.count ?? elements.count
    let source = source
    // A step as read, with the byte range of its push's inline payload when that object was
    // checked but not built: the body is its bytes (``compactBody(ofUnread:in:)``), so its
    // tree would only be thrown away.
    func element(_ index: Int) throws(ScenarioError) -> (value: JSONValue, skipped: Range<Int>?) {
      guard let deferred else { return (elements[index], nil) }
      do {
        return try deferred.element(index, in: source.bytes, skipping: Self.inlinePayloadKeys)
      } catch {
        throw ScenarioError(syntax: error, in: source)
      }
    }
    var pushCount = 0
    var current = 0
    // The pushes of this and later steps (earlier ones are known), listed only for the message
    // of a premature reference.
    var context = ShapeContext(
      knownPushes: [:],
      laterPushes: {
        Self.pushIDs(
          in: (current..<count).lazy.map { (try? element($0).value) ?? JSONValue(.null) },
          after: pushCount)
      })
    var waited = Duration.zero
    var readFiles = Set<String>()
    var steps: [Step] = []
    steps.reserveCapacity(count)
    // Steps point into the file without keeping its text (a played step is dropped, and the
    // scenario's file with it; see ``SourceFile/positionsOnly()``).
    let positions = source.positionsOnly()
    for index in 0..<count {
      current = index
      let (step, unreadPayload) = try element(index)
      let stepNode = Node(
        value: step, parent: link, last: .index(index), source: source, keyOffset: nil)
      let object = try stepNode.object(allowing: nil)
      // The step's keyword and its member, read in place (no array of fields for each step).
      var keyword: JSONMember?
      for member in object.object.members where member.key != "note" {
        guard Step.keywords.contains(member.key) else {
          throw ScenarioError(
            at: object.field(member).keyLocation,
            "unknown step \"\(member.key)\"; expected one of \(Suggestion.list(Step.keywords))")
        }
        if let first = keyword {
          throw ScenarioError(
            at: object.field(member).keyLocation,
            "a step does one thing; this one has both \"\(first.key)\" and \"\(member.key)\"")
        }
        keyword = member
      }
      let note = try object.optional("note")?.string()
      guard let keyword else {
        throw stepNode.error(
          "a step needs one of \(Suggestion.list(Step.keywords))")
      }
      let key = keyword.key
      let field = object.field(keyword)
      let action: Step.Action
      switch key {
      case "push":
        pushCount += 1
        let pushObject = try field.object(allowing: Self.pushFields)
        var push = try decodePush(
          pushObject, number: pushCount, unreadPayload: unreadPayload,
          file: { file in
            if readFiles.insert(file).inserted { payloadFiles.append(file) }
          })
        push.address = try Self.decodeAddress(pushObject)
        // Byte offsets: a position is resolved only for the message of a duplicate.
        if let earlier = context.send(push.id, at: field.value.byteRange.lowerBound) {
          let at = pushObject.optional("id")?.location ?? field.location
          throw ScenarioError(
            at: at,
            "duplicate push id \"\(push.id)\"; first used at \(source.location(ofByte: earlier))")
        }
        action = .push(push)
      case "wait":
        let duration = try field.duration()
        waited += duration
        guard waited <= ScenarioTime.longestDuration else {
          throw field.error(
            "the scenario's waits add up to more than \(ScenarioTime.longestDurationText), "
              + "the longest virtual time a scenario may span")
        }
        action = .wait(duration)
      case "set":
        action = .set(try decodeSet(field))
      case "tap":
        action = .tap(try decodeTap(field, context: context))
      case "dismiss":
        action = .dismiss(try field.pushID(context))
      case "clear":
        _ = try field.oneOf(["all"])
        action = .clear
      case "startActivity":
        action = .startActivity(try StartActivityStep(decoding: field))
      case "dismissActivity":
        action = .dismissActivity(try field.string())
      case "removeApp":
        _ = try field.object(allowing: [])
        action = .removeApp
      case "installApp":
        _ = try field.object(allowing: [])
        action = .installApp
      default:
        try field.check(Schemas.expect, context: context)
        let checks = try field.object(allowing: nil).object
        action = .expect(Expectation(checks: Self.canonicalEventTimes(checks)))
      }
      steps.append(
        Step(
          number: index + 1, note: note,
          at: positions.anchor(atByte: stepNode.value.byteRange.lowerBound), action: action))
      if deferred == nil { elements[index] = JSONValue(.null) }
    }
    return steps
  }

  /// A push's `to`: `activity:<id>`, `pushToStart`, `channel:<id>`, a push type with tokens of
  /// its own, `device` (the app's device token) or a token.
  private static func decodeAddress(_ object: ObjectNode) throws(ScenarioError) -> PushAddress? {
    guard let field = object.optional("to") else { return nil }
    let text = try field.string()
    guard let address = PushAddress(text) else {
      throw field.error(
        "\"to\" is \"activity:<id>\", \"pushToStart\", \"channel:<id>\", \"voip\", "
          + "\"widgets\", \"controls\", \"device\" or a token; found \"\(text)\"")
    }
    return address
  }

  /// Every push id `steps` define (explicit or `push-N`, counting on from `after` earlier
  /// pushes), without checking anything else.
  private static func pushIDs(
    in steps: some Sequence<JSONValue>, after earlier: Int
  ) -> Set<String> {
    var ids = Set<String>()
    var count = earlier
    for step in steps {
      guard let push = step["push"] else { continue }
      count += 1
      ids.insert(push["id"]?.stringValue ?? "push-\(count)")
    }
    return ids
  }

  /// The keys, from a step, of an inline payload: read as bytes, not as a tree.
  static let inlinePayloadKeys = ["push", "payload"]

  /// A push step. `unreadPayload` is the byte range of its inline payload when the reader
  /// checked that object without building it (an empty object in `object`); `file` is told the
  /// absolute path of a `payloadFile` it reads.
  private func decodePush(
    _ object: ObjectNode, number: Int, unreadPayload: Range<Int>?, file read: (String) -> Void
  ) throws(ScenarioError) -> PushStep {
    let node = object.node
    let id = try object.optional("id")?.nonEmptyString() ?? "push-\(number)"
    let sources = ["payload", "payloadFile", "raw"].filter { object[$0] != nil }
    guard sources.count == 1 else {
      if sources.isEmpty {
        throw node.error("a push needs one of \"payload\", \"payloadFile\" or \"raw\"")
      }
      let second = try object.required(sources[1])
      throw ScenarioError(
        at: second.keyLocation,
        "a push has one body; this one has both \"\(sources[0])\" and \"\(sources[1])\"")
    }
    var headers: [String: String] = [:]
    if let headerNode = object.optional("headers") {
      for (name, value) in try headerNode.object(allowing: PushStep.headerNames).fields {
        if let text = value.value.stringValue {
          headers[name] = text
        } else if let number = value.value.numberValue {
          headers[name] = number.text
        } else {
          throw value.error(
            "expected a string or a number for \"\(name)\", found \(value.value.typeName)")
        }
      }
    }
    if let payload = object["payload"] {
      // What a server's JSON encoder would send: compact, members and numbers as written.
      let bytes = payload.source.bytes
      let range = payload.value.byteRange
      let body =
        range == unreadPayload
        ? Self.compactBody(ofUnread: range, in: bytes)
        : Self.compactBody(of: payload.value, in: bytes)
      return PushStep(id: id, body: body, headers: headers)
    }
    if let raw = object["raw"] {
      return PushStep(id: id, body: Array(try raw.string().utf8), headers: headers, origin: .raw)
    }
    let fileNode = try object.required("payloadFile")
    let path = try fileNode.nonEmptyString()
    let url = URL(fileURLWithPath: path, relativeTo: source.folder).standardizedFileURL
    let display = ScenarioLoader.displayPath(of: path, nextTo: source.path)
    try Self.confine(path, url, from: fileNode)
    let file = try ScenarioLoader.read(url, displayPath: display, referencedAt: fileNode)
    read(url.path)
    var body = file.bytes
    if url.pathExtension.lowercased() == "apns" {
      body = try ScenarioLoader.apnsBody(ScenarioLoader.parse(file)).body
    } else if url.pathExtension.lowercased() != "json" {
      throw fileNode.error("\(path): a payload file ends in .json or .apns")
    }
    return PushStep(id: id, body: body, headers: headers, origin: .file(display))
  }

  /// The compact JSON text of an inline payload (``JSONValue/jsonText``), taken from the
  /// file's bytes: the value's bytes without the whitespace between tokens. Without an escape
  /// in a string, that is byte for byte what writing the parsed value gives (the reader has
  /// checked the UTF-8, strings are copied as written, numbers keep their text, members their
  /// order and duplicates), and it costs one pass over the bytes instead of a tree walk. A
  /// value with an escape (which the writer spells its own way) is written from the tree.
  static func compactBody(of value: JSONValue, in bytes: [UInt8]) -> [UInt8] {
    compactBytes(in: value.byteRange, of: bytes) ?? Array(value.jsonText.utf8)
  }

  /// ``compactBody(of:in:)`` for a value the reader checked but did not build: a value with an
  /// escape is read from its bytes to be written as the tree would be.
  static func compactBody(ofUnread range: Range<Int>, in bytes: [UInt8]) -> [UInt8] {
    if let body = compactBytes(in: range, of: bytes) { return body }
    guard range.upperBound <= bytes.count else { return [] }
    let written = Array(bytes[range])
    // The reader has checked these bytes: they parse.
    guard let value = try? JSONDocument(parsing: written).root else { return written }
    return Array(value.jsonText.utf8)
  }

  /// The bytes in `range` without the whitespace between tokens; `nil` when a string in them
  /// has an escape, or the range is empty or outside `bytes`.
  private static func compactBytes(in range: Range<Int>, of bytes: [UInt8]) -> [UInt8]? {
    guard !range.isEmpty, range.upperBound <= bytes.count else { return nil }
    var escaped = false
    // Written into the body's own storage: a string is copied whole, other bytes one by one.
    let body = bytes.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: range.count) { body, written in
        written = 0
        guard let from = source.baseAddress, let to = body.baseAddress else { return }
        var offset = range.lowerBound
        var count = 0
        while offset < range.upperBound {
          let byte = from[offset]
          switch byte {
          case 0x20, 0x0A, 0x0D, 0x09:
            offset += 1
          case UInt8(ascii: "\""):
            let start = offset
            offset += 1
            while offset < range.upperBound, from[offset] != UInt8(ascii: "\"") {
              if from[offset] == UInt8(ascii: "\\") {
                escaped = true
                return
              }
              offset += 1
            }
            offset = min(offset + 1, range.upperBound)
            (to + count).initialize(from: from + start, count: offset - start)
            count += offset - start
          default:
            to[count] = byte
            count += 1
            offset += 1
          }
        }
        written = count
      }
    }
    return escaped ? nil : body
  }

  /// `expect.events[].time` written as any ISO 8601 instant (an offset, fewer fraction
  /// digits) spelled as the event log spells it, so the check compares instants.
  static func canonicalEventTimes(_ checks: JSONObject) -> JSONObject {
    guard let events = checks["events"]?.arrayValue,
      events.contains(where: { $0["time"] != nil })
    else { return checks }
    var result = JSONObject()
    for member in checks.members {
      guard member.key == "events" else {
        result.append(member)
        continue
      }
      let rewritten = events.map { event -> JSONValue in
        guard let object = event.objectValue, let text = object["time"]?.stringValue,
          let instant = ScenarioTime.instant(text)
        else { return event }
        var copy = JSONObject()
        for field in object.members {
          var field = field
          if field.key == "time" {
            field.value = JSONValue(
              .string(ScenarioTime.format(instant)), byteRange: field.value.byteRange)
          }
          copy.append(field)
        }
        return JSONValue(.object(copy), byteRange: event.byteRange)
      }
      result.append(
        JSONMember(
          key: member.key, keyRange: member.keyRange,
          value: JSONValue(.array(rewritten), byteRange: member.value.byteRange)))
    }
    return result
  }

  private func decodeSet(_ node: Node) throws(ScenarioError) -> SettingsChange {
    let object = try node.object(allowing: ["device", "app"])
    var change = SettingsChange()
    if let device = object.optional("device") {
      if let now = try device.object(allowing: nil)["now"] {
        throw ScenarioError(
          at: now.keyLocation,
          "\"now\" sets the clock at the first step; later, the clock moves with \"wait\" steps")
      }
      _ = try DeviceConfiguration(decoding: device)
      change.device = device.value.objectValue
    }
    if let app = object.optional("app") {
      change.app = try Self.resolvedApp(app)
    }
    return change
  }

  private func decodeTap(_ node: Node, context: ShapeContext) throws(ScenarioError) -> TapStep {
    if node.value.stringValue != nil {
      return TapStep(id: try node.pushID(context))
    }
    let object = try node.object(allowing: ["id", "action", "text"])
    let id = try object.required("id").pushID(context)
    var action = try object.optional("action")?.nonEmptyString()
    if action == "default" { action = nil }
    let text = try object.optional("text")?.string()
    return TapStep(id: id, action: action, text: text)
  }
}
