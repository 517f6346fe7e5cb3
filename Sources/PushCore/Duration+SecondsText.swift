extension Duration {
  /// `30 s`, `1.5 s`, `250 ms`: a duration for reasons in words (errors, the device's log).
  package var secondsText: String {
    let parts = components
    let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    if seconds < 1 && seconds > 0 {
      return "\(Int((seconds * 1000).rounded())) ms"
    }
    if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
    return "\((seconds * 1000).rounded() / 1000) s"
  }
}
