import Queries

/// Where the index advisor plugs into the session. The advisor (`flint indexes`) is not
/// part of this build yet; these three functions are the only places to wire it.
enum IndexAdvice {
  static let unavailable = "index advice: not available in this build\n"

  /// `:indexes`: the composite indexes and overrides the session's queries need, and
  /// whether the manifest serves them.
  static func report(for queries: [NormalizedQuery], manifest: WatchedFile?, bytes: [UInt8]?) -> String {
    unavailable
  }

  /// `:save indexes FILE`: the manifest merged with what the queries need, written atomically.
  static func save(_ queries: [NormalizedQuery], manifest: WatchedFile?, bytes: [UInt8]?, to path: String) -> String {
    unavailable
  }

  /// The per-query line naming the index needed and whether the manifest has it; nil
  /// prints nothing.
  static func neededLine(for query: NormalizedQuery, manifest: WatchedFile?, bytes: [UInt8]?) -> String? {
    nil
  }
}
