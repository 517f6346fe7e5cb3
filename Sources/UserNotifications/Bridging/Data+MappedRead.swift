public import Foundation

extension Data.ReadingOptions {
  /// `mappedRead`, the older name of `mappedIfSafe` that Apple's Foundation keeps and
  /// swift-corelibs-foundation lacks, so attachment code that reads files with it compiles.
  public static let mappedRead: Data.ReadingOptions = .mappedIfSafe
}
