/// PushLocalization turns `loc-key`/`loc-args` (and the title and subtitle variants) into the
/// text a phone shows: it reads the app's `.strings`, `.stringsdict` and `.xcstrings` tables,
/// picks the language as iOS does, and formats with `%@`, `%n$@` and plural rules.
///
/// It imports nothing of PushSim's own (Architecture.md): callers pass plain strings in and get
/// text and ``Diagnostic`` values back.
public enum PushLocalizationModule {}
