extension Dictionary {
  /// Stores `value` for `key` unless the key already has a value, which is left as it was and
  /// returned (`nil`: `value` was stored). A new key is hashed once: the table is written
  /// first, and put back when the key was there (the device's and the scenario decoder's
  /// tables of every push mostly see new ids, where a lookup then an insert would hash twice).
  package mutating func insertIfAbsent(_ value: Value, forKey key: Key) -> Value? {
    guard let existing = updateValue(value, forKey: key) else { return nil }
    self[key] = existing
    return existing
  }
}
