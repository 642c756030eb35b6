/// Finds the `match` blocks whose complete pattern matches a request (spec §6.3).
///
/// Nested matches are flattened into complete patterns, so a block is a candidate only if
/// its whole concatenated path matches; partial (prefix) matches never evaluate allows, and
/// rules do not cascade to subcollections.
enum RequestMatcher {
  /// A matched block and the wildcards it bound.
  struct Match {
    var node: Int
    var bindings: [WildcardBinding]
  }

  /// The path elements of a request: `databases/<db>/documents/<path>`, with a `list`
  /// request's unknown document id (and a collection group's unknown parents).
  static func elements(of request: Request) -> [PathElement] {
    var elements: [PathElement] = [.segment("databases"), .segment(request.database), .segment("documents")]
    elements.reserveCapacity(3 + request.path.segments.count + 2)
    if request.method == .list, request.isCollectionGroup { elements.append(.anyRun) }
    for segment in request.path.segments { elements.append(.segment(segment)) }
    if request.method == .list { elements.append(.anyID) }
    return elements
  }

  /// Every block whose complete pattern matches `elements`, in source order.
  static func matches(_ nodes: [MatchNode], _ elements: [PathElement]) -> [Match] {
    var found: [Match] = []
    for index in nodes.indices {
      if let bindings = nodes[index].pattern.match(elements) {
        found.append(Match(node: index, bindings: bindings))
      }
    }
    return found
  }
}

extension WildcardValue {
  /// The value the variable has in expressions: a string, a path, or (unknown) an error.
  var outcome: Result<RulesValue, EvalError> {
    switch self {
    case .segment(let text): .success(.string(text))
    case .run(let segments): .success(.path(RulesPath(segments: segments)))
    case .unknown: .failure(.needsQueryConstraints)
    }
  }
}
