import Foundation
import PushDevice
import PushPayload
import PushScenario
import PushSimDocs
import Testing

@Suite struct PhoneDrawingTests {
  let now = DocsSampleSite.start

  @Test func aCommunicationNotificationShowsItsAvatarInsteadOfTheAppIcon() {
    var card = DocsSampleSite.card("m1", title: "Ana", body: "¿Vienes?")
    card.subtitle = "Family"
    card.avatar = "chat-files/m1-avatar-1.png"
    let plain = DocsSampleSite.card("m2", title: "Chat", body: "Hi")
    let snapshot = PhoneSnapshot(
      time: now, appName: "Chat",
      groups: [
        .init(thread: "family", leading: card, moreCount: 0, summary: nil),
        .init(thread: "", leading: plain, moreCount: 0, summary: nil),
      ])
    let html = snapshot.drawing().html
    #expect(
      html.contains(
        "<article class=\"card level-active\" data-push=\"m1\">\n"
          + "<img class=\"avatar\" src=\"chat-files/m1-avatar-1.png\" alt=\"avatar\">"))
    #expect(html.contains("<div class=\"subtitle\">Family</div>"))
    let plainCard = html.components(separatedBy: "data-push=\"m2\"").last ?? ""
    #expect(plainCard.contains("class=\"app-icon\""))
    #expect(!plainCard.contains("class=\"avatar\""))
  }

  /// A call that rings: CallKit's full-screen interface on a locked phone, the call banner
  /// with Decline and Accept over the Home Screen on an unlocked one (Rules.md §14). The
  /// caller comes from a payload, so it is escaped.
  @Test func aRingingCallFillsTheLockScreenAndComesDownAsABannerUnlocked() {
    let call = PhoneSnapshot.Call(
      caller: "<b>Ana</b> & Bo", hasVideo: true, appName: "Chat", ringingSince: now, push: "v1")
    let locked = PhoneSnapshot(time: now, isLocked: true, appName: "Chat")
    var ringing = locked
    ringing.call = call
    let html = ringing.drawing().html
    #expect(
      html.contains("<figure class=\"phone locked calling\" aria-label=\"Incoming call at 9:00\">"))
    #expect(
      html.contains(
        "<div class=\"call-screen\" data-push=\"v1\">\n"
          + "<div class=\"call-caller\">&lt;b&gt;Ana&lt;/b&gt; &amp; Bo</div>\n"
          + "<div class=\"call-kind\">Chat Video</div>"))
    #expect(html.contains("slide to answer"))
    #expect(!html.contains("<b>Ana"))
    // The lock screen's list is not drawn under the call.
    #expect(!html.contains("big-clock"))
    #expect(!locked.drawing().html.contains("call-screen"))

    var unlocked = PhoneSnapshot(time: now, isLocked: false, appName: "Chat")
    unlocked.call = PhoneSnapshot.Call(caller: nil, appName: "Chat", ringingSince: now)
    let banner = unlocked.drawing().html
    #expect(banner.contains("<figure class=\"phone unlocked home\""))
    #expect(banner.contains("<article class=\"call-banner\">"))
    #expect(banner.contains("<div class=\"call-caller\">Unknown Caller</div>"))
    #expect(banner.contains("<div class=\"call-kind\">Chat Audio</div>"))
    #expect(banner.contains("title=\"Decline\""))
    #expect(banner.contains("title=\"Accept\""))
    #expect(!banner.contains("call-screen"))
  }

  @Test func shortTextIsNotCut() {
    let result = TextFit.lockScreenBody.fit("¡Hola! ¿Cómo estás?")
    #expect(
      result == TextFit.Result(text: "¡Hola! ¿Cómo estás?", isTruncated: false, neededLines: 1))
  }

  @Test func longBodyIsCutAfterFourLinesOnTheLockScreenAndTwoOnABanner() throws {
    let body = String(repeating: "word ", count: 60)  // 300 characters, about 8 lines
    let lock = TextFit.lockScreenBody.fit(body)
    let banner = TextFit.bannerBody.fit(body)
    #expect(lock.isTruncated && banner.isTruncated)
    #expect(lock.neededLines == banner.neededLines)
    #expect(lock.neededLines >= 7)
    #expect(lock.text.hasSuffix("…") && banner.text.hasSuffix("…"))
    #expect(banner.text.count < lock.text.count)
    // What is kept is a prefix of the original, word for word.
    #expect(body.hasPrefix(String(lock.text.dropLast())))
  }

  @Test func lineBreaksCountAsLines() {
    let result = TextFit.bannerBody.fit("one\ntwo\nthree")
    #expect(result.isTruncated)
    #expect(result.text == "one\ntwo…")
  }

  @Test func wideScriptsNeedMoreLinesThanLatin() {
    let latin = TextFit.lockScreenBody.fit(String(repeating: "a", count: 80))
    let cjk = TextFit.lockScreenBody.fit(String(repeating: "漢", count: 80))
    #expect(latin.neededLines == 2)
    #expect(cjk.neededLines == 4)
  }

  @Test func lockScreenShowsGroupsWithSummaryAndPlates() {
    let snapshot = PhoneSnapshot(
      time: now, focus: "Work", isMuted: true, badge: 4, appName: "Chat",
      groups: [
        .init(
          thread: "t", leading: DocsSampleSite.card("m3", title: "Ana", body: "Hi"), moreCount: 3,
          summary: "3 more messages from Ana")
      ])
    let html = snapshot.drawing().html
    #expect(html.contains("class=\"phone locked\""))
    #expect(html.contains("aria-label=\"Lock screen at 9:00\""))
    #expect(html.contains("<div class=\"date-line\">Tuesday 23 June</div>"))
    #expect(html.contains("<div class=\"summary\">3 more messages from Ana</div>"))
    #expect(html.contains("plate-2"))
    #expect(!html.contains("plate-3"))
    #expect(html.contains("<span class=\"badge\">4</span>"))
    #expect(html.contains("title=\"Silent mode\""))
    #expect(html.contains("<span>Work</span>"))
  }

  @Test func levelsHiddenPreviewsAndRelativeTimesAreDrawn() {
    let snapshot = PhoneSnapshot(
      time: now.addingTimeInterval(7200), isLocked: false, isScreenLit: false,
      groups: [
        .init(
          thread: "a",
          leading: DocsSampleSite.card("a", title: "T", body: "b", level: .timeSensitive)),
        .init(
          thread: "b",
          leading: DocsSampleSite.card(
            "b", title: "C", body: "b", minutesAgo: -100, level: .critical)),
        .init(
          thread: "c",
          leading: DocsSampleSite.card("c", title: "Chat", body: "Notification", hidden: true)),
      ])
    let html = snapshot.drawing().html
    #expect(html.contains("class=\"phone unlocked asleep\""))
    #expect(html.contains("Time Sensitive</div>"))
    #expect(html.contains("Critical Alert</div>"))
    #expect(html.contains("class=\"card level-active hidden-preview\""))
    #expect(html.contains("<span class=\"when\">2h ago</span>"))
    #expect(html.contains("<span class=\"when\">20m ago</span>"))
    #expect(html.contains("screen stays dark"))
  }

  @Test func cutTextIsReportedWithALintNote() throws {
    let long = String(repeating: "Очень длинное сообщение. ", count: 12)
    let snapshot = PhoneSnapshot(
      time: now, isLocked: false,
      banner: DocsSampleSite.card("m1", title: "Title", body: long),
      groups: [.init(thread: "", leading: DocsSampleSite.card("m1", title: "Title", body: long))])
    let drawing = snapshot.drawing()
    // Unlocked with a banner: the Home Screen, so only the banner is drawn (and cut).
    #expect(drawing.truncations.map(\.place) == ["banner"])
    #expect(drawing.html.contains("aria-label=\"Home Screen at 9:00\""))
    let note = try #require(drawing.truncations.first?.diagnostic)
    #expect(note.code == .textTruncated)
    #expect(note.source == .lint)
    #expect(note.path == "aps.alert.body")
    #expect(!drawing.html.contains(long))
  }

  @Test func longPressShowsActionsAndTheTextField() {
    let card = DocsSampleSite.card("m1", title: "Ana", body: "Lunch?")
    let snapshot = PhoneSnapshot(
      time: now,
      longPress: .init(
        card: card,
        actions: [
          .init(identifier: "reply", title: "Reply", textInputPlaceholder: "Message"),
          .init(identifier: "delete", title: "Delete <all>", isDestructive: true),
        ], chosen: "reply"))
    let html = snapshot.drawing().html
    #expect(html.contains("<li class=\"action chosen\" data-action=\"reply\"><span>Reply</span>"))
    #expect(
      html.contains(
        "<li class=\"action destructive\" data-action=\"delete\"><span>Delete &lt;all&gt;</span>"))
    #expect(html.contains("<span class=\"placeholder\">Message</span>"))
  }

  @Test func unlockedWithoutABannerIsTheNotificationCenterAndLongTextIsCutThere() {
    let long = String(repeating: "Очень длинное сообщение. ", count: 12)
    let snapshot = PhoneSnapshot(
      time: now, isLocked: false, badge: 7,
      groups: [.init(thread: "", leading: DocsSampleSite.card("m1", title: "Title", body: long))])
    let drawing = snapshot.drawing()
    #expect(drawing.html.contains("aria-label=\"Notification Center at 9:00\""))
    #expect(!drawing.html.contains("home-grid"))
    #expect(drawing.truncations.map(\.place) == ["Notification Center"])
  }

  @Test func homeScreenShowsTheBadgeOnTheAppIcon() {
    let snapshot = PhoneSnapshot(
      time: now, isLocked: false, badge: 12, appName: "Chat",
      banner: DocsSampleSite.card("m1", title: "Ana", body: "Hi"))
    let html = snapshot.drawing().html
    #expect(html.contains("class=\"phone unlocked home\""))
    #expect(
      html.contains("<span class=\"badge\">12</span></span><span class=\"home-label\">Chat</span>"))
    #expect(html.contains("class=\"card level-active banner-card\""))
  }
  @Test func activityBannerComesDownOverTheHomeScreenWithoutAnIsland() {
    var snapshot = PhoneSnapshot(time: now, isLocked: false, appName: "Delivery")
    let activity = PhoneSnapshot.Activity(
      id: "order", type: "DeliveryAttributes", appName: "Delivery",
      fields: [.init(name: "status", value: "Delivered")],
      alert: .init(title: "Delivered", body: "Enjoy"))
    snapshot.activities = [activity]
    snapshot.activityBanner = activity
    let html = snapshot.drawing().html
    #expect(html.contains("class=\"phone unlocked home\""))
    #expect(html.contains("class=\"activity state-active banner-card\" data-activity=\"order\""))
    #expect(
      html.contains("<div class=\"activity-alert\"><b>Delivered</b> <span>Enjoy</span></div>"))
    #expect(!html.contains("class=\"island"))
  }

  @Test func everyActivityTextIsEscapedInEveryPresentation() {
    let hostile = "<x onload=\"a\">'&"
    let activity = PhoneSnapshot.Activity(
      id: hostile, type: hostile, appName: hostile, state: "ended",
      fields: [.init(name: hostile, value: hostile)], alert: .init(title: hostile, body: hostile))
    for presentation in PhoneSnapshot.Island.Presentation.allCases {
      var snapshot = PhoneSnapshot(time: now, isLocked: false, appName: hostile)
      snapshot.activities = [activity]
      snapshot.island = PhoneSnapshot.Island(
        presentation: presentation, activity: activity, detached: activity)
      snapshot.activityBanner = activity
      let html = snapshot.drawing().html
      #expect(!html.contains("<x"), "\(presentation)")
      #expect(!html.contains("onload=\"a\""), "\(presentation)")
      #expect(html.contains("&lt;x onload=&quot;a&quot;&gt;&#39;&amp;"), "\(presentation)")
    }
  }

  @Test func compactIslandShowsTheFirstContentStateValueAndStaleActivitiesAreMarked() {
    var snapshot = PhoneSnapshot(time: now, isLocked: false, appName: "Delivery")
    let activity = PhoneSnapshot.Activity(
      id: "order", type: "DeliveryAttributes", appName: "Delivery", state: "stale",
      fields: [.init(name: "status", value: "Cooking <soon>"), .init(name: "eta", value: "x")])
    snapshot.activities = [activity]
    snapshot.island = PhoneSnapshot.Island(presentation: .compact, activity: activity)
    let html = snapshot.drawing().html
    #expect(html.contains("<span class=\"island-trailing\">Cooking &lt;soon&gt;</span>"))
    #expect(html.contains("<span class=\"activity-state\">Stale</span>"))
    #expect(html.contains("<div><dt>eta</dt><dd>x</dd></div>"))
    // Notification Center, no banner: the activity is in the list above "No Older Notifications".
    #expect(html.contains("Notification Center at 9:00"))
  }
}

/// A hostile raw body cannot blow up a page (issue: a deeply nested 2 MB body wrote 1 GB).
@Suite struct PayloadListingLimitTests {
  @Test func aDeeplyNestedBodyIsListedWithinTheLimit() throws {
    let depth = 500
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let document = try JSONDocument(parsing: text)
    let html = PayloadListing(usedPaths: [], diagnostics: []).html(document.root)
    // Without the indentation cap this is about 2 × depth² bytes (500 KB); with it, linear.
    #expect(html.utf8.count < 150 * depth)
  }

  @Test func aHugeBodyIsCutWithANote() throws {
    let items = (0..<50_000).map { "\"item \($0)\"" }.joined(separator: ",")
    let document = try JSONDocument(parsing: "[\(items)]")
    let html = PayloadListing(usedPaths: [], diagnostics: []).html(document.root)
    #expect(html.utf8.count < PayloadListing.maximumLength + 1024)
    #expect(html.hasSuffix("too large to show whole</span>"))
  }
}
