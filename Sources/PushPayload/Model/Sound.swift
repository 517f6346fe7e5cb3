/// `aps.sound`: a sound file name, or the critical-alert dictionary (Behavior.md §1.2, §1.4).
///
/// The string form names a file the app ships (`"default"` is the system sound). The dictionary
/// form (`{"critical": 1, "name": "…", "volume": 0.8}`) is for critical alerts, which need an
/// Apple-issued entitlement and the `criticalAlert` authorization (Behavior.md §1.4).
public struct Sound: Sendable, Hashable {
  /// How the sound was written in the payload.
  public enum Form: String, Sendable, Hashable {
    /// `"sound": "name"`.
    case string
    /// `"sound": {"critical": …, "name": …, "volume": …}`.
    case dictionary
  }

  /// The file name, `"default"` for the system sound; `nil` when a dictionary has no name.
  public var name: String?
  /// `critical: 1` in the dictionary form.
  public var isCritical: Bool
  /// `volume` in the dictionary form, clamped into 0…1 (Behavior.md §1.4).
  public var volume: Double?
  /// Which form the payload used.
  public var form: Form

  /// Creates a sound.
  public init(name: String?, isCritical: Bool = false, volume: Double? = nil, form: Form = .string)
  {
    self.name = name
    self.isCritical = isCritical
    self.volume = volume
    self.form = form
  }

  /// Whether this is the system default sound.
  public var isDefault: Bool { name == nil || name == "default" }
}
