public import PushMedia

/// A media type a notification attachment may have: PushMedia's, where the attachment rules
/// live below the device (Rules.md §7).
public typealias MediaType = PushMedia.MediaType
