public import Foundation

/// A log handle (`os_log_t`): the subsystem and category the lines written through it carry.
///
/// As on Apple platforms, ``OSLog/default`` has no subsystem or category and ``OSLog/disabled``
/// drops every line.
open class OSLog: NSObject, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a `Sendable` type; the class is `open`, as
  // Apple declares it, so the compiler cannot check subclasses.

  /// The subsystem (`com.example.app`), empty for ``default``.
  package let subsystem: String
  /// The category (`push`), empty for ``default``.
  package let category: String
  /// Whether lines written through this handle are dropped.
  package let isDisabled: Bool

  /// A handle for `subsystem` and `category`, as `os_log_create` makes.
  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
    self.isDisabled = false
  }

  /// A handle for `subsystem` and one of the special categories.
  public convenience init(subsystem: String, category: OSLog.Category) {
    self.init(subsystem: subsystem, category: category.rawValue)
  }

  private init(disabled: Bool) {
    subsystem = ""
    category = ""
    isDisabled = disabled
  }

  /// `OS_LOG_DEFAULT`: no subsystem, no category.
  public static let `default` = OSLog(disabled: false)
  /// `OS_LOG_DISABLED`: lines written through it are dropped.
  public static let disabled = OSLog(disabled: true)

  /// The special categories (`OS_LOG_CATEGORY_POINTS_OF_INTEREST`, …).
  public struct Category: RawRepresentable, Sendable {
    /// The category's name.
    public let rawValue: String
    /// Creates a category from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `PointsOfInterest`: signposts shown in Instruments.
    public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
    /// `DynamicTracing`.
    public static let dynamicTracing = Category(rawValue: "DynamicTracing")
    /// `DynamicStackTracing`.
    public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
  }
}
