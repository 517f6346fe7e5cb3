internal import PushLocalization

extension NSString {
  /// A localized string for notification text (`localizedUserNotificationString(forKey:arguments:)`).
  ///
  /// Looks `key` up in `Bundle.main`'s `Localizable` table, in the bundle's first preferred
  /// localization, and formats it with `arguments` as the device formats `loc-args` (`%@`,
  /// `%n$@`, numbers for `%d`; Rules.md §3). A key with no entry is its own format, as on iOS.
  ///
  /// Deliberate difference: iOS returns a string that is localized later, when the notification
  /// is delivered, in the user's language then. On Linux there is no such deferred string, so it
  /// is localized at once, in `Bundle.main`'s language; a command-line or test bundle usually has
  /// no `Localizable` table, so the key itself is formatted.
  public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?)
    -> String
  {
    let format = Bundle.main.localizedString(forKey: key, value: key, table: nil)
    let language = Bundle.main.preferredLocalizations.first ?? "en"
    let formatArguments = (arguments ?? []).map { argument -> FormatArgument in
      if let number = argument as? NSNumber, let integer = Int(exactly: number.doubleValue) {
        return .number(integer)
      }
      if let integer = argument as? Int { return .number(integer) }
      return .text(String(describing: argument))
    }
    return LocalizedFormatter(language: language).format(format, arguments: formatArguments).text
  }
}
