import PushCore
import PushPayload
import Testing

/// One test per lint rule of issue 2: the rule fires on the bad case and stays quiet on the
/// good one.
@Suite struct LintTests {
  static func codes(
    _ body: String, _ headers: PushHeaders = PushHeaders(pushType: "alert", priority: "10"),
    app: AppFacts? = nil
  ) -> [DiagnosticCode] {
    PayloadValidation(body: Array(body.utf8), headers: headers, app: app).diagnostics.map(\.code)
  }

  static func path(
    _ code: DiagnosticCode, _ body: String, _ headers: PushHeaders = PushHeaders(pushType: "alert")
  )
    -> String?
  {
    PayloadValidation(body: Array(body.utf8), headers: headers).diagnostics.first {
      $0.code == code
    }?
    .path
  }

  static let background = PushHeaders(pushType: "background", priority: "5")

  @Test func pushTypeMustMatchThePayload() {
    #expect(Self.codes(#"{"aps":{"content-available":1}}"#).contains(.pushTypeMismatch))
    #expect(Self.codes(#"{"aps":{"alert":"a"}}"#, Self.background).contains(.pushTypeMismatch))
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        .pushTypeMismatch))
    #expect(!Self.codes(#"{"aps":{"alert":"a"}}"#).contains(.pushTypeMismatch))
  }

  @Test func backgroundPushWithAlertSoundOrBadge() {
    let codes = Self.codes(
      #"{"aps":{"content-available":1,"alert":"a","sound":"default","badge":1}}"#, Self.background)
    #expect(codes.filter { $0 == .backgroundPushVisibleContent }.count == 3)
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        .backgroundPushVisibleContent))
  }

  @Test func backgroundPriorityOmittedOrInferred() {
    #expect(
      Self.codes(#"{"aps":{"content-available":1}}"#, PushHeaders(pushType: "background")).contains(
        .backgroundPriority))
    #expect(
      Self.codes(#"{"aps":{"content-available":1}}"#, PushHeaders(priority: "10")).contains(
        .backgroundPriority))
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        .backgroundPriority))
  }

  @Test func mutableContentWithoutVisibleAlert() {
    #expect(
      Self.codes(#"{"aps":{"mutable-content":1,"badge":1}}"#).contains(
        .mutableContentWithoutAlert))
    #expect(
      Self.codes(#"{"aps":{"mutable-content":1,"alert":{"body":""}}}"#).contains(
        .mutableContentWithoutAlert))
    #expect(
      !Self.codes(#"{"aps":{"mutable-content":1,"alert":{"title":"t"}}}"#).contains(
        .mutableContentWithoutAlert))
    #expect(
      !Self.codes(#"{"aps":{"mutable-content":1,"alert":{"loc-key":"K"}}}"#).contains(
        .mutableContentWithoutAlert))
  }

  @Test func customKeysInsideAps() {
    #expect(
      Self.path(.unknownKeyInAps, #"{"aps":{"alert":"a","chat-id":"c"}}"#) == "aps.chat-id")
    #expect(
      Self.path(.unknownKeyInAps, #"{"aps":{"alert":{"body":"b","img":"u"}}}"#)
        == "aps.alert.img")
    #expect(!Self.codes(#"{"aps":{"alert":"a"},"chat-id":"c"}"#).contains(.unknownKeyInAps))
  }

  @Test func topLevelKeyShadowingAnApsKey() {
    let validation = PayloadValidation(
      body: Array(#"{"aps":{"alert":"a"},"badge":3,"timestamp":"t"}"#.utf8),
      headers: PushHeaders(pushType: "alert"))
    let shadowed = validation.diagnostics.filter { $0.code == .shadowedApsKey }
    #expect(shadowed.map(\.path) == ["badge", "timestamp"])
    #expect(shadowed.map(\.severity) == [.warning, .info])
  }

  /// The shadowed-key finding, made once per key, names the key it is about; a key the caller
  /// leaves out of the payload (`.apns` files) draws none.
  @Test func shadowedKeyFindingsNameTheirKey() {
    let body = Array(#"{"aps":{"alert":"a"},"category":"c","sound":"s"}"#.utf8)
    let shadowed = PayloadValidation(body: body, headers: PushHeaders(pushType: "alert"))
      .diagnostics.filter { $0.code == .shadowedApsKey }
    #expect(
      shadowed.map(\.message) == [
        "top-level 'category' is a custom key, not aps.category: iOS will not act on it here",
        "top-level 'sound' is a custom key, not aps.sound: iOS will not act on it here",
      ])
    let ignoring = PayloadValidation(
      body: body, headers: PushHeaders(pushType: "alert"), ignoredTopLevelKeys: ["sound"]
    ).diagnostics.filter { $0.code == .shadowedApsKey }
    #expect(ignoring.map(\.path) == ["category"])
  }

  @Test func bothLiteralAndLocKey() {
    #expect(
      Self.path(.literalAndLocKey, #"{"aps":{"alert":{"body":"b","loc-key":"K"}}}"#)
        == "aps.alert.body")
    #expect(
      Self.path(.literalAndLocKey, #"{"aps":{"alert":{"title":"t","title-loc-key":"K"}}}"#)
        == "aps.alert.title")
    #expect(!Self.codes(#"{"aps":{"alert":{"loc-key":"K"}}}"#).contains(.literalAndLocKey))
  }

  @Test func locArgsWithoutLocKey() {
    #expect(
      Self.path(.locArgsWithoutLocKey, #"{"aps":{"alert":{"body":"b","loc-args":["a"]}}}"#)
        == "aps.alert.loc-args")
    #expect(
      Self.path(.locArgsWithoutLocKey, #"{"aps":{"alert":{"title-loc-args":["a"]}}}"#)
        == "aps.alert.title-loc-args")
    #expect(
      !Self.codes(#"{"aps":{"alert":{"loc-key":"K","loc-args":["a"]}}}"#).contains(
        .locArgsWithoutLocKey))
  }

  @Test func formatSpecifiersInLiteralText() {
    #expect(
      Self.path(.formatSpecifierInLiteral, #"{"aps":{"alert":{"body":"Hi %@"}}}"#)
        == "aps.alert.body")
    #expect(
      Self.path(.formatSpecifierInLiteral, #"{"aps":{"alert":"%1$@ wrote"}}"#) == "aps.alert")
    #expect(
      Self.codes(#"{"aps":{"alert":{"title":"%d new"}}}"#).contains(.formatSpecifierInLiteral))
    #expect(
      !Self.codes(#"{"aps":{"alert":{"body":"100 % sure, 50% off"}}}"#).contains(
        .formatSpecifierInLiteral))
  }

  @Test func deprecatedSummaryArg() {
    #expect(
      Self.codes(#"{"aps":{"alert":{"body":"b","summary-arg":"Ana","summary-arg-count":2}}}"#)
        .filter { $0 == .summaryArgDeprecated }.count == 2)
  }

  @Test func timeSensitiveAndCriticalNeedEntitlements() {
    let timeSensitive = #"{"aps":{"alert":"a","interruption-level":"time-sensitive"}}"#
    #expect(Self.codes(timeSensitive).contains(.entitlementRequired))
    #expect(Self.codes(timeSensitive, app: AppFacts()).contains(.entitlementMissing))
    let entitled = AppFacts(entitlements: ["time-sensitive", "critical-alerts"])
    #expect(
      !Self.codes(timeSensitive, app: entitled).contains { $0.rawValue.hasPrefix("entitlement") })
    let critical =
      #"{"aps":{"alert":"a","interruption-level":"critical","sound":{"critical":1,"name":"default"}}}"#
    #expect(Self.codes(critical, app: AppFacts()).filter { $0 == .entitlementMissing }.count == 1)
    #expect(!Self.codes(critical, app: entitled).contains { $0.rawValue.hasPrefix("entitlement") })
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","interruption-level":"passive"}}"#).contains {
        $0.rawValue.hasPrefix("entitlement")
      })
  }

  @Test func criticalSoundOnANonCriticalLevel() {
    #expect(
      Self.codes(
        #"{"aps":{"alert":"a","interruption-level":"active","sound":{"critical":1,"name":"default"}}}"#
      ).contains(.criticalSoundLevel))
    // The flag alone is a critical alert (Apple documents it so): nothing to warn about.
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","sound":{"critical":1,"name":"default"}}}"#).contains(
        .criticalSoundLevel))
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","interruption-level":"critical","sound":{"critical":1}}}"#)
        .contains(.criticalSoundLevel))
  }

  @Test func threadIDOrCategoryOnABackgroundPush() {
    let codes = Self.codes(
      #"{"aps":{"content-available":1,"thread-id":"t","category":"c"}}"#, Self.background)
    #expect(codes.filter { $0 == .backgroundPushGroupingKey }.count == 2)
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","thread-id":"t"}}"#).contains(
        .backgroundPushGroupingKey))
  }

  @Test func payloadWithinTenPercentOfItsLimit() {
    func body(_ size: Int) -> String {
      let head = #"{"aps":{"alert":"a"},"p":""#
      return head + String(repeating: "x", count: size - head.utf8.count - 2) + #""}"#
    }
    #expect(Self.codes(body(3700)).contains(.nearSizeLimit))
    #expect(!Self.codes(body(3686)).contains(.nearSizeLimit))
    #expect(!Self.codes(body(4097)).contains(.nearSizeLimit))
    #expect(
      !Self.codes(body(4600), PushHeaders(pushType: "voip", priority: "10")).contains(
        .nearSizeLimit))
    #expect(
      Self.codes(body(4700), PushHeaders(pushType: "voip", priority: "10")).contains(
        .nearSizeLimit))
  }

  @Test func categoryNotRegisteredAndSoundNotShipped() {
    let app = AppFacts(categories: ["message"], sounds: ["message.caf"])
    let body = #"{"aps":{"alert":"a","category":"product","sound":"ping.caf"}}"#
    #expect(Self.codes(body, app: app).contains(.categoryNotRegistered))
    #expect(Self.codes(body, app: app).contains(.soundNotShipped))
    let fine = #"{"aps":{"alert":"a","category":"message","sound":"message.caf"}}"#
    #expect(
      !Self.codes(fine, app: app).contains {
        $0 == .categoryNotRegistered || $0 == .soundNotShipped
      })
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","sound":"default"}}"#, app: app).contains(
        .soundNotShipped))
    // Without --app, or an app that lists no sounds, nothing is checked.
    #expect(!Self.codes(body).contains(.categoryNotRegistered))
    #expect(!Self.codes(body, app: AppFacts(categories: ["product"])).contains(.soundNotShipped))
  }

  @Test func badgeAsAStringAndBooleansWhereAPNsWantsOne() {
    #expect(Self.codes(#"{"aps":{"alert":"a","badge":"1"}}"#).contains(.badgeString))
    #expect(Self.codes(#"{"aps":{"alert":"a","mutable-content":true}}"#).contains(.flagBoolean))
  }

  /// The `flag-boolean` warning of an `aps` flag is made once per key; the sound's `critical`
  /// flag (under `aps.sound` or `aps.alert.sound`) is made where it is found. Both read alike.
  @Test func aBooleanFlagNamesItsKeyAndPath() {
    let cases = [
      (#"{"aps":{"alert":"a","content-available":true}}"#, "content-available"),
      (#"{"aps":{"alert":"a","mutable-content":true}}"#, "mutable-content"),
      (#"{"aps":{"alert":"a","input-push-token":true}}"#, "input-push-token"),
      (#"{"aps":{"alert":"a","sound":{"name":"s","critical":true}}}"#, "sound.critical"),
    ]
    for (body, path) in cases {
      let warnings = PayloadValidation(
        body: Array(body.utf8), headers: PushHeaders(pushType: "alert")
      )
      .diagnostics.filter { $0.code == .flagBoolean }
      let key = path.split(separator: ".").last.map(String.init) ?? path
      #expect(warnings.map(\.path) == ["aps.\(path)"], "\(body)")
      #expect(
        warnings.map(\.message)
          == ["\(key) is true; Apple documents the number 1 (treated as set; use 1)"], "\(body)")
      #expect(warnings.map(\.source) == [.model])
    }
  }

  @Test func duplicateJSONKeys() {
    let validation = PayloadValidation(
      body: Array("{\"aps\":{\"alert\":\"a\",\n\"badge\":1,\n\"badge\":2}}".utf8),
      headers: PushHeaders(pushType: "alert"))
    let duplicate = validation.diagnostics.first { $0.code == .duplicateKey }
    #expect(duplicate?.path == "aps.badge")
    #expect(duplicate?.source == .lint)
    #expect(validation.payload?.aps.badge == 2)
    if let duplicate {
      #expect(validation.position(of: duplicate) == SourcePosition(line: 3, column: 1))
    }
  }

  @Test func missingApsIsReported() {
    #expect(Self.codes(#"{"chat-id":"c"}"#).contains(.apsMissing))
  }

  @Test func lintCanBeTurnedOff() {
    let validation = PayloadValidation(
      body: Array(#"{"aps":{"alert":"a","x":1},"badge":1}"#.utf8), lint: false)
    #expect(validation.diagnostics.map(\.code) == [.pushTypeInferred])
  }

  @Test func appFactsReadFromAnAppDescription() throws {
    let app = try AppFacts(
      json: Array(
        #"{"bundleId":"com.example.chat","categories":[{"id":"message","actions":[]}],"sounds":["a.caf"],"entitlements":["time-sensitive"]}"#
          .utf8))
    #expect(
      app == AppFacts(categories: ["message"], sounds: ["a.caf"], entitlements: ["time-sensitive"]))
    let scenario = try AppFacts(
      json: Array(#"{"name":"s","app":{"categories":[{"id":"c"}]}}"#.utf8))
    #expect(scenario.categories == ["c"])
    #expect(scenario.sounds == nil)
    #expect(throws: AppFactsError.self) { try AppFacts(json: Array(#"{"sounds": "a.caf"}"#.utf8)) }
    #expect(throws: AppFactsError.self) { try AppFacts(json: Array(#"{"categories": [{}]}"#.utf8)) }
    #expect(throws: AppFactsError.self) { try AppFacts(json: Array("{".utf8)) }
  }

  @Test func appFactsReadTheDevelopmentRegion() throws {
    let app = try AppFacts(json: Array(#"{"bundleId":"a","developmentRegion":"cs"}"#.utf8))
    #expect(app.developmentRegion == "cs")
    #expect(try AppFacts(json: Array(#"{"bundleId":"a"}"#.utf8)).developmentRegion == nil)
    #expect(throws: AppFactsError.self) {
      try AppFacts(json: Array(#"{"developmentRegion": 5}"#.utf8))
    }
  }
}
