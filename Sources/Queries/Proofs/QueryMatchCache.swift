import FirestoreModel
import RulesEngine
import Synchronization

/// What a `list` of one scope needs from the ruleset before any proof: the covering blocks
/// and their allows in source order, and the request's text.
struct CoveringBlocks: Sendable {
  /// The path `request.path` is built from (the collection id alone for a collection group).
  var collectionPath: ResourcePath
  var matches: [Ruleset.QueryMatch]
  /// The blocks' complete patterns (`ListProof.matches`).
  var patterns: [String]
  /// Every allow of those blocks in source order, as the evaluator tries them.
  var candidates: [(match: Ruleset.QueryMatch, allow: Ruleset.QueryAllow)]
  /// `ListProof.request`.
  var requestText: String

  init(collectionPath: ResourcePath, matches: [Ruleset.QueryMatch], requestText: String) {
    self.collectionPath = collectionPath
    self.matches = matches
    self.patterns = matches.map(\.pattern)
    self.candidates = matches.flatMap { match in match.allows.map { (match: match, allow: $0) } }
      .sorted { $0.allow.order < $1.allow.order }
    self.requestText = requestText
  }
}

/// The covering blocks of each queried scope, for one ruleset: `Ruleset.queryMatches` walks
/// the match tree on every call, while an app queries the same few collections again and
/// again. Thread-safe (one `Mutex`); bounded (emptied when full).
final class QueryMatchCache: Sendable {
  /// What the matches depend on besides the ruleset.
  struct Key: Hashable {
    var scope: QueryScope
    var database: String
  }

  /// Entries kept before the cache is emptied.
  static let capacity = 256

  private let entries = Mutex<[Key: CoveringBlocks]>([:])

  /// The cached blocks for `key`, or `compute()`'s (computed outside the lock, then kept).
  func blocks(_ key: Key, compute: () -> CoveringBlocks) -> CoveringBlocks {
    if let hit = entries.withLock({ $0[key] }) { return hit }
    let value = compute()
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll() }
      entries[key] = value
    }
    return value
  }
}
