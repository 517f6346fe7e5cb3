import Foundation
import PushScenario
import PushSimTestSupport
import Testing

/// The sample site in a real browser: headless Chromium (Debian's `chromium` package).
@Suite(
  .enabled(
    if: HeadlessBrowser.installed != nil,
    "no chromium binary installed (apt-get install -y chromium; .ci/run installs it)"))
struct DocsBrowserTests {
  @Test func browserShowsLocalizedTextAndRunsNoPayloadMarkup() throws {
    let browser = try #require(HeadlessBrowser.installed)
    let folder = try writeSample()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dom = try browser.dumpDOM(folder.appendingPathComponent("localized.html"))
    for text in [
      "Ана Петровић", "Здраво! Како си?", "¡Tu pedido está en camino!", "Llegará mañana",
      "Crème brûlée", "naïve façade, jalapeño", "2 more messages from Ана", "Работа",
    ] {
      #expect(dom.contains(text), "the DOM lacks \(text)")
    }
    // Payload markup stayed text: the injected image never ran its handler.
    #expect(
      dom.contains("<title>Localized: Cyrillic and accents &lt;i&gt;render&lt;/i&gt;</title>"))
    #expect(!dom.contains("<img src=\"x\""))
    #expect(dom.contains("&lt;script&gt;alert('owned')&lt;/script&gt;"))
    let index = try browser.dumpDOM(folder.appendingPathComponent("index.html"))
    #expect(index.contains("Localized: Cyrillic and accents"))
    #expect(index.contains("Nothing pending"))
  }

  @Test func screenshotIsANonBlankImageOfTheWindowSize() throws {
    let browser = try #require(HeadlessBrowser.installed)
    let folder = try writeSample()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shot = folder.appendingPathComponent("shot.png")
    try browser.screenshot(
      folder.appendingPathComponent("localized.html"), width: 900, height: 1000, to: shot)
    let png = try PNGSummary.read(shot)
    #expect(png.width == 900)
    #expect(png.height == 1000)
    // A page with a wallpaper, cards and text has many colours; a blank one has one.
    #expect(png.distinctColors > 50)
  }

  private func writeSample() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pushsim-docs-browser-\(UUID().uuidString)")
    _ = try DocsSampleSite.site.write(to: folder)
    return folder
  }
}
