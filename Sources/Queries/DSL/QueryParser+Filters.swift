import RulesLanguage

extension QueryParserCore {
  /// The arguments of `where(`: `field, "op", value`, `field op value`, `or(...)`/`and(...)`,
  /// an SDK filter object (`Filter.or(...)`), or Dart's `field, isEqualTo: value, ...` (one filter
  /// per named condition). The opening parenthesis is already consumed; the closing one is left.
  mutating func parseWhereArguments() throws(QueryParseFailure) -> [FilterExpr] {
    if isIdentifier("or") || isIdentifier("and"), peek().kind == .leftParen {
      return [try parseFilterCall()]
    }
    if startsFilterObject { return [try parseFilterObject()] }
    let field = try parseFieldRef()
    let op: FilterOperator
    if consume(.comma) != nil {
      if current.kind == .identifier, peek().kind == .colon { return try parseNamedConditions(field) }
      op = try parseOperatorString()
      try expect(.comma, "',' before the filter value")
    } else if let shorthand = shorthandOperator(current) {
      op = shorthand
      advance()
    } else {
      throw fail(
        .queryExpected,
        "expected ',' and an operator, or a comparison such as 'field >= value', found \(describe(current))",
        at: current.range)
    }
    let value = try parseValue()
    return [FilterExpr(.field(field, op, value), range: field.range.union(value.range))]
  }

  /// Dart's named conditions after the field: `isEqualTo: v`, `whereIn: [...]`, `isNull: true`, ...
  mutating func parseNamedConditions(_ field: FieldRef) throws(QueryParseFailure) -> [FilterExpr] {
    var filters: [FilterExpr] = []
    repeat {
      if current.kind == .rightParen { break }  // a trailing comma
      let labelToken = current
      let (label, _) = try expectIdentifier("a condition such as isEqualTo:")
      try expect(.colon, "':'")
      let value = try parseValue()
      let range = field.range.union(value.range)
      if label == "isNull" {
        guard case .bool(let isNull) = value.kind else {
          throw fail(.queryExpected, "expected true or false after 'isNull:'", at: value.range)
        }
        filters.append(
          FilterExpr(.field(field, isNull ? .equal : .notEqual, ValueExpr(.null, range: value.range)), range: range))
        continue
      }
      guard let op = Self.filterLabels[label] else {
        throw fail(.queryBadOperator, "unknown filter condition '\(label):'", at: labelToken.range)
      }
      filters.append(FilterExpr(.field(field, op, value), range: range))
    } while consume(.comma) != nil
    return filters
  }

  func shorthandOperator(_ token: QueryToken) -> FilterOperator? {
    switch token.kind {
    case .equalEqual: .equal
    case .bangEqual: .notEqual
    case .less: .lessThan
    case .lessEqual: .lessThanOrEqual
    case .greater: .greaterThan
    case .greaterEqual: .greaterThanOrEqual
    case .identifier where textEquals(token, "in"): .in
    default: nil
    }
  }

  /// `"=="`, `"array-contains"`, ... as a string literal.
  mutating func parseOperatorString() throws(QueryParseFailure) -> FilterOperator {
    let token = current
    guard token.kind == .string else {
      // `array_contains` unquoted: the string meant, when the word spells an operator.
      let hint = token.kind == .identifier ? Self.meantOperator(text(token)).map { " (did you mean \"\($0)\"?)" } : nil
      throw fail(
        .queryBadOperator, "expected an operator string such as \"==\", found \(describe(token))\(hint ?? "")",
        at: token.range)
    }
    let (text, range) = try parseString("an operator")
    if let op = FilterOperator(rawValue: text) { return op }
    let all = FilterOperator.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    let hint = Self.meantOperator(text).map { " (did you mean '\($0)'?)" } ?? ""
    throw fail(.queryBadOperator, "invalid query operator '\(text)'\(hint); expected one of \(all)", at: range)
  }

  /// The operator `text` stands for: `array_contains` (Python's spelling), `ARRAY-CONTAINS`,
  /// `=` and `===`, `!==`; nil when it spells none.
  static func meantOperator(_ text: String) -> String? {
    if text == "=" || text == "===" { return "==" }
    if text == "!==" { return "!=" }
    return FilterOperator(rawValue: String(text.lowercased().map { $0 == "_" ? "-" : $0 }))?.rawValue
  }

  /// `or(where(...), and(...))` / `and(...)`; the name is under the cursor.
  mutating func parseFilterCall() throws(QueryParseFailure) -> FilterExpr {
    try enterNesting()
    defer { nesting -= 1 }
    let nameToken = current
    let op: CompositeOperator = textEquals(nameToken, "or") ? .or : .and
    advance()
    try expect(.leftParen, "'('")
    var children: [FilterExpr] = []
    if current.kind != .rightParen {
      children.append(try parseConstraintInComposite())
      while consume(.comma) != nil {
        if current.kind == .rightParen { break }
        children.append(try parseConstraintInComposite())
      }
    }
    let close = try expect(.rightParen, "')' to close \(op.rawValue)(")
    return FilterExpr(.composite(op, children), range: nameToken.range.union(close.range))
  }

  /// One argument of `and(...)`/`or(...)`: `where(...)`, a nested composite, or any
  /// other call (kept as `.nonFilter` for the SDK's error).
  mutating func parseConstraintInComposite() throws(QueryParseFailure) -> FilterExpr {
    let token = current
    guard token.kind == .identifier else {
      throw fail(.queryExpected, "expected where(...), or(...) or and(...), found \(describe(token))", at: token.range)
    }
    let name = text(token)
    switch name {
    case "or", "and":
      return try parseFilterCall()
    case "Filter":
      return try parseFilterObject()
    case "where":
      advance()
      try expect(.leftParen, "'('")
      let filters = try parseWhereArguments()
      let close = try expect(.rightParen, "')' to close where(")
      let range = token.range.union(close.range)
      return filters.count == 1
        ? FilterExpr(filters[0].kind, range: range) : FilterExpr(.composite(.and, filters), range: range)
    default:
      advance()
      try skipBalanced()
      return FilterExpr(.nonFilter(name), range: token.range.union(tokens[max(0, index - 1)].range))
    }
  }

  /// `"a", "b")` or (Swift, Dart) `["a", "b"])`: explicit segments, the `(` already read.
  mutating func parseFieldSegments(from start: SourceRange) throws(QueryParseFailure) -> FieldRef {
    let bracketed = consume(.leftBracket) != nil
    var segments = [try parseString("a field name").0]
    while consume(.comma) != nil {
      if current.kind == .rightBracket || current.kind == .rightParen { break }
      segments.append(try parseString("a field name").0)
    }
    if bracketed { try expect(.rightBracket, "']'") }
    _ = consume(.comma)
    let close = try expect(.rightParen, "')'")
    return FieldRef(.segments(segments), range: start.union(close.range))
  }

  /// A field: `"a.b"`, `documentId()`, `FieldPath("a", "b")`, `FieldPath.documentId()`,
  /// or a bare path ``a.b.`c d` ``.
  mutating func parseFieldRef() throws(QueryParseFailure) -> FieldRef {
    let start = current
    if start.kind == .string {
      let (value, range) = try parseString("a field path")
      return FieldRef(.dotted(value), range: range)
    }
    if isIdentifier("new"), isIdentifier("FieldPath", peek()) { advance() }
    if isIdentifier("documentId"), peek().kind == .leftParen {
      advance()
      advance()
      let close = try expect(.rightParen, "')'")
      return FieldRef(.documentID, range: start.range.union(close.range))
    }
    if isIdentifier("FieldPath") {
      advance()
      if consume(.dot) != nil {
        let (name, token) = try expectIdentifier("documentId")
        switch name {
        case "documentId", "documentID":
          // Dart's `FieldPath.documentId` is a getter: no parentheses.
          var end = token.range
          if consume(.leftParen) != nil { end = try expect(.rightParen, "')'").range }
          return FieldRef(.documentID, range: start.range.union(end))
        case "of":
          // Java's and Kotlin's `FieldPath.of("a", "b")`.
          try expect(.leftParen, "'('")
          return try parseFieldSegments(from: start.range)
        default:
          throw fail(.queryExpected, "expected FieldPath.documentId()", at: token.range)
        }
      }
      try expect(.leftParen, "'('")
      return try parseFieldSegments(from: start.range)
    }
    guard start.kind == .identifier || start.kind == .quotedIdentifier else {
      throw fail(.queryExpectedField, "expected a field path, found \(describe(start))", at: start.range)
    }
    var segments: [String] = []
    var end = start.range
    while true {
      let token = current
      switch token.kind {
      case .identifier:
        segments.append(text(token))
      case .quotedIdentifier:
        let decoded = QueryLexer.decodeQuoted(source.bytes[token.range.start..<token.range.end])
        guard let value = decoded.value else {
          throw fail(.queryBadEscape, decoded.error ?? "malformed field name", at: token.range)
        }
        segments.append(value)
      default:
        throw fail(.queryExpectedField, "expected a field name after '.', found \(describe(token))", at: token.range)
      }
      end = token.range
      advance()
      guard current.kind == .dot, peek().kind == .identifier || peek().kind == .quotedIdentifier else { break }
      advance()
    }
    if current.kind == .leftBracket {
      throw fail(
        .queryArrayIndex,
        "Firestore queries cannot address an array element by position; use array-contains on the whole array instead",
        at: current.range)
    }
    return FieldRef(.segments(segments), range: start.range.union(end))
  }
}
