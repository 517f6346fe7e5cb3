import Foundation
package import PushDevice

/// One line of `pushsim serve`'s live log: a request and APNs's verdict, a device event, a
/// finding or a `[model]` note, with its source and its place in the log.
package struct LiveEntry: Sendable, Equatable {
  /// Its number in the log, from 1 (the page asks for the entries after the last it has).
  package var sequence: Int
  /// Whose rule or answer it is: `apns`, `api`, `device`, `model`, `lint`.
  package var source: String
  /// The phone it is about, if any.
  package var device: String?
  /// The line, in the words of the text output.
  package var text: String
  /// Whether it reports a refusal or a failure (drawn in red).
  package var failed: Bool

  /// Creates an entry.
  package init(sequence: Int, source: String, device: String?, text: String, failed: Bool) {
    self.sequence = sequence
    self.source = source
    self.device = device
    self.text = text
    self.failed = failed
  }
}

/// `pushsim serve`'s live page (`GET /`; CommandLine.md, `pushsim serve`): every phone drawn
/// as the documentation site draws it (lock screen, banners, incoming calls, Live Activities,
/// the Dynamic Island), and the log of requests and events with their sources. Its one inline
/// script asks the server for what changed (long polling over HTTP/1.1: nothing from outside,
/// no reload) and puts it in place.
package enum LivePage {
  /// A phone drawn: its markup and the images it shows, by the absolute path the markup uses.
  package struct Phone: Sendable {
    /// The phone's name in the devices file.
    package var name: String
    /// The `<figure class="phone">` drawing.
    package var node: HTMLNode
    /// The images the drawing refers to (attachment thumbnails, avatars).
    package var assets: [DocsScenario.Asset]
  }

  /// Draws `device` as the site draws the phone after a step, `events` being the ones its
  /// latest request caused (a banner, a ringing screen, a lit lock screen come from them).
  /// Images are referred to under `assetFolder` (an absolute path the server answers).
  package static func phone(
    named name: String, device: Device, events: [DeviceEvent], assetFolder: String
  ) -> Phone {
    var builder = PageBuilder(assetFolder: assetFolder)
    let snapshot = builder.snapshot(device, userActed: false, events: events)
    return Phone(name: name, node: snapshot.drawing().node, assets: builder.assets)
  }

  /// One log entry as a list item.
  package static func entry(_ entry: LiveEntry) -> String {
    node(entry).html
  }

  private static func node(_ entry: LiveEntry) -> HTMLNode {
    element(
      "li",
      [
        "class": entry.failed ? "live-entry failed" : "live-entry",
        "data-seq": String(entry.sequence), "data-source": entry.source,
      ]
    ) {
      element("span", ["class": "live-source"]) { "[\(entry.source)]" }
      " "
      entry.text
    }
  }

  /// The whole page: the phones, then the log (its last entries), then the script that keeps
  /// both current from `next` on.
  package static func page(phones: [Phone], entries: [LiveEntry], next: Int, window: Int)
    -> String
  {
    HTMLStream.text { stream in
      let html = element("html", ["lang": "en"])
      let body = element(
        "body", ["class": "live", "data-next": String(next), "data-window": String(window)])
      stream.write(.trusted("<!DOCTYPE html>"))
      stream.write("\n")
      stream.open(html)
      stream.write(
        element("head") {
          element("meta", ["charset": "utf-8"])
          element("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
          element("title") { "PushSim: live" }
          element("link", ["rel": "stylesheet", "href": stylesheetPath])
        })
      stream.write("\n")
      stream.open(body)
      stream.write(
        element("header", ["class": "live-head"]) {
          element("h1") { "What the phones show" }
          element("p") {
            "Live from pushsim serve: each push as APNs answered it and as the phone played it."
          }
        })
      stream.write(
        element("div", ["class": "live-phones"]) {
          for phone in phones {
            element("section", ["class": "live-phone", "id": "phone-\(phone.name)"]) {
              element("h2") { phone.name }
              element("div", ["class": "live-drawing"]) { phone.node }
            }
          }
        })
      stream.write(
        element("ol", ["id": "log", "class": "live-log"]) {
          for entry in entries { node(entry) }
        })
      stream.write(element("script") { .trusted(script) })
      stream.close(body)
      stream.close(html)
      stream.write("\n")
    }
  }

  /// The answer to `GET /pushsim/live/updates`: the entries after the page's last, the phones
  /// drawn anew, and where to ask from next. `reset`: entries the page asked for have left the
  /// window, so the page starts its log over with these.
  package static func updates(
    entries: [LiveEntry], phones: [Phone], next: Int, reset: Bool, window: Int
  ) -> String {
    var text = "{\"next\":\(next),\"window\":\(window),\"reset\":\(reset),\"entries\":["
    text += entries.map { jsonString(entry($0)) }.joined(separator: ",")
    text += "],\"phones\":{"
    text += phones.map { "\(jsonString($0.name)):\(jsonString($0.node.html))" }.joined(
      separator: ",")
    return text + "}}"
  }

  private static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // `<` written as an escape: the JSON never closes a script element it may be read in.
      case "<": out += "\\u003c"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// The page's own script: asks for updates after the last entry it has (the server holds
  /// the request until something happens, or `wait` milliseconds, from the page's `?wait=`),
  /// appends the entries, keeps the log to the server's window, and redraws the phones that
  /// changed. Text arrives as escaped markup made by the server.
  static let script: TrustedHTML = #"""
    (function () {
      var next = Number(document.body.dataset.next);
      var wait = new URLSearchParams(location.search).get("wait") || "20000";
      var log = document.getElementById("log");
      function apply(update) {
        if (update.reset) { log.textContent = ""; }
        update.entries.forEach(function (html) { log.insertAdjacentHTML("beforeend", html); });
        while (log.children.length > update.window) { log.removeChild(log.firstElementChild); }
        Object.keys(update.phones).forEach(function (name) {
          var section = document.getElementById("phone-" + name);
          if (section) { section.querySelector(".live-drawing").innerHTML = update.phones[name]; }
        });
        next = update.next;
      }
      function poll() {
        fetch("/pushsim/live/updates?after=" + next + "&wait=" + encodeURIComponent(wait))
          .then(function (response) { return response.json(); })
          .then(function (update) { apply(update); setTimeout(poll, 200); })
          .catch(function () { setTimeout(poll, 2000); });
      }
      poll();
    })();
    """#

  /// Where the page's stylesheet is served.
  package static let stylesheetPath = "/pushsim/live/style.css"

  /// The page's stylesheet: the site's, and the live page's own layout.
  package static var stylesheet: String { DocsStyle.css + liveCSS }

  /// The live page's own layout.
  static let liveCSS = #"""
    body.live { max-width: none; padding: 16px 24px; }
    .live-phones { display: flex; flex-wrap: wrap; gap: 24px; }
    .live-phone h2 { font-size: 15px; margin: 0 0 8px; }
    .live-log { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; list-style: none;
      padding: 0; margin: 24px 0; }
    .live-entry { padding: 1px 0; border-bottom: 1px solid rgba(127,127,127,.15); white-space: pre-wrap; }
    .live-entry.failed { color: #c62828; }
    .live-source { opacity: .7; }
    """#
}

extension PageBuilder {
  /// A builder that draws phones outside any scenario (the live page): its images go under
  /// `assetFolder`.
  init(assetFolder: String) {
    name = ""
    description = ""
    file = ""
    stepCount = 0
    tapsWithActions = [:]
    self.assetFolder = assetFolder
    continuation = nil
  }
}
