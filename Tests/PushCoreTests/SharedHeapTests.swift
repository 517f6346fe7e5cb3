import Testing

@testable import PushCore

/// `pushsim run` of one scenario at a time keeps every thread on one glibc heap (its peak memory
/// must not depend on which threads decode and play); the setting is reached through `dlsym`,
/// so a lookup that stopped working would silently leave the peak to chance.
@Suite(.serialized) struct SharedHeapTests {
  #if os(Linux)
    @Test func glibcAcceptsOneArenaAndTheDefaultAgain() {
      #expect(SharedHeap.useOneArena())
      // Back to glibc's default, so the other tests' threads keep their own heaps.
      #expect(SharedHeap.allowArenaPerThread())
    }
  #endif
}
