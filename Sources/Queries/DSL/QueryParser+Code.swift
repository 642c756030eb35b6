import RulesLanguage

/// What lets a query pasted from app code parse as written: declarations and `await`/`try`
/// before it, the receiver it starts from, wrappers that run it, `!`/`?`/`as` marks between
/// calls, and the balanced skipping of arguments Flint does not read.
extension QueryParserCore {
  /// `const q = `, `let q: Query = `, `val q = `, `final q = `, `return `: what precedes a
  /// query copied with its statement.
  mutating func skipDeclaration() {
    if isIdentifier("return") {
      advance()
      return
    }
    // Byte comparisons, not a set of strings: this runs once for every query read.
    guard
      isIdentifier("const") || isIdentifier("let") || isIdentifier("var") || isIdentifier("val")
        || isIdentifier("final") || isIdentifier("Query")
    else { return }
    // Only when `=` follows the declared name (and its type): `var x = ...`.
    var look = index + 1
    var depth = 0
    while look < tokens.count {
      switch tokens[look].kind {
      case .singleEqual where depth == 0:
        index = look
        advance()
        return
      case .less, .leftParen, .leftBracket: depth += 1
      case .greater, .rightParen, .rightBracket: depth -= 1
      case .identifier, .dot, .colon, .question, .comma: break
      default: return
      }
      look += 1
    }
  }

  /// `await`, `try`, `try?`, `try!` before an expression.
  mutating func skipEffectKeywords() {
    while isIdentifier("await") || isIdentifier("try") {
      advance()
      if current.kind == .question || current.kind == .bang { advance() }
    }
  }

  /// A receiver before `collection(`: names, calls and `!`/`?` marks up to the `.` before
  /// `collection`/`collectionGroup` (`this.db.`, `admin.firestore().`, `FirebaseFirestore.instance.`).
  /// Leaves the cursor where it was when no such chain leads to a source.
  mutating func skipReceiver() {
    let saved = index
    while current.kind == .identifier {
      if isIdentifier("collection") || isIdentifier("collectionGroup"), peek().kind == .leftParen { return }
      advance()
      if current.kind == .leftParen, (try? skipBalanced()) == nil { break }
      skipPostfixMarks()
      guard current.kind == .dot else { break }
      advance()
    }
    index = saved
  }

  /// `!` (non-null assertion), `?` (optional chaining before `.`), `as Type` / `as! Type`.
  mutating func skipPostfixMarks() {
    while true {
      if current.kind == .bang || (current.kind == .question && peek().kind == .dot) {
        advance()
      } else if isIdentifier("as") {
        advance()
        if current.kind == .bang || current.kind == .question { advance() }
        skipType()
      } else {
        return
      }
    }
  }

  /// A type after `as`: `string`, `Query<Post>`, `firebase.firestore.Query`, `string[]`, `A | B`.
  mutating func skipType() {
    while true {
      guard current.kind == .identifier else { return }
      advance()
      if current.kind == .less { _ = try? skipBalanced() }
      while current.kind == .leftBracket, peek().kind == .rightBracket {
        advance()
        advance()
      }
      if current.kind == .dot, peek().kind == .identifier {
        advance()
        continue
      }
      if current.kind == .otherOperator, textEquals(current, "|") {
        advance()
        continue
      }
      return
    }
  }

  /// Skips one balanced group starting at the cursor: `( ... )`, `[ ... ]`, `{ ... }` or
  /// `< ... >` (generic arguments). Anything else is left alone.
  mutating func skipBalanced() throws(QueryParseFailure) {
    let open = current.kind
    let close: QueryTokenKind
    switch open {
    case .leftParen: close = .rightParen
    case .leftBracket: close = .rightBracket
    case .leftBrace: close = .rightBrace
    case .less: close = .greater
    default: return
    }
    var depth = 0
    repeat {
      switch current.kind {
      case open: depth += 1
      case close: depth -= 1
      case .end: throw fail(.queryExpected, "expected '\(closeText(close))'", at: current.range)
      default: break
      }
      advance()
    } while depth > 0
  }

  private func closeText(_ kind: QueryTokenKind) -> String {
    switch kind {
    case .rightParen: ")"
    case .rightBracket: "]"
    case .rightBrace: "}"
    default: ">"
    }
  }

  /// Skips a call's tail that does not change the query: generic arguments, the argument
  /// list, and a Swift trailing closure (`.getDocuments { snapshot, error in ... }`).
  mutating func skipCallTail() throws(QueryParseFailure) {
    if current.kind == .less { try skipBalanced() }
    if current.kind == .leftParen { try skipBalanced() }
    if current.kind == .leftBrace { try skipBalanced() }
  }

  /// Skips the rest of an argument: up to a `,` or closing token at depth 0.
  mutating func skipArgument() throws(QueryParseFailure) {
    while true {
      switch current.kind {
      case .comma, .rightParen, .rightBracket, .rightBrace, .end, .semicolon: return
      case .leftParen, .leftBracket, .leftBrace: try skipBalanced()
      default: advance()
      }
    }
  }

  /// Whether the argument at the cursor is followed (at depth 0) by a `,`: the first argument
  /// of `collection(db, ...)` is a parent only then.
  func argumentIsFollowedByComma() -> Bool {
    var look = index
    var depth = 0
    while look < tokens.count {
      switch tokens[look].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace:
        if depth == 0 { return false }
        depth -= 1
      case .comma where depth == 0: return true
      case .end: return false
      default: break
      }
      look += 1
    }
    return false
  }
}

/// A call that runs a query given as its first argument (`getDocs(q)`, `onSnapshot(q, ...)`).
enum RunWrapper {
  case documents
  case count
  case aggregate

  init?(_ name: String) {
    switch name {
    case "getDocs", "getDocsFromServer", "getDocsFromCache", "onSnapshot": self = .documents
    case "getCountFromServer", "getCount": self = .count
    case "getAggregateFromServer", "getAggregate": self = .aggregate
    default: return nil
    }
  }
}

extension QueryParserCore {
  /// `getDocs(q)`, `onSnapshot(q, callback)`, `getCountFromServer(q)` (a `count()`),
  /// `getAggregateFromServer(q, { n: count(), total: sum("x") })` (its aggregations).
  mutating func parseRunWrapper(_ wrapper: RunWrapper) throws(QueryParseFailure) -> (QuerySource, [QueryStep]) {
    let nameToken = current
    advance()
    try expect(.leftParen, "'('")
    let (source, inner) = try parseQueryExpression()
    var steps = inner
    switch wrapper {
    case .documents:
      break
    case .count:
      steps.append(QueryStep(.aggregate(.count), range: nameToken.range))
    case .aggregate:
      try expect(.comma, "',' and the aggregations")
      steps += try parseAggregateSpec()
    }
    while consume(.comma) != nil {
      if current.kind == .rightParen { break }
      try skipArgument()
    }
    let name = text(nameToken)
    try expect(.rightParen, "')' to close \(name)(")
    return (source, steps)
  }

  /// `{ alias: count(), total: sum("amount"), mean: average("amount") }`.
  mutating func parseAggregateSpec() throws(QueryParseFailure) -> [QueryStep] {
    try expect(.leftBrace, "'{' and the aggregations")
    var steps: [QueryStep] = []
    while current.kind != .rightBrace {
      guard current.kind == .identifier || current.kind == .string else {
        throw fail(.queryExpected, "expected an aggregation alias, found \(describe(current))", at: current.range)
      }
      advance()
      try expect(.colon, "':' after the alias")
      steps.append(try parseAggregateField())
      if consume(.comma) == nil { break }
    }
    try expect(.rightBrace, "'}' to close the aggregations")
    return steps
  }

  /// `count()`, `sum(f)`, `average(f)`, also written `AggregateField.count()`.
  mutating func parseAggregateField() throws(QueryParseFailure) -> QueryStep {
    if isIdentifier("AggregateField"), peek().kind == .dot {
      advance()
      advance()
    }
    let start = current.range
    let (name, token) = try expectIdentifier("count(), sum(field) or average(field)")
    let kind: AggregationKind
    try expect(.leftParen, "'(' after \(name)")
    switch name {
    case "count": kind = .count
    case "sum": kind = .sum(try parseFieldRef())
    case "average", "avg": kind = .average(try parseFieldRef())
    default:
      throw fail(.queryExpected, "expected count(), sum(field) or average(field), found '\(name)'", at: token.range)
    }
    let close = try expect(.rightParen, "')'")
    return QueryStep(.aggregate(kind), range: start.union(close.range))
  }
}
