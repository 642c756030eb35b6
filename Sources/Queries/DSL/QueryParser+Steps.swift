import RulesLanguage

extension QueryParserCore {
  /// Labels of Swift's `whereField(_:isEqualTo:)` family and the operators they mean.
  static let swiftFilterLabels: [String: FilterOperator] = [
    "isEqualTo": .equal, "isNotEqualTo": .notEqual, "isLessThan": .lessThan,
    "isLessThanOrEqualTo": .lessThanOrEqual, "isGreaterThan": .greaterThan,
    "isGreaterThanOrEqualTo": .greaterThanOrEqual, "arrayContains": .arrayContains,
    "arrayContainsAny": .arrayContainsAny, "in": .in, "notIn": .notIn,
  ]

  /// One call such as `where(...)` or `limit(3)` (the name is under the cursor).
  /// Returns nil for calls that do not change the query (`get()`).
  mutating func parseStepCall(allowComposite: Bool) throws(QueryParseFailure) -> QueryStep? {
    let (name, nameToken) = try expectIdentifier("a query step such as where(...)")
    let start = nameToken.range.start
    func finish(_ kind: QueryStepKind) -> QueryStep {
      QueryStep(kind, range: SourceRange(start: start, end: tokens[max(0, index - 1)].range.end))
    }
    // Swift's `.count` is a property.
    if name == "count", current.kind != .leftParen { return finish(.aggregate(.count)) }
    // Every name of the next switch starts with `g`, `o` or `a`: other ASCII initials skip
    // its string comparisons (a different ASCII first letter cannot spell an equal string).
    let initial = name.utf8.first ?? 0
    let maySkip = initial < 0x80 && initial != UInt8(ascii: "g") && initial != UInt8(ascii: "o")
      && initial != UInt8(ascii: "a")
    if !maySkip {
      switch name {
      case "get", "getDocs", "getDocuments", "onSnapshot", "getCountFromServer", "getAggregateFromServer":
        try skipBalancedArguments()
        return nil
      case "or", "and":
        guard allowComposite else { break }
        index -= 1
        let filter = try parseFilterCall()
        return finish(.filter(filter))
      default:
        break
      }
    }
    try expect(.leftParen, "'(' after \(name)")
    let kind: QueryStepKind
    switch name {
    case "where":
      kind = .filter(try parseWhereArguments())
    case "whereField":
      kind = .filter(try parseSwiftWhereField(start: start))
    case "orderBy":
      let field = try parseFieldRef()
      var direction = Direction.ascending
      if consume(.comma) != nil { direction = try parseDirection() }
      kind = .orderBy(field, direction)
    case "order":
      try expectLabel("by")
      let field = try parseFieldRef()
      var direction = Direction.ascending
      if consume(.comma) != nil {
        try expectLabel("descending")
        let value = try parseValue()
        guard case .bool(let descending) = value.kind else {
          throw fail(.queryExpected, "expected true or false after 'descending:'", at: value.range)
        }
        direction = descending ? .descending : .ascending
      }
      kind = .orderBy(field, direction)
    case "limit":
      if isIdentifier("to"), peek().kind == .colon {
        try expectLabel("to")
        kind = .limit(try parseValue())
      } else if isIdentifier("toLast"), peek().kind == .colon {
        try expectLabel("toLast")
        kind = .limitToLast(try parseValue())
      } else {
        kind = .limit(try parseValue())
      }
    case "limitToLast":
      kind = .limitToLast(try parseValue())
    case "offset":
      kind = .offset(try parseValue())
    case "startAt", "startAfter", "endAt", "endBefore":
      kind = .cursor(CursorKind(rawValue: name)!, try parseValueList(until: .rightParen))
    case "start", "end":
      kind = try parseSwiftCursor(name)
    case "select":
      var fields: [FieldRef] = []
      if current.kind != .rightParen {
        fields.append(try parseFieldRef())
        while consume(.comma) != nil { fields.append(try parseFieldRef()) }
      }
      kind = .select(fields)
    case "count":
      kind = .aggregate(.count)
    case "sum":
      kind = .aggregate(.sum(try parseFieldRef()))
    case "avg", "average":
      kind = .aggregate(.average(try parseFieldRef()))
    default:
      throw fail(
        .queryUnknownStep,
        "unknown query step '\(name)'; expected where, orderBy, limit, limitToLast, offset, startAt, startAfter, endAt, endBefore, select, count, sum or avg",
        at: nameToken.range)
    }
    try expect(.rightParen, "')' to close \(name)(")
    return finish(kind)
  }

  /// `label:` as in Swift's `order(by:)`.
  mutating func expectLabel(_ label: StaticString) throws(QueryParseFailure) {
    guard isIdentifier(label), peek().kind == .colon else {
      throw fail(.queryExpected, "expected '\(label):'", at: current.range)
    }
    advance()
    advance()
  }

  /// `"asc"` or `"desc"` (also unquoted), the only spellings the SDKs' `orderBy` takes (the
  /// JavaScript type is `'asc' | 'desc'`): `"descending"`, `"DESC"` and the like are refused
  /// with the spelling they stand for, not read silently.
  mutating func parseDirection() throws(QueryParseFailure) -> Direction {
    let token = current
    let word: String
    if token.kind == .string {
      word = try parseString("a direction").0
    } else if token.kind == .identifier {
      word = text(token)
      advance()
    } else {
      throw fail(.queryBadDirection, "expected \"asc\" or \"desc\", found \(describe(token))", at: token.range)
    }
    switch word {
    case "asc": return .ascending
    case "desc": return .descending
    default:
      let lowered = word.lowercased()
      let meant = lowered.hasPrefix("desc") ? "desc" : lowered.hasPrefix("asc") ? "asc" : nil
      let hint = meant.map { " (did you mean \"\($0)\"?)" } ?? ""
      throw fail(
        .queryBadDirection, "unknown sort direction '\(word)'\(hint); expected \"asc\" or \"desc\"",
        at: token.range)
    }
  }

  /// Swift's `start(at: [v...])`, `start(after:)`, `end(at:)`, `end(before:)`.
  mutating func parseSwiftCursor(_ name: String) throws(QueryParseFailure) -> QueryStepKind {
    let labelToken = current
    let (label, _) = try expectIdentifier("a cursor label")
    try expect(.colon, "':'")
    let cursor: CursorKind
    switch (name, label) {
    case ("start", "at"), ("start", "atDocument"): cursor = .startAt
    case ("start", "after"), ("start", "afterDocument"): cursor = .startAfter
    case ("end", "at"), ("end", "atDocument"): cursor = .endAt
    case ("end", "before"), ("end", "beforeDocument"): cursor = .endBefore
    default:
      throw fail(.queryExpected, "unknown cursor '\(name)(\(label):)'", at: labelToken.range)
    }
    if label.hasSuffix("Document") { return .cursor(cursor, [try parseValue()]) }
    try expect(.leftBracket, "'[' (Swift cursors take an array of values)")
    let values = try parseValueList(until: .rightBracket)
    try expect(.rightBracket, "']'")
    return .cursor(cursor, values)
  }

  /// `whereField(field, isEqualTo: value)`.
  mutating func parseSwiftWhereField(start: Int) throws(QueryParseFailure) -> FilterExpr {
    let field = try parseFieldRef()
    try expect(.comma, "','")
    let labelToken = current
    let (label, _) = try expectIdentifier("a filter label such as isEqualTo:")
    guard let op = Self.swiftFilterLabels[label] else {
      throw fail(.queryBadOperator, "unknown whereField label '\(label):'", at: labelToken.range)
    }
    try expect(.colon, "':'")
    let value = try parseValue()
    return FilterExpr(.field(field, op, value), range: SourceRange(start: start, end: value.range.end))
  }

  /// Comma-separated values up to (not including) a closing token.
  mutating func parseValueList(until closer: QueryTokenKind) throws(QueryParseFailure) -> [ValueExpr] {
    var values: [ValueExpr] = []
    if current.kind == closer { return values }
    values.append(try parseValue())
    while consume(.comma) != nil {
      if current.kind == closer { break }
      values.append(try parseValue())
    }
    return values
  }

  /// Skips `( ... )` if present (for no-op calls).
  mutating func skipBalancedArguments() throws(QueryParseFailure) {
    guard current.kind == .leftParen else { return }
    var depth = 0
    repeat {
      switch current.kind {
      case .leftParen: depth += 1
      case .rightParen: depth -= 1
      case .end: throw fail(.queryExpected, "expected ')'", at: current.range)
      default: break
      }
      advance()
    } while depth > 0
  }
}
