import PushCore

extension Diagnostic {
  /// A table file that cannot be read: the device loads nothing from it (Localization.md
  /// §2.2: a table that fails to load counts as empty).
  static func unreadableFile(_ file: String) -> Diagnostic {
    Diagnostic(
      .error, code: .unreadableFile, location: .file(file), message: "cannot read the file",
      source: .device)
  }
}
