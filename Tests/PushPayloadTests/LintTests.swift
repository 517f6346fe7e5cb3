import PushPayload
import Testing

/// One test per lint rule of issue 2: the rule fires on the bad case and stays quiet on the
/// good one.
@Suite struct LintTests {
  static func codes(
    _ body: String, _ headers: PushHeaders = PushHeaders(pushType: "alert", priority: "10"),
    app: AppFacts? = nil
  ) -> [String] {
    PayloadValidation(body: Array(body.utf8), headers: headers, app: app).diagnostics.map(\.code)
  }

  static func path(
    _ code: String, _ body: String, _ headers: PushHeaders = PushHeaders(pushType: "alert")
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
    #expect(Self.codes(#"{"aps":{"content-available":1}}"#).contains("push-type-mismatch"))
    #expect(Self.codes(#"{"aps":{"alert":"a"}}"#, Self.background).contains("push-type-mismatch"))
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        "push-type-mismatch"))
    #expect(!Self.codes(#"{"aps":{"alert":"a"}}"#).contains("push-type-mismatch"))
  }

  @Test func backgroundPushWithAlertSoundOrBadge() {
    let codes = Self.codes(
      #"{"aps":{"content-available":1,"alert":"a","sound":"default","badge":1}}"#, Self.background)
    #expect(codes.filter { $0 == "background-push-visible-content" }.count == 3)
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        "background-push-visible-content"))
  }

  @Test func backgroundPriorityOmittedOrInferred() {
    #expect(
      Self.codes(#"{"aps":{"content-available":1}}"#, PushHeaders(pushType: "background")).contains(
        "background-priority"))
    #expect(
      Self.codes(#"{"aps":{"content-available":1}}"#, PushHeaders(priority: "10")).contains(
        "background-priority"))
    #expect(
      !Self.codes(#"{"aps":{"content-available":1}}"#, Self.background).contains(
        "background-priority"))
  }

  @Test func mutableContentWithoutVisibleAlert() {
    #expect(
      Self.codes(#"{"aps":{"mutable-content":1,"badge":1}}"#).contains(
        "mutable-content-without-alert"))
    #expect(
      Self.codes(#"{"aps":{"mutable-content":1,"alert":{"body":""}}}"#).contains(
        "mutable-content-without-alert"))
    #expect(
      !Self.codes(#"{"aps":{"mutable-content":1,"alert":{"title":"t"}}}"#).contains(
        "mutable-content-without-alert"))
    #expect(
      !Self.codes(#"{"aps":{"mutable-content":1,"alert":{"loc-key":"K"}}}"#).contains(
        "mutable-content-without-alert"))
  }

  @Test func customKeysInsideAps() {
    #expect(
      Self.path("unknown-key-in-aps", #"{"aps":{"alert":"a","chat-id":"c"}}"#) == "aps.chat-id")
    #expect(
      Self.path("unknown-key-in-aps", #"{"aps":{"alert":{"body":"b","img":"u"}}}"#)
        == "aps.alert.img")
    #expect(!Self.codes(#"{"aps":{"alert":"a"},"chat-id":"c"}"#).contains("unknown-key-in-aps"))
  }

  @Test func topLevelKeyShadowingAnApsKey() {
    let validation = PayloadValidation(
      body: Array(#"{"aps":{"alert":"a"},"badge":3,"timestamp":"t"}"#.utf8),
      headers: PushHeaders(pushType: "alert"))
    let shadowed = validation.diagnostics.filter { $0.code == "shadowed-aps-key" }
    #expect(shadowed.map(\.path) == ["badge", "timestamp"])
    #expect(shadowed.map(\.severity) == [.warning, .info])
  }

  @Test func bothLiteralAndLocKey() {
    #expect(
      Self.path("literal-and-loc-key", #"{"aps":{"alert":{"body":"b","loc-key":"K"}}}"#)
        == "aps.alert.body")
    #expect(
      Self.path("literal-and-loc-key", #"{"aps":{"alert":{"title":"t","title-loc-key":"K"}}}"#)
        == "aps.alert.title")
    #expect(!Self.codes(#"{"aps":{"alert":{"loc-key":"K"}}}"#).contains("literal-and-loc-key"))
  }

  @Test func locArgsWithoutLocKey() {
    #expect(
      Self.path("loc-args-without-loc-key", #"{"aps":{"alert":{"body":"b","loc-args":["a"]}}}"#)
        == "aps.alert.loc-args")
    #expect(
      Self.path("loc-args-without-loc-key", #"{"aps":{"alert":{"title-loc-args":["a"]}}}"#)
        == "aps.alert.title-loc-args")
    #expect(
      !Self.codes(#"{"aps":{"alert":{"loc-key":"K","loc-args":["a"]}}}"#).contains(
        "loc-args-without-loc-key"))
  }

  @Test func formatSpecifiersInLiteralText() {
    #expect(
      Self.path("format-specifier-in-literal", #"{"aps":{"alert":{"body":"Hi %@"}}}"#)
        == "aps.alert.body")
    #expect(
      Self.path("format-specifier-in-literal", #"{"aps":{"alert":"%1$@ wrote"}}"#) == "aps.alert")
    #expect(
      Self.codes(#"{"aps":{"alert":{"title":"%d new"}}}"#).contains("format-specifier-in-literal"))
    #expect(
      !Self.codes(#"{"aps":{"alert":{"body":"100 % sure, 50% off"}}}"#).contains(
        "format-specifier-in-literal"))
  }

  @Test func deprecatedSummaryArg() {
    #expect(
      Self.codes(#"{"aps":{"alert":{"body":"b","summary-arg":"Ana","summary-arg-count":2}}}"#)
        .filter { $0 == "summary-arg-deprecated" }.count == 2)
  }

  @Test func timeSensitiveAndCriticalNeedEntitlements() {
    let timeSensitive = #"{"aps":{"alert":"a","interruption-level":"time-sensitive"}}"#
    #expect(Self.codes(timeSensitive).contains("entitlement-required"))
    #expect(Self.codes(timeSensitive, app: AppFacts()).contains("entitlement-missing"))
    let entitled = AppFacts(entitlements: ["time-sensitive", "critical-alerts"])
    #expect(!Self.codes(timeSensitive, app: entitled).contains { $0.hasPrefix("entitlement") })
    let critical =
      #"{"aps":{"alert":"a","interruption-level":"critical","sound":{"critical":1,"name":"default"}}}"#
    #expect(Self.codes(critical, app: AppFacts()).filter { $0 == "entitlement-missing" }.count == 1)
    #expect(!Self.codes(critical, app: entitled).contains { $0.hasPrefix("entitlement") })
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","interruption-level":"passive"}}"#).contains {
        $0.hasPrefix("entitlement")
      })
  }

  @Test func criticalSoundOnANonCriticalLevel() {
    #expect(
      Self.codes(
        #"{"aps":{"alert":"a","interruption-level":"active","sound":{"critical":1,"name":"default"}}}"#
      ).contains("critical-sound-level"))
    // The flag alone is a critical alert (Apple documents it so): nothing to warn about.
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","sound":{"critical":1,"name":"default"}}}"#).contains(
        "critical-sound-level"))
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","interruption-level":"critical","sound":{"critical":1}}}"#)
        .contains("critical-sound-level"))
  }

  @Test func threadIDOrCategoryOnABackgroundPush() {
    let codes = Self.codes(
      #"{"aps":{"content-available":1,"thread-id":"t","category":"c"}}"#, Self.background)
    #expect(codes.filter { $0 == "background-push-grouping-key" }.count == 2)
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","thread-id":"t"}}"#).contains(
        "background-push-grouping-key"))
  }

  @Test func payloadWithinTenPercentOfItsLimit() {
    func body(_ size: Int) -> String {
      let head = #"{"aps":{"alert":"a"},"p":""#
      return head + String(repeating: "x", count: size - head.utf8.count - 2) + #""}"#
    }
    #expect(Self.codes(body(3700)).contains("near-size-limit"))
    #expect(!Self.codes(body(3686)).contains("near-size-limit"))
    #expect(!Self.codes(body(4097)).contains("near-size-limit"))
    #expect(
      !Self.codes(body(4600), PushHeaders(pushType: "voip", priority: "10")).contains(
        "near-size-limit"))
    #expect(
      Self.codes(body(4700), PushHeaders(pushType: "voip", priority: "10")).contains(
        "near-size-limit"))
  }

  @Test func categoryNotRegisteredAndSoundNotShipped() {
    let app = AppFacts(categories: ["message"], sounds: ["message.caf"])
    let body = #"{"aps":{"alert":"a","category":"product","sound":"ping.caf"}}"#
    #expect(Self.codes(body, app: app).contains("category-not-registered"))
    #expect(Self.codes(body, app: app).contains("sound-not-shipped"))
    let fine = #"{"aps":{"alert":"a","category":"message","sound":"message.caf"}}"#
    #expect(
      !Self.codes(fine, app: app).contains {
        $0 == "category-not-registered" || $0 == "sound-not-shipped"
      })
    #expect(
      !Self.codes(#"{"aps":{"alert":"a","sound":"default"}}"#, app: app).contains(
        "sound-not-shipped"))
    // Without --app, or an app that lists no sounds, nothing is checked.
    #expect(!Self.codes(body).contains("category-not-registered"))
    #expect(!Self.codes(body, app: AppFacts(categories: ["product"])).contains("sound-not-shipped"))
  }

  @Test func badgeAsAStringAndBooleansWhereAPNsWantsOne() {
    #expect(Self.codes(#"{"aps":{"alert":"a","badge":"1"}}"#).contains("badge-string"))
    #expect(Self.codes(#"{"aps":{"alert":"a","mutable-content":true}}"#).contains("flag-boolean"))
  }

  @Test func duplicateJSONKeys() {
    let validation = PayloadValidation(
      body: Array("{\"aps\":{\"alert\":\"a\",\n\"badge\":1,\n\"badge\":2}}".utf8),
      headers: PushHeaders(pushType: "alert"))
    let duplicate = validation.diagnostics.first { $0.code == "duplicate-key" }
    #expect(duplicate?.path == "aps.badge")
    #expect(duplicate?.source == .lint)
    #expect(validation.payload?.aps.badge == 2)
    if let duplicate {
      #expect(validation.position(of: duplicate) == SourcePosition(line: 3, column: 1))
    }
  }

  @Test func missingApsIsReported() {
    #expect(Self.codes(#"{"chat-id":"c"}"#).contains("aps-missing"))
  }

  @Test func lintCanBeTurnedOff() {
    let validation = PayloadValidation(
      body: Array(#"{"aps":{"alert":"a","x":1},"badge":1}"#.utf8), lint: false)
    #expect(validation.diagnostics.map(\.code) == ["push-type-inferred"])
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
