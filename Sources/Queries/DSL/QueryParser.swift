import RulesLanguage

/// A parsed query plus the syntax diagnostics found while reading it. `query` is
/// nil when the source could not be read at all.
package struct ParsedQuery: Sendable {
  package var query: Query?
  package var diagnostics: [Diagnostic]

  package init(query: Query?, diagnostics: [Diagnostic]) {
    self.query = query
    self.diagnostics = diagnostics
  }

  /// Whether any diagnostic is an error.
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Entry point of the hand-written query-DSL parser (grammar: `Grammar/query.ebnf`).
package enum QueryParser {
  /// Parses one query. Never throws; every problem is a diagnostic with a range.
  package static func parse(_ source: SourceFile) -> ParsedQuery {
    var parser = QueryParserCore(source)
    return parser.parseQuery()
  }

  /// Parses query text given inline (named `<query>` in diagnostics).
  package static func parse(_ text: String) -> ParsedQuery {
    parse(SourceFile(name: "<query>", text: text))
  }
}

/// Thrown inside the parser to abandon the current step; the diagnostic is already recorded.
struct QueryParseFailure: Error {}

/// The parser's state: a token array and a cursor into it.
struct QueryParserCore {
  let source: SourceFile
  var tokens: [QueryToken]
  var index = 0
  var diagnostics: [Diagnostic]
  /// How many `and(`/`or(` composites and values are open around the cursor.
  var nesting = 0
  /// The deepest nesting read. Firestore's own limits are far lower (values nest at most 20
  /// deep); the cap keeps hostile input from overflowing the stack here and in later passes.
  static let maxNesting = 100

  init(_ source: SourceFile) {
    self.source = source
    let lexed = QueryLexer.tokenize(source)
    self.tokens = lexed.tokens
    self.diagnostics = lexed.diagnostics
  }

  var current: QueryToken { tokens[index] }
  func peek(_ offset: Int = 1) -> QueryToken { tokens[min(index + offset, tokens.count - 1)] }
  func text(_ token: QueryToken) -> String { source.text(in: token.range) }
  func isIdentifier(_ name: StaticString, _ token: QueryToken? = nil) -> Bool {
    let t = token ?? current
    return t.kind == .identifier && textEquals(t, name)
  }

  /// `text(token) == name` without building the text when the bytes decide it: equal
  /// bytes are equal strings, and two different ASCII spellings are different strings.
  func textEquals(_ token: QueryToken, _ name: StaticString) -> Bool {
    // A one-scalar literal may be stored as a scalar rather than as UTF-8 bytes.
    guard name.hasPointerRepresentation, name.isASCII else { return text(token) == name.description }
    let start = token.range.start
    let count = token.range.end - start
    let length = name.utf8CodeUnitCount
    let pointer = name.utf8Start
    let decided: Bool? = source.bytes.withUnsafeBufferPointer { bytes in
      if count == length {
        var index = 0
        while index < count, bytes[start + index] == pointer[index] { index += 1 }
        if index == count { return true }
      }
      for index in start..<start + count where bytes[index] >= 0x80 { return nil }
      return false  // two different ASCII spellings
    }
    return decided ?? (text(token) == name.description)
  }

  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  /// Records an error diagnostic and abandons the current construct.
  mutating func fail(_ code: DiagnosticCode, _ message: String, at range: SourceRange) -> QueryParseFailure {
    diagnostics.append(.error(code, message, at: range))
    return QueryParseFailure()
  }

  func describe(_ token: QueryToken) -> String {
    switch token.kind {
    case .end: "end of input"
    case .string: "string \(text(token))"
    default: "'\(text(token))'"
    }
  }

  /// Opens one nesting level; pair with `defer { nesting -= 1 }`.
  mutating func enterNesting() throws(QueryParseFailure) {
    guard nesting < Self.maxNesting else {
      throw fail(.queryTooDeep, "the query nests more than \(Self.maxNesting) levels deep", at: current.range)
    }
    nesting += 1
  }

  @discardableResult
  mutating func expect(_ kind: QueryTokenKind, _ what: @autoclosure () -> String) throws(QueryParseFailure)
    -> QueryToken
  {
    guard current.kind == kind else {
      throw fail(.queryExpected, "expected \(what()), found \(describe(current))", at: current.range)
    }
    let token = current
    advance()
    return token
  }

  mutating func consume(_ kind: QueryTokenKind) -> QueryToken? {
    guard current.kind == kind else { return nil }
    let token = current
    advance()
    return token
  }

  mutating func expectIdentifier(_ what: @autoclosure () -> String) throws(QueryParseFailure) -> (String, QueryToken) {
    let token = try expect(.identifier, what())
    return (text(token), token)
  }

  /// Decodes the string token under the cursor.
  mutating func parseString(_ what: @autoclosure () -> String) throws(QueryParseFailure) -> (String, SourceRange) {
    let token = try expect(.string, what())
    let decoded = QueryLexer.decodeQuoted(source.bytes[token.range.start..<token.range.end])
    guard let value = decoded.value else {
      throw fail(.queryBadEscape, decoded.error ?? "malformed string", at: token.range)
    }
    return (value, token.range)
  }

  /// Skips to the next `.` at nesting depth 0 (the next step), or the end.
  mutating func synchronize() {
    var depth = 0
    while current.kind != .end {
      switch current.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
      case .dot where depth == 0: return
      default: break
      }
      advance()
    }
  }

  // MARK: Query

  mutating func parseQuery() -> ParsedQuery {
    let start = current.range.start
    if current.kind == .end {
      diagnostics.append(
        .error(.queryEmpty, "expected a query such as collection(\"users\").where(...)", at: current.range))
      return ParsedQuery(query: nil, diagnostics: diagnostics)
    }
    skipDeclaration()
    let source: QuerySource
    var steps: [QueryStep]
    do {
      (source, steps) = try parseQueryExpression()
    } catch {
      return ParsedQuery(query: nil, diagnostics: diagnostics)
    }
    _ = consume(.semicolon)
    if current.kind != .end {
      diagnostics.append(
        .error(.queryTrailing, "expected '.' and a query step, found \(describe(current))", at: current.range))
    }
    let end = tokens[max(0, index - 1)].range.end
    let query = Query(source: source, steps: steps, range: SourceRange(start: start, end: max(start, end)))
    return ParsedQuery(query: query, diagnostics: diagnostics)
  }

  /// A query as code writes it: `await`/`try` first, then a wrapper that runs a query
  /// (`getDocs(q)`, `getCountFromServer(q)`), the modular `query(...)` form, or a chain from a
  /// receiver (`db.collection(...)...`), then chained steps (no-op tails such as `.get()` included).
  mutating func parseQueryExpression() throws(QueryParseFailure) -> (QuerySource, [QueryStep]) {
    skipEffectKeywords()
    var steps: [QueryStep] = []
    let source: QuerySource
    // A query nested in a wrapper or `query(...)` call counts toward the nesting cap.
    if current.kind == .identifier, peek().kind == .leftParen, let wrapper = RunWrapper(text(current)) {
      try enterNesting()
      defer { nesting -= 1 }
      (source, steps) = try parseRunWrapper(wrapper)
    } else if isIdentifier("query"), peek().kind == .leftParen {
      try enterNesting()
      defer { nesting -= 1 }
      (source, steps) = try parseModularQuery()
    } else {
      source = try parseSource()
    }
    while true {
      skipPostfixMarks()
      guard current.kind == .dot else { break }
      advance()
      do {
        try parseChainedStep(into: &steps)
      } catch {
        synchronize()
      }
    }
    return (source, steps)
  }

  /// `[receiver.] collection("a/b/c")` / `collectionGroup("c")`, also `collection(db, "a", id)`
  /// and `.doc(id).collection("sub")` chains. The receiver is any chain of names and calls
  /// (`db`, `this.db`, `firebase.firestore()`, `Firestore.firestore()`, `FirebaseFirestore.instance`).
  mutating func parseSource() throws(QueryParseFailure) -> QuerySource {
    let start = current.range.start
    skipReceiver()
    let (name, token) = try expectIdentifier("collection(...) or collectionGroup(...)")
    let kind: QuerySource.Kind
    switch name {
    case "collection": kind = .collection
    case "collectionGroup": kind = .collectionGroup
    default:
      throw fail(
        .queryExpectedSource, "a query starts with collection(\"path\") or collectionGroup(\"id\"), found '\(name)'",
        at: token.range)
    }
    var parts = try parsePathArguments()
    // `.doc("x").collection("y")` continues a collection path.
    while kind == .collection, current.kind == .dot,
      isIdentifier("doc", peek()) || isIdentifier("document", peek())
    {
      advance()
      advance()
      let doc = try parsePathArguments()
      skipPostfixMarks()
      guard current.kind == .dot, isIdentifier("collection", peek()) else {
        throw fail(
          .queryExpectedCollection,
          "a query cannot target a single document; expected .collection(\"id\") after .doc(...)", at: current.range)
      }
      advance()
      advance()
      let sub = try parsePathArguments()
      parts += [.text("/")] + doc + [.text("/")] + sub
    }
    let end = tokens[max(0, index - 1)].range.end
    return QuerySource(kind, parts: parts, range: SourceRange(start: start, end: end))
  }

  /// `query(collection(db, "x"), where(...), orderBy(...))`: the modular SDK form.
  mutating func parseModularQuery() throws(QueryParseFailure) -> (QuerySource, [QueryStep]) {
    let open = current.range
    advance()
    try expect(.leftParen, "'('")
    let (source, inner) = try parseQueryExpression()
    var steps: [QueryStep] = []
    var composites = 0
    var fieldFilters = 0
    while consume(.comma) != nil {
      if current.kind == .rightParen { break }  // a trailing comma
      guard current.kind == .identifier else {
        throw fail(
          .queryExpected, "expected a query constraint such as where(...), found \(describe(current))",
          at: current.range)
      }
      let isComposite = isIdentifier("or") || isIdentifier("and")
      let first = steps.count
      try parseStepCall(allowComposite: true, into: &steps)
      for step in steps[first...] {
        if case .filter = step.kind {
          if isComposite { composites += 1 } else { fieldFilters += 1 }
        }
      }
    }
    let close = try expect(.rightParen, "')' or ','")
    let range = open.union(close.range)
    let check = QueryStep(.queryCall(compositeFilters: composites, fieldFilters: fieldFilters), range: range)
    return (source, inner + [check] + steps)
  }

  /// After a `.`: appends the steps of one call (none for a no-op call such as `.get()`).
  mutating func parseChainedStep(into steps: inout [QueryStep]) throws(QueryParseFailure) {
    try parseStepCall(allowComposite: false, into: &steps)
  }
}
