import RulesEngine
import Synchronization

/// The match blocks covering each queried scope, for one ruleset: `Ruleset.queryMatches`
/// walks the match tree on every call, while an app queries the same few collections
/// again and again. Thread-safe (one `Mutex`); bounded (emptied when full).
final class QueryMatchCache: Sendable {
  /// What the matches depend on besides the ruleset.
  struct Key: Hashable {
    var scope: QueryScope
    var database: String
  }

  /// Entries kept before the cache is emptied.
  static let capacity = 256

  private let entries = Mutex<[Key: [Ruleset.QueryMatch]]>([:])

  /// The cached matches for `key`, or `compute()`'s (computed outside the lock, then kept).
  func matches(_ key: Key, compute: () -> [Ruleset.QueryMatch]) -> [Ruleset.QueryMatch] {
    if let hit = entries.withLock({ $0[key] }) { return hit }
    let value = compute()
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll() }
      entries[key] = value
    }
    return value
  }
}
