import Synchronization

/// The last few results of a costly step (compiling rules, loading seed data), each found by the
/// whole input it came from: a key equal in every byte, never a modification date, so a text
/// edited in the page or a file changed on disk is a miss and is worked out again. Bounded: the
/// `capacity` most recently used results are kept, the oldest dropped. Safe to share between the
/// server's concurrent handlers; two calls that miss at once both do the work (the lock is not
/// held while it runs), and the first to finish is kept.
package final class RecentResults<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  package let capacity: Int
  /// Least recently used first.
  private let entries: Mutex<[(key: Key, value: Value)]>

  package init(capacity: Int) {
    self.capacity = max(1, capacity)
    entries = Mutex([])
  }

  /// The result for `key`: the kept one, else `make()`'s, which is then kept.
  package func value(for key: Key, otherwise make: () -> Value) -> Value {
    let kept = entries.withLock { entries -> Value? in
      guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.value
    }
    if let kept { return kept }
    let made = make()
    entries.withLock { entries in
      guard !entries.contains(where: { $0.key == key }) else { return }
      entries.append((key, made))
      if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
    return made
  }

  /// How many results are kept now.
  package var count: Int { entries.withLock { $0.count } }
}
