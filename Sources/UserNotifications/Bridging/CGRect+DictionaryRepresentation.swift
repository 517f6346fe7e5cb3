extension CGRect {
  /// The rectangle as CoreGraphics writes it into a dictionary (`X`, `Y`, `Width`, `Height`),
  /// the form ``UNNotificationAttachmentOptionsThumbnailClippingRectKey`` takes.
  ///
  /// CoreGraphics is absent on Linux, so this is defined here for attachment code such as
  /// `options: [UNNotificationAttachmentOptionsThumbnailClippingRectKey:
  /// CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5).dictionaryRepresentation]`. Apple's returns
  /// a `CFDictionary`, which Linux does not expose; an `NSDictionary` holds the same keys.
  public var dictionaryRepresentation: NSDictionary {
    NSDictionary(dictionary: [
      "X": NSNumber(value: Double(origin.x)), "Y": NSNumber(value: Double(origin.y)),
      "Width": NSNumber(value: Double(size.width)), "Height": NSNumber(value: Double(size.height)),
    ])
  }
}
