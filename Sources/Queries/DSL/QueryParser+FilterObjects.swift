import RulesLanguage

/// The SDKs' filter objects, as `whereFilter(...)` (Swift) and `where(...)` (Kotlin, Java, Dart)
/// take them: Swift `Filter.orFilter([...])`, `Filter.andFilter([...])`, `Filter.whereField(f, isEqualTo: v)`;
/// Kotlin/Java `Filter.or(...)`, `Filter.and(...)`, `Filter.equalTo(f, v)` and the rest of that family;
/// Dart `Filter.or(...)`, `Filter.and(...)`, `Filter(f, isEqualTo: v)`.
extension QueryParserCore {
  /// Kotlin's and Java's `Filter` factory methods and the operators they mean.
  static let filterFactories: [String: FilterOperator] = [
    "equalTo": .equal, "notEqualTo": .notEqual, "lessThan": .lessThan, "lessThanOrEqualTo": .lessThanOrEqual,
    "greaterThan": .greaterThan, "greaterThanOrEqualTo": .greaterThanOrEqual, "arrayContains": .arrayContains,
    "arrayContainsAny": .arrayContainsAny, "inArray": .in, "notInArray": .notIn,
  ]

  /// Whether the cursor is at `Filter.` or `Filter(`.
  var startsFilterObject: Bool {
    isIdentifier("Filter") && (peek().kind == .dot || peek().kind == .leftParen)
  }

  /// One filter object (`Filter` under the cursor).
  mutating func parseFilterObject() throws(QueryParseFailure) -> FilterExpr {
    try enterNesting()
    defer { nesting -= 1 }
    let start = current.range
    guard isIdentifier("Filter") else {
      throw fail(.queryExpected, "expected a filter such as Filter.or(...), found \(describe(current))", at: start)
    }
    advance()
    if current.kind == .leftParen {
      // Dart: `Filter('f', isEqualTo: v, ...)`.
      advance()
      let field = try parseFieldRef()
      try expect(.comma, "',' and a condition such as isEqualTo:")
      let filters = try parseNamedConditions(field)
      let close = try expect(.rightParen, "')' to close Filter(")
      let range = start.union(close.range)
      return filters.count == 1
        ? FilterExpr(filters[0].kind, range: range) : FilterExpr(.composite(.and, filters), range: range)
    }
    try expect(.dot, "'.'")
    let (name, nameToken) = try expectIdentifier("a filter method such as or")
    try expect(.leftParen, "'(' after Filter.\(name)")
    let kind: FilterExprKind
    switch name {
    case "or", "and", "orFilter", "andFilter":
      let op: CompositeOperator = name.hasPrefix("or") ? .or : .and
      let bracketed = consume(.leftBracket) != nil
      var children: [FilterExpr] = []
      let closer: QueryTokenKind = bracketed ? .rightBracket : .rightParen
      while current.kind != closer {
        children.append(try parseConstraintInComposite())
        if consume(.comma) == nil { break }
      }
      if bracketed { try expect(.rightBracket, "']'") }
      kind = .composite(op, children)
    case "whereField":
      kind = try parseLabeledFilter(start: start.start).kind
    case _ where Self.filterFactories[name] != nil:
      let field = try parseFieldRef()
      try expect(.comma, "',' before the filter value")
      kind = .field(field, Self.filterFactories[name]!, try parseValue())
    default:
      throw fail(.queryExpected, "unknown filter method 'Filter.\(name)'", at: nameToken.range)
    }
    _ = consume(.comma)
    let close = try expect(.rightParen, "')' to close Filter.\(name)(")
    return FilterExpr(kind, range: start.union(close.range))
  }
}
