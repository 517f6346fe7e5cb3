public import Foundation
import Synchronization

/// The app's folders on one simulated device: the shared container of each app group it
/// declares, and where the preferences of its `UserDefaults` suites are kept (Rules.md §17).
///
/// A ``DeviceHost`` owns one, so devices never share a folder, also in parallel tests. Nothing
/// is made until the app's code asks: the device's folder (``root``, under the process's
/// temporary directory) appears with the first container or suite, and is removed with this
/// value, when the host is gone (a folder never made is not looked for: removing it would still
/// lock the temporary directory, which every device in parallel would wait for). A run depends
/// only on its files: nothing persists into the next.
///
/// The layout follows iOS's, where a group's defaults live in its container:
///
/// ```
/// <root>/AppGroup/group.com.example.chat/Library/Caches/
/// <root>/AppGroup/group.com.example.chat/Library/Preferences/group.com.example.chat.plist
/// <root>/App/Library/Preferences/<suite>.plist          the app's own suites
/// <root>/Extension/Library/Preferences/<suite>.plist    the extension's own suites
/// ```
public final class AppContainers: Sendable {
  /// Which of the app's processes asks: on iOS the app and each extension have a container of
  /// their own, and share only their app groups'.
  package enum Process: Sendable, Hashable {
    /// The app: its delegates, handlers and launch code.
    case app
    /// The app's notification service extension.
    case serviceExtension
  }

  /// The device's folder.
  public let root: URL
  private let app: Mutex<(bundleId: String, groups: Set<String>)>
  /// Whether a container or a suite's folder was made in ``root``.
  private let made = Atomic<Bool>(false)

  /// Creates the folders of `app` on a device, in a fresh folder under the temporary directory
  /// (made when first needed).
  package init(app: AppConfiguration) {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushsim-device-\(UUID().uuidString)", isDirectory: true)
    self.app = Mutex((app.bundleId, Set(app.appGroups)))
  }

  deinit {
    if made.load(ordering: .acquiring) { try? FileManager.default.removeItem(at: root) }
  }

  /// Takes the app's changed configuration (a `set` step): its bundle ID and app groups.
  func update(_ app: AppConfiguration) {
    self.app.withLock { $0 = (app.bundleId, Set(app.appGroups)) }
  }

  /// Whether the app declares `group` (a valid identifier it lists in ``AppConfiguration/appGroups``).
  package func declares(_ group: String) -> Bool {
    AppGroupIdentifier.isValid(group) && app.withLock { $0.groups.contains(group) }
  }

  /// The shared container of `group`, as `containerURL(forSecurityApplicationGroupIdentifier:)`
  /// answers on iOS: the same folder for the app and its extensions, made on demand with
  /// `Library/Caches` in it; `nil` when the app does not declare the group (Behavior §13.5).
  public func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL? {
    guard declares(group) else { return nil }
    let folder = root.appendingPathComponent("AppGroup", isDirectory: true)
      .appendingPathComponent(group, isDirectory: true)
    let caches = folder.appendingPathComponent("Library/Caches", isDirectory: true)
    made.store(true, ordering: .releasing)
    do {
      try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
    } catch {
      return nil
    }
    return folder
  }

  /// The name to give Foundation's `UserDefaults(suiteName:)` for the suite `name` asked for by
  /// code of `process`: the path of its preferences file without `.plist` (an absolute path
  /// names the file Foundation keeps the suite in). A declared group's suite lies in the group's
  /// container, shared by the app and its extension; any other suite, an undeclared group's
  /// included, is the asking process's own. `nil` for the names Apple calls invalid: the app's
  /// bundle identifier and `NSGlobalDomain` (Behavior §13.5).
  package func preferencesSuiteName(_ name: String, for process: Process) -> String? {
    let bundleId = app.withLock { $0.bundleId }
    guard name != bundleId, name != "NSGlobalDomain" else { return nil }
    let library: URL
    if let container = containerURL(forSecurityApplicationGroupIdentifier: name) {
      library = container.appendingPathComponent("Library", isDirectory: true)
    } else {
      let own = process == .app ? "App" : "Extension"
      library = root.appendingPathComponent("\(own)/Library", isDirectory: true)
    }
    let folder = library.appendingPathComponent("Preferences", isDirectory: true)
    made.store(true, ordering: .releasing)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      return nil
    }
    return folder.appendingPathComponent(Self.fileName(name)).path
  }

  /// The defaults of `group` as the app's code sees them (for checks after a run); `nil` when the
  /// app does not declare the group.
  public func userDefaults(forSecurityApplicationGroupIdentifier group: String) -> UserDefaults? {
    guard declares(group) else { return nil }
    return preferencesSuiteName(group, for: .app).flatMap { UserDefaults(suiteName: $0) }
  }

  /// A suite name as one file name: `/` and anything outside letters, digits, `-`, `_` and `.`
  /// are percent-encoded, so no name leads out of its folder (the empty name is `%`, which no
  /// encoded name is).
  ///
  /// A name whose file (with Foundation's `.plist`) would pass the 255 bytes a file name may
  /// have (28 CJK characters or more, each 9 bytes encoded) is cut to its first 184 bytes, at a
  /// whole character, followed by `~` and the ``StableDigest`` of the whole name: Foundation
  /// could never write the longer file, and its cache in memory would hide that the suite is
  /// lost (Rules.md §17). No encoded name has a `~` (it is encoded as `%7E`), so a long name
  /// never takes a short one's file, and the digest keeps long names with the same start apart.
  static func fileName(_ name: String) -> String {
    let allowed = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    guard !name.isEmpty, let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed)
    else { return "%" }
    guard encoded.utf8.count + preferencesExtension.utf8.count > maximumFileNameBytes else {
      return encoded
    }
    let digest = "~" + StableDigest.hex(name.utf8)
    let room = maximumFileNameBytes - preferencesExtension.utf8.count - digest.utf8.count
    var start = ""
    for character in name {
      guard let piece = String(character).addingPercentEncoding(withAllowedCharacters: allowed),
        start.utf8.count + piece.utf8.count <= room
      else { break }
      start += piece
    }
    return start + digest
  }

  /// The longest file name, in bytes, Linux's file systems take (`NAME_MAX`).
  static let maximumFileNameBytes = 255
  /// What Foundation adds to a suite's path for its file.
  static let preferencesExtension = ".plist"
}
