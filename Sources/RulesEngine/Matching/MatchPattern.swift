import RulesLanguage

/// The complete pattern of one `match` block: its own path appended to every enclosing
/// match path (spec §6.3).
struct MatchPattern: Hashable, Sendable {
  var segments: [MatchSegment.Kind]
  /// v1: `{x=**}` matches one or more segments; v2: zero or more.
  var version: RulesVersion
  /// The smallest number of path elements the pattern can match.
  let minimumLength: Int
  /// Whether the pattern has a recursive wildcard (else it matches exactly `segments.count` elements).
  let hasRecursive: Bool
  /// The variables the pattern binds, in order.
  let variableCount: Int
  /// Whether the pattern has two or more recursive wildcards (nested globs), which needs
  /// memoized backtracking to stay polynomial.
  let hasSeveralRecursive: Bool

  init(segments: [MatchSegment.Kind], version: RulesVersion) {
    self.segments = segments
    self.version = version
    var minimum = 0
    var recursive = false
    var variables = 0
    var recursiveCount = 0
    for segment in segments {
      switch segment {
      case .literal: minimum += 1
      case .wildcard:
        minimum += 1
        variables += 1
      case .recursiveWildcard:
        recursive = true
        recursiveCount += 1
        variables += 1
        if version == .v1 { minimum += 1 }
      }
    }
    self.minimumLength = minimum
    self.hasRecursive = recursive
    self.variableCount = variables
    self.hasSeveralRecursive = recursiveCount > 1
  }

  /// The bindings of a complete match of `path`, or nil when the pattern does not match
  /// the whole path. With several recursive wildcards the earlier ones take the fewest
  /// segments that still let the rest match.
  func match(_ path: [PathElement]) -> [WildcardBinding]? {
    if hasRecursive {
      guard path.count >= minimumLength else { return nil }
    } else {
      guard path.count == segments.count else { return nil }
    }
    var bindings: [WildcardBinding] = []
    bindings.reserveCapacity(variableCount)
    var failed = FailedStates(enabled: hasSeveralRecursive, pathCount: path.count)
    return match(from: 0, at: 0, path, &bindings, &failed) ? bindings : nil
  }

  /// (pattern index, path index) pairs already known not to match: whether the rest of the
  /// pattern matches the rest of the path does not depend on earlier bindings.
  private struct FailedStates {
    var enabled: Bool
    var pathCount: Int
    var states: Set<Int> = []

    init(enabled: Bool, pathCount: Int) {
      self.enabled = enabled
      self.pathCount = pathCount
    }

    func contains(_ p: Int, _ i: Int) -> Bool { enabled && states.contains(p * (pathCount + 1) + i) }
    mutating func insert(_ p: Int, _ i: Int) {
      if enabled { states.insert(p * (pathCount + 1) + i) }
    }
  }

  private func match(
    from patternIndex: Int, at pathIndex: Int, _ path: [PathElement], _ bindings: inout [WildcardBinding],
    _ failed: inout FailedStates
  ) -> Bool {
    var p = patternIndex
    var i = pathIndex
    while p < segments.count {
      switch segments[p] {
      case .literal(let text):
        guard i < path.count, case .segment(let actual) = path[i], actual.utf8.count == text.utf8.count, actual == text
        else { return false }
      case .wildcard(let name):
        guard i < path.count else { return false }
        switch path[i] {
        case .segment(let actual): bindings.append(WildcardBinding(name: name, value: .segment(actual)))
        case .anyID: bindings.append(WildcardBinding(name: name, value: .unknown))
        case .anyRun: return false
        }
      case .recursiveWildcard(let name):
        if failed.contains(p, i) { return false }
        if matchRun(name, from: p, at: i, path, &bindings, &failed) { return true }
        // Record every state of this failed attempt, from where it started on.
        var q = patternIndex
        var j = pathIndex
        while q <= p {
          failed.insert(q, j)
          q += 1
          j += 1
        }
        return false
      }
      p += 1
      i += 1
    }
    return i == path.count
  }

  private func matchRun(
    _ name: String, from p: Int, at i: Int, _ path: [PathElement], _ bindings: inout [WildcardBinding],
    _ failed: inout FailedStates
  ) -> Bool {
    let shortest = version == .v1 ? 1 : 0
    let mark = bindings.count
    var length = shortest
    while i + length <= path.count {
      if failed.contains(p + 1, i + length) {
        length += 1
        continue
      }
      let run = path[i..<(i + length)]
      if version == .v1, run.contains(.anyRun) { return false }
      bindings.append(WildcardBinding(name: name, value: Self.runValue(run)))
      if match(from: p + 1, at: i + length, path, &bindings, &failed) { return true }
      bindings.removeSubrange(mark...)
      length += 1
    }
    return false
  }

  private static func runValue(_ run: ArraySlice<PathElement>) -> WildcardValue {
    var segments: [String] = []
    segments.reserveCapacity(run.count)
    for element in run {
      guard case .segment(let text) = element else { return .unknown }
      segments.append(text)
    }
    return .run(segments)
  }

  /// Canonical text, e.g. `/databases/{database}/documents/users/{uid}`.
  var description: String {
    segments.map { "/" + MatchSegment($0).description }.joined()
  }
}
