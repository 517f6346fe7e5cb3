import PushPayload

extension JSONValue {
  /// This value with every array and object member list in storage of exactly its size.
  ///
  /// The reader reserves room for several members per object (cheap to read, wasteful to
  /// keep): a payload tree the device keeps for as long as its notification (`userInfo`), or
  /// the checks a scenario keeps until it has played, takes a fraction of the memory once
  /// compacted. Members, their order, duplicates and byte ranges are unchanged.
  package func compacted() -> JSONValue {
    switch kind {
    case .array(let elements):
      return JSONValue(.array(elements.map { $0.compacted() }), byteRange: byteRange)
    case .object(let object):
      return JSONValue(.object(object.compacted()), byteRange: byteRange)
    default:
      return self
    }
  }
}

extension JSONObject {
  /// This object with its members (and theirs) in storage of exactly their size
  /// (``JSONValue/compacted()``).
  package func compacted() -> JSONObject {
    JSONObject(
      members.map { JSONMember(key: $0.key, keyRange: $0.keyRange, value: $0.value.compacted()) })
  }
}
