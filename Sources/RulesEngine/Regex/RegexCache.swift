import Synchronization

/// A small bounded cache of compiled patterns, keyed by RE2 text and mode. Compile
/// errors are cached too, so a bad constant pattern is translated once.
///
/// Thread-safe: all state sits behind a `Mutex`; cached `CompiledPattern`s are immutable.
final class RegexCache: Sendable {
  /// The process-wide cache the built-ins use.
  static let shared = RegexCache(capacity: 256)

  private struct Key: Hashable {
    var pattern: String
    var anchored: Bool
  }

  private struct State {
    var entries: [Key: Result<CompiledPattern, RegexSyntaxError>] = [:]
    /// Insertion order, for first-in-first-out eviction.
    var order: [Key] = []
  }

  private let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The compiled form of an RE2 pattern, compiling (outside the lock) on a miss.
  func pattern(_ re2: String, anchored: Bool) throws(RegexSyntaxError) -> CompiledPattern {
    let key = Key(pattern: re2, anchored: anchored)
    if let cached = state.withLock({ $0.entries[key] }) { return try cached.get() }
    let result: Result<CompiledPattern, RegexSyntaxError>
    do {
      let translated = try RE2Translator.translate(re2)
      result = .success(try CompiledPattern(pcre2Pattern: translated, anchored: anchored))
    } catch {
      result = .failure(error)
    }
    state.withLock { state in
      guard state.entries[key] == nil else { return }
      if state.order.count >= capacity {
        state.entries[state.order.removeFirst()] = nil
      }
      state.entries[key] = result
      state.order.append(key)
    }
    return try result.get()
  }

  /// How many patterns are cached (for tests).
  var count: Int { state.withLock { $0.entries.count } }
}
