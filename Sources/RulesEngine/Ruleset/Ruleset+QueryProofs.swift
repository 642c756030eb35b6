import FirestoreModel
import RulesLanguage

/// Read-only views of a ruleset for engines that evaluate rules another way: the query prover in
/// `Queries/Proofs` (which decides `list` requests against a query's filters with `resource`
/// symbolic) and the solver in `RulesSolver`. They expose the match tree the evaluator precomputes
/// and resolve names through the file's `ScopeModel`, so such an engine matches and resolves
/// names exactly as `Evaluator` does.
extension Ruleset {
  /// A match block whose complete pattern matches every document a query may return.
  package struct QueryMatch: Sendable {
    /// The complete pattern, e.g. `/databases/{database}/documents/posts/{post}`.
    package var pattern: String
    /// The range of the block's own `match` path.
    package var range: SourceRange
    /// The wildcards in pattern order; `value` is nil where the query does not fix it
    /// (the document id, a collection group's parents).
    package var bindings: [(name: String, value: RulesValue?)]
    /// The block's `allow` statements that cover `list`, in source order.
    package var allows: [QueryAllow]
    /// The function scope of the block's body (for `function(named:inScope:)`).
    package var functionScope: Int
  }

  /// An `allow` statement covering `list`.
  package struct QueryAllow: Sendable {
    package var statement: AllowStatement
    /// The 1-based line of the `allow` keyword.
    package var line: Int
    /// Position among every allow of the file (source order).
    package var order: Int
  }

  /// A user function as a call resolves it.
  package struct FunctionReference: Sendable {
    package var decl: FunctionDecl
    /// The function scope of its body (calls inside it resolve from here).
    package var scope: Int
    /// How many of the caller's match wildcards (from the first) the body sees.
    package var visibleWildcards: Int
  }

  /// The blocks covering a query on `collection` (a collection path), or, with
  /// `collectionGroup`, on every collection with id `collection.lastSegment` under
  /// `parent` at any depth (only patterns with a recursive wildcard there can match).
  package func queryMatches(
    collection: ResourcePath, collectionGroup: Bool = false, parent: ResourcePath = ResourcePath(segments: []),
    database: String = DatabaseID.default
  ) -> [QueryMatch] {
    var elements: [PathElement] = [.segment("databases"), .segment(database), .segment("documents")]
    if collectionGroup {
      elements += parent.segments.map(PathElement.segment)
      elements.append(.anyRun)
      elements.append(.segment(collection.lastSegment ?? ""))
    } else {
      elements += collection.segments.map(PathElement.segment)
    }
    elements.append(.anyID)
    let nodes = self.nodes
    return RequestMatcher.matches(nodes, elements).map { match in
      let node = nodes[match.node]
      return QueryMatch(
        pattern: node.patternText, range: node.pathRange,
        bindings: match.bindings.map { ($0.name, try? $0.value.outcome.get()) },
        allows: node.allows.filter { $0.covers(.list) }.map {
          QueryAllow(statement: $0.statement, line: $0.line, order: $0.order)
        },
        functionScope: node.scope)
    }
  }

  /// The block closest to the documents of `collection` when none covers them (a likely typo
  /// in a `match` path), for the note of a denied query.
  package func nearestMatch(collection: ResourcePath, database: String = DatabaseID.default) -> NearestMatch? {
    let elements: [PathElement] =
      [.segment("databases"), .segment(database), .segment("documents")]
      + collection.segments.map(PathElement.segment) + [.anyID]
    return NearestMatch.find(nodes, elements, method: .list)
  }

  /// The user function `name` resolves to from function scope `scope`, if any.
  package func function(named name: String, inScope scope: Int) -> FunctionReference? {
    let scopes = self.scopes
    guard let index = scopes.resolveFunction(name, from: scope) else { return nil }
    let function = scopes.functions[index]
    return FunctionReference(
      decl: function.decl, scope: function.block, visibleWildcards: scopes.visibleWildcards(function.block))
  }
}

extension Request {
  /// `request` as the rules see it for this request (`auth`, `method`, `path`, `time`,
  /// `params`, and `query` for `list`), built exactly as the evaluator builds it.
  package var rulesValue: RulesValue {
    let context = EvaluationContext(
      ruleset: nil, request: self, store: DocumentStore(), database: database, options: EvaluationOptions())
    return (try? context.requestValue().get()) ?? .null
  }

  /// `request.<name>` as the rules see it: the entry `rulesValue` has under `name`, built
  /// alone; nil when `rulesValue` has no such entry (reading it is an error).
  package func rulesField(_ name: String) -> RulesValue? {
    let context = EvaluationContext(
      ruleset: nil, request: self, store: DocumentStore(), database: database, options: EvaluationOptions())
    return try? context.requestField(name).get()
  }
}

extension QueryDescription {
  /// `request.query` as the rules see it for a `list` request with this description.
  package var listRulesValue: RulesValue { rulesValue }
}

extension RulesValue {
  /// A stored document as rules see it (`resource`, the result of `get()`): `{data, id, __name__}`.
  package static func resource(of document: Document, database: String) -> RulesValue {
    var data: [String: RulesValue] = [:]
    for (key, value) in document.fields { data[key] = RulesValue(firestore: value, database: database) }
    return .map([
      "data": .map(data),
      "id": .string(document.path.lastSegment ?? ""),
      "__name__": .path(RulesPath(documentPath: document.path, database: database)),
    ])
  }
}

extension EvalError {
  /// The per-request lookup limit breach (a limit error: denies the whole request).
  package static func lookupLimit(_ limit: Int) -> EvalError { tooManyLookups(limit) }
  /// The expression-budget breach.
  package static func expressionLimit(_ limit: Int) -> EvalError { expressionBudget(limit) }
  /// Nested calls past the depth limit.
  package static func callDepthLimit(_ limit: Int) -> EvalError { callDepth(limit) }
  /// A recursive or cyclic function call.
  package static var recursiveCall: EvalError { recursion }
  /// `Variable not found error: Name: [<name>].`
  package static func unboundVariable(_ name: String) -> EvalError { variableNotFound(name) }
  /// The `Service call error` of a `get()` on a missing document (`missing`), or on a path
  /// that names no document of `database`.
  package static func serviceCall(_ function: String, _ path: RulesPath, database: String, missing: Bool) -> EvalError {
    EvaluationContext.serviceCallError(function, path, database: database, missing: missing)
  }
}
