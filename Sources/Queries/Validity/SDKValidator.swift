import FirestoreModel
import RulesLanguage

/// Replays a query's steps the way the client SDK builds it, throwing the SDK's exact
/// message at the first step that makes the query invalid (query-semantics §2A).
struct SDKValidator {
  let query: Query
  let resolver: ValueResolver
  var state: ResolvedQuery
  /// `state.flattenedFilters`, maintained by `addFilter`.
  var existingFilters: [FieldFilter] = []

  init(_ query: Query, context: QueryContext) throws(QueryError) {
    self.query = query
    self.resolver = ValueResolver(context: context)
    self.state = ResolvedQuery(scope: try Self.scope(of: query.source, resolver: resolver))
    state.sourceRange = query.source.range
    state.range = query.range
  }

  /// Validates the source path (collection paths need an odd number of segments).
  static func scope(of source: QuerySource, resolver: ValueResolver) throws(QueryError) -> QueryScope {
    let range = source.range
    let path = try pathText(source, resolver: resolver)
    let isASCII = ASCIIFastPath.isASCII(path)
    switch source.kind {
    case .collectionGroup:
      if path.isEmpty {
        throw .sdk(
          "empty-argument", "Function collectionGroup() cannot be called with an empty collectionId.", at: range)
      }
      if isASCII ? ASCIIFastPath.contains(path, UInt8(ascii: "/")) : path.contains("/") {
        throw .sdk(
          "bad-collection-group",
          "Invalid collection ID '\(path)' passed to function collectionGroup(). Collection IDs must not contain '/'.",
          at: range)
      }
      return .collectionGroup(id: path, parent: ResourcePath(segments: []))
    case .collection:
      if path.isEmpty {
        throw .sdk("empty-argument", "Function collection() cannot be called with an empty path.", at: range)
      }
      if isASCII ? ASCIIFastPath.containsPair(path, UInt8(ascii: "/")) : path.contains("//") {
        throw .sdk("bad-path", "Invalid segment (\(path)). Paths must not contain // in them.", at: range)
      }
      // The SDK reads `/users/` as `users`; `//` is refused above.
      guard let segments = ResourcePath.segments(of: path, allowingTrailingSlash: true) else {
        throw .sdk("bad-path", "Invalid segment (\(path)). Paths must not contain // in them.", at: range)
      }
      let resourcePath = ResourcePath(segments: segments)
      if !resourcePath.isCollection {
        throw .sdk(
          "bad-collection-path",
          "Invalid collection reference. Collection references must have an odd number of segments, but \(resourcePath) has \(resourcePath.segments.count).",
          at: range)
      }
      return .collection(resourcePath)
    }
  }

  /// The source path's text: literal parts as written, bound segment values substituted, an
  /// unknown segment written `{name}` (one document id: only a proof or an execution needs its
  /// value). The collection id itself must be known: every index and rule depends on it.
  static func pathText(_ source: QuerySource, resolver: ValueResolver) throws(QueryError) -> String {
    if let path = source.path { return path }
    var text = ""
    var unknown: [(name: String, range: SourceRange)] = []
    for part in source.parts {
      switch part {
      case .text(let piece):
        text += piece
      case .parent(let expr):
        switch try resolver.raw(expr) {
        case .value(.string(let path)): text += path + "/"
        case .value(.reference(let path)): text += path.segments.joined(separator: "/") + "/"
        case .unknown: break  // the root until bound: the collection id is all an index needs
        case let other:
          throw .sdk(
            "bad-parent",
            "Function \(source.kind.rawValue)() requires its first argument to be a Firestore instance or a DocumentReference, but it was: \(other.jsDescription).",
            at: expr.range)
        }
      case .value(let expr):
        switch try resolver.raw(expr) {
        case .value(.string(let segment)):
          text += segment
        case .unknown(let name):
          text += "{" + name + "}"
          unknown.append((name, expr.range))
        case let other:
          throw .sdk(
            "bad-path-segment",
            "Function \(source.kind.rawValue)() requires its path segments to be strings, but it was: \(other.jsDescription).",
            at: expr.range)
        }
      }
    }
    let collectionID = text.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? text
    if let missing = unknown.first(where: { collectionID.contains("{" + $0.name + "}") }) {
      throw .unbound(missing.name, for: "the collection id", at: missing.range)
    }
    return text
  }

  /// Runs every step, then the checks the SDK makes when the query is executed.
  mutating func run() throws(QueryError) -> ResolvedQuery {
    var index = 0
    while index < query.steps.count {
      let step = query.steps[index]
      if case .queryCall(let composites, let fieldFilters) = step.kind {
        // The SDK builds every constraint object (and()/or() check their arguments)
        // before it checks the call's shape and applies them.
        for later in query.steps[(index + 1)...] {
          if case .queryCall = later.kind { break }
          if case .filter(let filter) = later.kind { try Self.checkCompositeArguments(filter) }
        }
        if composites > 1 || (composites > 0 && fieldFilters > 0) {
          throw .sdk(
            "multiple-top-level-filters",
            "InvalidQuery. When using composite filters, you cannot use more than one filter at the top level. Consider nesting the multiple filters within an `and(...)` statement. For example: change `query(query, where(...), or(...))` to `query(query, and(where(...), or(...)))`.",
            at: step.range)
        }
      } else {
        try apply(step)
      }
      index += 1
    }
    if state.limitType == .last, state.explicitOrderBy.isEmpty {
      throw .sdk(
        "limit-to-last-without-order",
        "limitToLast() queries require specifying at least one orderBy() clause", at: state.limitRange)
    }
    return state
  }

  mutating func apply(_ step: QueryStep) throws(QueryError) {
    switch step.kind {
    case .queryCall:
      break
    case .filter(let expr):
      try Self.checkCompositeArguments(expr)
      try addFilter(expr, step: step)
    case .orderBy(let ref, let direction):
      let field = try FieldPathResolver.resolve(ref, method: "orderBy")
      if state.startAt != nil {
        throw .sdk(
          "order-after-start", "Invalid query. You must not call startAt() or startAfter() before calling orderBy().",
          at: step.range)
      }
      if state.endAt != nil {
        throw .sdk(
          "order-after-end", "Invalid query. You must not call endAt() or endBefore() before calling orderBy().",
          at: step.range)
      }
      state.explicitOrderBy.append(OrderBy(field, direction, range: step.range))
      state.fieldRanges.append((field, step.range))
    case .limit(let expr), .limitToLast(let expr):
      let isLast: Bool
      if case .limitToLast = step.kind { isLast = true } else { isLast = false }
      state.limit = try positiveInteger(expr, method: isLast ? "limitToLast" : "limit", step: step)
      state.limitType = isLast ? .last : .first
      state.limitRange = step.range
    case .offset(let expr):
      var raw = try resolver.raw(expr)
      if case .unknown = raw { raw = .value(.integer(0)) }
      guard case .value(.integer(let n)) = raw else {
        throw .sdk("bad-offset", "Value for argument \"offset\" is not a valid integer.", at: step.range)
      }
      state.offset = n
      state.offsetRange = step.range
    case .cursor(let kind, let values):
      try applyCursor(kind, values, step: step)
    case .select(let refs):
      var fields: [FieldPath] = []
      for ref in refs {
        let field = try FieldPathResolver.resolve(ref, method: "select")
        fields.append(field)
        state.fieldRanges.append((field, step.range))
      }
      state.projection = fields
    case .aggregate(let kind):
      let aggregation: Aggregation
      switch kind {
      case .count: aggregation = .count
      case .sum(let ref): aggregation = .sum(try FieldPathResolver.resolve(ref, method: "sum"))
      case .average(let ref): aggregation = .average(try FieldPathResolver.resolve(ref, method: "average"))
      }
      if let field = aggregation.field { state.fieldRanges.append((field, step.range)) }
      state.aggregations.append(aggregation)
      state.aggregationRanges.append(step.range)
    }
  }

  /// `validatePositiveNumber`: `limit(0)` and negative limits are rejected.
  func positiveInteger(_ expr: ValueExpr, method: String, step: QueryStep) throws(QueryError) -> Int64 {
    let raw = try resolver.raw(expr)
    switch raw {
    case .unknown:
      // Any positive limit builds the same query shape; the value is only needed to run it.
      return 1
    case .value(.integer(let n)):
      if n <= 0 {
        throw .sdk(
          "non-positive-limit", "Function \(method)() requires a positive number, but it was: \(n).", at: step.range)
      }
      return n
    case .value(.double(let d)):
      if !(d > 0) {
        throw .sdk(
          "non-positive-limit", "Function \(method)() requires a positive number, but it was: \(jsNumber(d)).",
          at: step.range)
      }
      throw .flint(
        "fractional-limit", "\(method)() needs a whole number; \(jsNumber(d)) cannot be sent as a limit", at: step.range
      )
    default:
      throw .flint(
        "bad-limit", "\(method)() needs a positive whole number, but it was: \(raw.jsDescription)", at: step.range)
    }
  }
}
