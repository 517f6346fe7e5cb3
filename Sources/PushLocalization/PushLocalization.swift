/// PushLocalization turns `loc-key`/`loc-args` (and the title and subtitle variants) into the
/// text a phone shows: it reads the app's `.strings`, `.stringsdict` and `.xcstrings` tables,
/// picks the language as iOS does, and formats with `%@`, `%n$@` and plural rules.
///
/// It imports only PushCore and PushPayload's JSON writer (Architecture.md): callers pass plain
/// strings in and get text and PushCore `Diagnostic` values back.
public enum PushLocalizationModule {}
