/// Checks on the `match` tree (rules-language §6.1, §6.8, §6.9):
/// - errors: a recursive wildcard not last under v1, more than one per match under v2,
///   nesting deeper than 10, more than 100 path segments or 20 capture variables within a nest;
/// - warnings: a `match` with nothing inside, a child `match` under a `{x=**}` match, a
///   wildcard name bound again in one nest (the inner binding shadows the outer one).
///
/// Limits are reported once, at the match that first crosses them, not at every descendant.
enum MatchChecks {
  static let maxDepth = 10
  static let maxSegments = 100
  static let maxCaptures = 20

  private struct Frame {
    var match: MatchBlock
    var depth: Int
    var segments: Int
    var captures: Int
    var bound: SmallNameMap<SourceRange>
    var parentIsGlob: Bool
  }

  /// `version` is nil when `rules_version` has an invalid value; the version-specific checks
  /// are then skipped (that error is reported on its own).
  static func run(_ file: RulesFile, version: RulesVersion?) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var stack: [Frame] = []
    for case .match(let match) in (file.service?.items ?? []).reversed() {
      stack.append(Frame(match: match, depth: 0, segments: 0, captures: 0, bound: SmallNameMap(), parentIsGlob: false))
    }
    // Iterative, so that absurdly deep nesting cannot overflow the stack.
    while var frame = stack.popLast() {
      let match = frame.match
      let segments = match.path.segments
      let parent = (depth: frame.depth, segments: frame.segments, captures: frame.captures)
      frame.depth += 1
      frame.segments += segments.count
      if let version {
        diagnostics += globDiagnostics(segments, version: version)
      }
      for segment in segments {
        guard let name = segment.variable else { continue }
        frame.captures += 1
        if let earlier = frame.bound[name], earlier.start >= match.path.range.start {
          // `/a/{x}/b/{x}`: no deployed file does this; kept an error (which one wins is unknown).
          diagnostics.append(
            .error(
              .checkDuplicateWildcard, "wildcard '\(name)' is bound twice in this match path",
              at: segment.range, notes: [Diagnostic.Note("first bound here", at: earlier)]))
        } else if let earlier = frame.bound[name] {
          // Google deploys such nests; the inner binding wins inside this block (the engine
          // looks variables up innermost first), so warn that it hides the outer one.
          diagnostics.append(
            .warning(
              .checkDuplicateWildcard,
              "wildcard '\(name)' shadows the '\(name)' of an enclosing match: in this block and below, '\(name)' is this segment; rename one of them",
              at: segment.range, notes: [Diagnostic.Note("the enclosing '\(name)' is bound here", at: earlier)]))
        }
        frame.bound[name] = segment.range
      }
      let header = match.path.range
      if parent.depth <= maxDepth, frame.depth > maxDepth {
        diagnostics.append(
          .error(.checkMatchTooDeep, "match blocks are nested more than \(maxDepth) deep", at: header))
      }
      if parent.segments <= maxSegments, frame.segments > maxSegments {
        diagnostics.append(
          .error(
            .checkTooManySegments,
            "this nest of matches has \(frame.segments) path segments; the limit is \(maxSegments)", at: header))
      }
      if parent.captures <= maxCaptures, frame.captures > maxCaptures {
        diagnostics.append(
          .error(
            .checkTooManyCaptures,
            "this nest of matches binds \(frame.captures) wildcard variables; the limit is \(maxCaptures)",
            at: header))
      }
      if frame.parentIsGlob {
        diagnostics.append(
          .warning(.checkGlobChild, "Glob(**) resource rules should not have child resource rules.", at: header))
      }
      if match.items.isEmpty {
        diagnostics.append(.warning(.checkEmptyMatch, "match block has no rules", at: header))
      }
      let isGlob = segments.contains { if case .recursiveWildcard = $0.kind { true } else { false } }
      for case .match(let child) in match.items.reversed() {
        var next = frame
        next.match = child
        next.parentIsGlob = isGlob
        stack.append(next)
      }
    }
    return diagnostics
  }

  private static func globDiagnostics(_ segments: [MatchSegment], version: RulesVersion) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var globs = 0
    for (index, segment) in segments.enumerated() {
      guard case .recursiveWildcard = segment.kind else { continue }
      globs += 1
      switch version {
      case .v1 where index != segments.count - 1:
        diagnostics.append(
          .error(
            .checkGlobNotLast,
            "Invalid glob match expression. Glob matches are permitted as the last segment in a match declaration path.",
            at: segment.range, notes: [Diagnostic.Note("rules_version = '2' allows '=**' anywhere in the path")]))
      case .v2 where globs > 1:
        diagnostics.append(
          .error(
            .checkMultipleGlobs, "a match path may contain only one recursive wildcard '{name=**}'",
            at: segment.range))
      default:
        break
      }
    }
    return diagnostics
  }
}
