import Foundation
import PushSimTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Inputs that are not regular files are named for what they are, a scenario reads files only
/// inside its folder tree, and `docs` writes only inside its output folder.
@Suite struct FileInputTests {
  static let payload = #"{"aps": {"alert": "Hi"}}"#

  @Test func renderSaysWhatAPathIsWhenItIsNotAFile() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("dir.json"), withIntermediateDirectories: true)
    #expect(mkfifo(folder.path("fifo.json"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("loop.json"), withDestinationPath: folder.path("loop.json"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("dangling.json"), withDestinationPath: folder.path("gone.json"))
    let cases = [
      ("dir.json", "is a folder, not a file"),
      ("fifo.json", "is a FIFO (named pipe), not a regular file"),
      ("loop.json", "is a symbolic link loop"),
      ("dangling.json", "is a symbolic link to nothing (no such file)"),
      ("missing.json", "no such file"),
    ]
    for (name, problem) in cases {
      let result = try CommandRunner.run(["render", folder.path(name)])
      #expect(result.status == 2)
      #expect(result.standardError == "\(folder.path(name)): error: \(problem)\n")
    }
  }

  @Test func aMediaFileThatIsAFIFOIsRefusedBeforeTheRun() throws {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.path("media/a.jpg"), 0o600) != 0)  // no folder yet
    try FileManager.default.createDirectory(
      atPath: folder.path("media"), withIntermediateDirectories: true)
    #expect(mkfifo(folder.path("media/a.jpg"), 0o600) == 0)
    try folder.write(
      "s.json",
      #"""
      { "app": { "serviceExtension": { "kind": "media", "urlKeys": ["u"], "fetch": "manifest" },
                 "media": { "https://cdn.example.com/a.jpg": { "file": "media/a.jpg", "contentType": "image/jpeg" } } },
        "steps": [ { "push": { "payload": { "aps": { "alert": "a", "mutable-content": 1 }, "u": "https://cdn.example.com/a.jpg" } } } ] }
      """#)
    let result = try CommandRunner.run(["run", folder.url.path])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("media/a.jpg: is a FIFO (named pipe), not a regular file"))
  }

  @Test func payloadFilesStayInsideTheScenarioFolderTree() throws {
    let outside = try TemporaryFolder()
    let secret = try outside.write("secret.json", Self.payload)
    let folder = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.json"), withDestinationPath: secret)
    let escape = "../" + outside.url.lastPathComponent + "/secret.json"
    let cases = [
      (secret, "an absolute path"),
      (escape, "leads outside the scenario's folder tree"),
      ("link.json", "leads outside the scenario's folder tree"),
    ]
    for (reference, problem) in cases {
      try folder.write(
        "s.json", #"{ "steps": [ { "push": { "payloadFile": "\#(reference)" } } ] }"#)
      for command in ["run", "docs"] {
        var arguments = [command, folder.path("s.json")]
        if command == "docs" { arguments += ["--out", folder.path("site")] }
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2, "\(reference) \(command)")
        #expect(result.standardError.contains(problem), "\(reference) \(command)")
      }
    }
    // Inside the tree, a relative path (with `..` that stays inside) is fine.
    try FileManager.default.removeItem(atPath: folder.path("s.json"))
    try FileManager.default.removeItem(atPath: folder.path("link.json"))
    try folder.write("payloads/p.json", Self.payload)
    try folder.write(
      "sub/s.json", #"{ "steps": [ { "push": { "payloadFile": "../payloads/p.json" } } ] }"#)
    #expect(try CommandRunner.run(["run", folder.url.path]).status == 0)
  }

  /// The app file a scenario names, and the strings folder an app names, follow the rule of
  /// payload files: relative, inside the scenario's folder tree (Rules.md §9.6); `docs`
  /// publishes nothing of an app or strings from elsewhere.
  @Test func appFilesAndStringsFoldersStayInsideTheScenarioFolderTree() throws {
    let outside = try TemporaryFolder()
    let secretApp = try outside.write(
      "x.app.json", #"{"bundleId": "com.example.outside", "name": "OutsideApp"}"#)
    try outside.write("Strings/en.lproj/Localizable.strings", #""SECRET" = "TopSecretValue";"#)
    let folder = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.app.json"), withDestinationPath: secretApp)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("LinkedStrings"), withDestinationPath: outside.path("Strings"))
    let away = "../" + outside.url.lastPathComponent
    let push = #"{ "push": { "payload": { "aps": { "alert": { "loc-key": "SECRET" } } } } }"#
    let cases = [
      (#""/etc/passwd""#, "/etc/passwd: an absolute path"),
      (#""\#(away)/x.app.json""#, "leads outside the scenario's folder tree"),
      (#""link.app.json""#, "leads outside the scenario's folder tree"),
      (#"{ "strings": "\#(away)/Strings" }"#, "leads outside the scenario's folder tree"),
      (#"{ "strings": "LinkedStrings" }"#, "leads outside the scenario's folder tree"),
      (#"{ "strings": "\#(outside.path("Strings"))" }"#, "an absolute path"),
    ]
    for (app, problem) in cases {
      try folder.write("s.json", #"{ "app": \#(app), "steps": [ \#(push) ] }"#)
      for command in ["run", "docs"] {
        var arguments = [command, folder.path("s.json")]
        if command == "docs" { arguments += ["--out", folder.path("site")] }
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2, "\(app) \(command)")
        #expect(result.standardError.contains(problem), "\(app) \(command)")
        #expect(result.standardError.contains("s.json:1:"), "\(app) \(command)")
        #expect(result.standardError.contains("Rules.md §9.6"), "\(app) \(command)")
        #expect(!result.standardError.contains("expected a JSON value"), "\(app) \(command)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("site")), "\(app)")
      }
    }
    // An app file that names a strings folder outside the tree: the app file's position.
    try folder.write("app/in.app.json", #"{ "strings": "../\#(away)/Strings" }"#)
    try folder.write("s.json", #"{ "app": "app/in.app.json", "steps": [ \#(push) ] }"#)
    let fromAppFile = try CommandRunner.run(["run", folder.path("s.json")])
    #expect(fromAppFile.status == 2)
    #expect(fromAppFile.standardError.contains("app/in.app.json:1:"))
    #expect(fromAppFile.standardError.contains("leads outside the scenario's folder tree"))
    // A `set` step changes the strings folder by the same rule.
    try folder.write(
      "s.json", #"{ "steps": [ { "set": { "app": { "strings": "\#(away)/Strings" } } } ] }"#)
    let fromSet = try CommandRunner.run(["run", folder.path("s.json")])
    #expect(fromSet.status == 2)
    #expect(fromSet.standardError.contains("leads outside the scenario's folder tree"))
    // Inside the tree, app files and strings folders are read (a shared app file above the
    // scenario's folder, too).
    try folder.write("chat.app.json", #"{ "bundleId": "com.example.chat", "strings": "Strings" }"#)
    try folder.write("Strings/en.lproj/Localizable.strings", #""SECRET" = "Inside";"#)
    try folder.write("sub/s.json", #"{ "app": "../chat.app.json", "steps": [ \#(push) ] }"#)
    try FileManager.default.removeItem(atPath: folder.path("s.json"))
    let inside = try CommandRunner.run(["run", folder.path("sub/s.json")])
    #expect(inside.status == 0, "\(inside.standardError)")
    #expect(inside.standardOutput.contains("Inside"))
  }

  @Test func docsWritesOnlyInsideItsOutputFolder() throws {
    let root = try CommandRunner.run(["docs", "Scenarios/center/collapse-id.json", "--out", "/"])
    #expect(root.status == 2)
    #expect(root.standardError.contains("refusing to write the site into the root folder"))

    let outside = try TemporaryFolder()
    let site = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: site.path("rich-notifications-files"), withDestinationPath: outside.url.path)
    let result = try CommandRunner.run([
      "docs", "Scenarios/rich-notifications.json", "--out", site.url.path,
    ])
    #expect(result.status == 2)
    #expect(result.standardError.contains("is a symbolic link; the site is written only inside"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
  }
}

/// A credential in a payload's media URL reaches neither the run report nor the docs site.
@Suite struct CredentialRedactionTests {
  @Test func reportsAndDocsNeverShowTheCredential() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "s.json",
      #"""
      { "app": { "serviceExtension": { "kind": "media", "urlKeys": ["u"], "fetch": "manifest" } },
        "steps": [ { "push": { "payload": { "aps": { "alert": "a", "mutable-content": 1 },
                                            "u": "https://ana:s3cret@cdn.example.com/a.jpg" } } } ] }
      """#)
    for format in ["text", "junit"] {
      let result = try CommandRunner.run(["run", "--format", format, folder.path("s.json")])
      #expect(result.standardOutput.contains("***@cdn.example.com"), "\(format)")
      #expect(!result.standardOutput.contains("s3cret"), "\(format)")
    }
    // The JSON report's events are redacted; `final.notifications.*.userInfo` is the payload
    // the app received, as `expect` reads it.
    let json = try CommandRunner.run(["run", "--format", "json", folder.path("s.json")])
    let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    let scenario = try #require(
      ((object as? [String: Any])?["scenarios"] as? [[String: Any]])?.first)
    let events = try JSONSerialization.data(withJSONObject: scenario["events"] ?? [])
    #expect(!String(decoding: events, as: UTF8.self).contains("s3cret"))
    let docs = try CommandRunner.run(["docs", folder.path("s.json"), "--out", folder.path("site")])
    #expect(docs.status == 0)
    let page = try String(contentsOfFile: folder.path("site/s.html"), encoding: .utf8)
    #expect(!page.contains("s3cret"))
    #expect(page.contains("***@cdn.example.com"))
  }
}

/// `run` on a folder it cannot list says so, instead of "no scenario".
@Suite struct UnreadableFolderTests {
  /// `pushsim run PATH` as an unprivileged user: `setpriv` to `nobody` when the tests run as
  /// root (root reads every folder), else as is.
  static func runUnprivileged(_ path: String) throws -> CommandRunner.Result? {
    guard geteuid() == 0 else { return try CommandRunner.run(["run", path]) }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    return try CommandRunner.run(
      [
        "--reuid=65534", "--regid=65534", "--clear-groups", try CommandRunner.executableURL().path,
        "run", path,
      ], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  @Test func anUnreadableFolderOrSubfolderIsNamed() throws {
    let folder = try TemporaryFolder()
    try folder.write("inner/s.json", #"{ "steps": [] }"#)
    #expect(chmod(folder.path("inner"), 0) == 0)
    defer { _ = chmod(folder.path("inner"), 0o755) }
    for (path, shown) in [
      (folder.path("inner"), folder.path("inner")), (folder.url.path, folder.path("inner")),
    ] {
      guard let result = try Self.runUnprivileged(path) else { return }
      #expect(result.status == 2)
      #expect(result.standardError == "\(shown): error: cannot be read: permission denied\n")
    }
  }
}
