/// The device's push records by id, in arrival order.
///
/// The records sit in one array and a dictionary maps each id to its place: growing the table
/// moves small integers, not records, and reading every record in order walks the array
/// (a dictionary of records cost more per push at 100,000 pushes than at 10,000, each resize
/// moving every record).
struct PushRecordTable: Sendable {
  /// Every record, in the order its id first arrived.
  private(set) var ordered: [PushRecord] = []
  /// The id each record is stored under, in the same order (``ids``).
  private(set) var ids: [String] = []
  /// Where each id's record is in ``ordered``.
  private var positions: [String: Int] = [:]

  /// The record of `id`, if that push arrived; setting a new id appends it, setting `nil`
  /// removes it (never done by the device; linear, as the later records move up).
  subscript(id: String) -> PushRecord? {
    get { positions[id].map { ordered[$0] } }
    set {
      if let newValue {
        updateValue(newValue, forKey: id)
      } else if let position = positions.removeValue(forKey: id) {
        ordered.remove(at: position)
        ids.remove(at: position)
        for later in position..<ids.count { positions[ids[later]] = later }
      }
    }
  }

  /// Stores `record` for `id` (in place when the id is known, else last), returning the
  /// record it replaced.
  @discardableResult
  mutating func updateValue(_ record: PushRecord, forKey id: String) -> PushRecord? {
    if let position = positions[id] {
      let old = ordered[position]
      ordered[position] = record
      return old
    }
    positions[id] = ordered.count
    ordered.append(record)
    ids.append(id)
    return nil
  }

  /// Changes the record of `id` in place; does nothing when the push never arrived.
  mutating func update(_ id: String, _ change: (inout PushRecord) -> Void) {
    guard let position = positions[id] else { return }
    change(&ordered[position])
  }
}
