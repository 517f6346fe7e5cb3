/// A binary min-heap: the timer's deadlines, earliest first.
///
/// - Complexity: O(log n) to insert and to remove the first.
struct MinHeap<Element> {
  private var storage: [Element] = []
  private let less: (Element, Element) -> Bool

  init(by less: @escaping (Element, Element) -> Bool) { self.less = less }

  /// The least element.
  var first: Element? { storage.first }

  mutating func insert(_ element: Element) {
    storage.append(element)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard less(storage[child], storage[parent]) else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes the least element; the heap must not be empty.
  mutating func removeFirst() {
    guard !storage.isEmpty else { return }
    storage.swapAt(0, storage.count - 1)
    storage.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var least = parent
      if left < storage.count, less(storage[left], storage[least]) { least = left }
      if right < storage.count, less(storage[right], storage[least]) { least = right }
      guard least != parent else { return }
      storage.swapAt(parent, least)
      parent = least
    }
  }
}
