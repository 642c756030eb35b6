import Dispatch

/// Runs two independent pieces of work at once (one on this thread, one on another) and
/// returns both results: `flint check`'s semantic checks and its lints, which only read the
/// parsed tree.
enum ConcurrentPair {
  static func run<A: Sendable, B: Sendable>(
    _ first: @Sendable () -> A, _ second: @Sendable () -> B
  ) -> (A, B) {
    let slots = Slots<A, B>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 { slots.first = first() } else { slots.second = second() }
    }
    // concurrentPerform returns after both iterations: both slots are set.
    return (slots.first!, slots.second!)
  }

  /// The two results. Each iteration writes its own slot, and they are read only after
  /// `concurrentPerform` has joined both: no two threads touch one slot, hence unchecked.
  private final class Slots<A, B>: @unchecked Sendable {
    var first: A?
    var second: B?
  }
}
