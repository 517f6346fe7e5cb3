import PushCore

/// Values by push id, in the order each id was first stored: the device's push records and
/// its notifications.
///
/// The values sit in one array and a dictionary maps each id to its place: growing the table
/// moves small integers, not records (a dictionary of records cost more per push at 100,000
/// pushes than at 10,000, each resize moving every record), and reading every value in order
/// walks the array.
struct OrderedTable<Value: Sendable>: Sendable {
  /// Every value, in the order its id was first stored.
  private(set) var ordered: [Value] = []
  /// The id each value is stored under, in the same order (``ids``).
  private(set) var ids: [String] = []
  /// Where each id's value is in ``ordered``.
  private var positions: [String: Int] = [:]
  /// The id last stored or changed, with its place: the device handles a push's record and
  /// notification several times in a row, and comparing one id costs less than hashing it
  /// into a table of every push (slow to reach once it outgrows the caches).
  private var latest: (id: String, position: Int)?

  /// Where `id`'s value is in ``ordered``.
  func position(of id: String) -> Int? {
    if let latest, latest.id == id { return latest.position }
    return positions[id]
  }

  /// The value of `id`; setting a new id appends it, setting `nil` removes it (never done by
  /// the device; linear, as the later values move up).
  subscript(id: String) -> Value? {
    get { position(of: id).map { ordered[$0] } }
    set {
      if let newValue {
        updateValue(newValue, forKey: id)
      } else if let position = positions.removeValue(forKey: id) {
        latest = nil
        ordered.remove(at: position)
        ids.remove(at: position)
        for later in position..<ids.count { positions[ids[later]] = later }
      }
    }
  }

  /// Keeps the values whose place `keep` accepts, in their order, and drops the others,
  /// returning the dropped ids in order (a device forgetting old pushes, Rules.md §18.9).
  /// `keep` is asked about each place once, in order, before anything at or after it moves.
  ///
  /// The values move down in place: the arrays and the index keep their storage, so a phone
  /// that forgets again and again allocates nothing here but the list it returns (new arrays
  /// each time left the heap fragmented, and a long-running server's memory grew with it).
  ///
  /// - Complexity: O(n).
  mutating func retain(places keep: (Int) -> Bool) -> [String] {
    var dropped: [String] = []
    var next = 0
    for place in ordered.indices {
      guard keep(place) else {
        dropped.append(ids[place])
        positions[ids[place]] = nil
        continue
      }
      if next != place {
        ordered.swapAt(next, place)
        ids.swapAt(next, place)
        positions[ids[next]] = next
      }
      next += 1
    }
    guard !dropped.isEmpty else { return [] }
    ordered.removeLast(ordered.count - next)
    ids.removeLast(ids.count - next)
    latest = nil
    return dropped
  }

  /// Stores `record` for `id` (in place when the id is known, else last), returning the
  /// value it replaced.
  @discardableResult
  mutating func updateValue(_ record: Value, forKey id: String) -> Value? {
    let known: Int?
    if let latest, latest.id == id {
      known = latest.position
    } else {
      known = positions.insertIfAbsent(ordered.count, forKey: id)
    }
    guard let position = known else {
      latest = (id, ordered.count)
      ordered.append(record)
      ids.append(id)
      return nil
    }
    latest = (id, position)
    let old = ordered[position]
    ordered[position] = record
    return old
  }

  /// Changes the value of `id` in place; does nothing when there is none.
  mutating func update(_ id: String, _ change: (inout Value) -> Void) {
    guard let position = position(of: id) else { return }
    latest = (id, position)
    change(&ordered[position])
  }

  /// Moves the last value into the place of `id`'s value, which is dropped: the table keeps
  /// one value fewer, and the last id now answers at that place. Returns the place, or `nil`
  /// (nothing changed) when `id` is unknown or is the last id.
  ///
  /// - Complexity: O(1): what replaces a record in place (a repeating local notification's
  ///   counted firings, Rules.md §9.9) must not move the records after it.
  mutating func moveLast(into id: String) -> Int? {
    guard let place = position(of: id), let lastID = ids.last, place != ordered.count - 1,
      let last = ordered.popLast()
    else { return nil }
    ids.removeLast()
    positions[id] = nil
    positions[lastID] = place
    ordered[place] = last
    ids[place] = lastID
    latest = (lastID, place)
    return place
  }
}
