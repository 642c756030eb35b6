import RulesLanguage

extension QueryParserCore {
  /// Named filter arguments and the operators they mean: Swift's `whereField(_:isEqualTo:)`
  /// family and Dart's `where(_, isEqualTo:)` family (`whereIn:`, `whereNotIn:`).
  static let filterLabels: [String: FilterOperator] = [
    "isEqualTo": .equal, "isNotEqualTo": .notEqual, "isLessThan": .lessThan,
    "isLessThanOrEqualTo": .lessThanOrEqual, "isGreaterThan": .greaterThan,
    "isGreaterThanOrEqualTo": .greaterThanOrEqual, "arrayContains": .arrayContains,
    "arrayContainsAny": .arrayContainsAny, "in": .in, "notIn": .notIn, "whereIn": .in, "whereNotIn": .notIn,
  ]

  /// Kotlin's and Java's `whereEqualTo(field, value)` family.
  static let filterMethods: [String: FilterOperator] = [
    "whereEqualTo": .equal, "whereNotEqualTo": .notEqual, "whereLessThan": .lessThan,
    "whereLessThanOrEqualTo": .lessThanOrEqual, "whereGreaterThan": .greaterThan,
    "whereGreaterThanOrEqualTo": .greaterThanOrEqual, "whereArrayContains": .arrayContains,
    "whereArrayContainsAny": .arrayContainsAny, "whereIn": .in, "whereNotIn": .notIn,
  ]

  /// Calls that run or observe a query, or change only how results are delivered: skipped.
  static let noOpSteps: Set<String> = [
    "get", "getDocs", "getDocuments", "getDocsFromServer", "getDocsFromCache", "onSnapshot", "getCountFromServer",
    "getAggregateFromServer", "getAggregation", "snapshots", "addSnapshotListener", "withConverter", "then", "catch",
    "finally", "await", "addOnSuccessListener", "addOnCompleteListener", "addOnFailureListener", "dataObjects",
    "toObjects", "snapshotFlow", "stream", "asStream",
  ]

  /// One call such as `where(...)` or `limit(3)` (the name is under the cursor): appends its
  /// steps to `steps` (appended to, not returned, so that no array is built per call), none for
  /// calls that do not change the query (`get()`), several for Dart's
  /// `where('a', isGreaterThan: 1, isLessThan: 5)` or `aggregate(...)`. Appends nothing when it throws.
  mutating func parseStepCall(allowComposite: Bool, into steps: inout [QueryStep]) throws(QueryParseFailure) {
    let (name, nameToken) = try expectIdentifier("a query step such as where(...)")
    let start = nameToken.range.start
    func finish(_ kind: QueryStepKind) -> QueryStep {
      QueryStep(kind, range: SourceRange(start: start, end: tokens[max(0, index - 1)].range.end))
    }
    // Swift's `.count` is a property.
    if name == "count", current.kind != .leftParen {
      steps.append(finish(.aggregate(.count)))
      return
    }
    if Self.noOpSteps.contains(name) {
      try skipCallTail()
      return
    }
    if allowComposite, name == "or" || name == "and" {
      index -= 1
      let filter = try parseFilterCall()
      steps.append(finish(.filter(filter)))
      return
    }
    try expect(.leftParen, "'(' after \(name)")
    let kinds: [QueryStepKind]
    switch name {
    case "where":
      kinds = try parseWhereArguments().map { .filter($0) }
    case "whereField":
      kinds = [.filter(try parseLabeledFilter(start: start))]
    case "whereFilter":
      kinds = [.filter(try parseFilterObject())]
    case "orderBy", "order":
      if name == "order" { try expectLabel("by") }
      let field = try parseFieldRef()
      var direction = Direction.ascending
      if consume(.comma) != nil, current.kind != .rightParen { direction = try parseDirection() }
      kinds = [.orderBy(field, direction)]
    case "limit":
      if isIdentifier("to"), peek().kind == .colon {
        try expectLabel("to")
        kinds = [.limit(try parseValue())]
      } else if isIdentifier("toLast"), peek().kind == .colon {
        try expectLabel("toLast")
        kinds = [.limitToLast(try parseValue())]
      } else {
        kinds = [.limit(try parseValue())]
      }
    case "limitToLast":
      kinds = [.limitToLast(try parseValue())]
    case "offset":
      kinds = [.offset(try parseValue())]
    case "startAt", "startAfter", "endAt", "endBefore":
      kinds = [.cursor(CursorKind(rawValue: name)!, try parseValueList(until: .rightParen))]
    case "startAtDocument", "startAfterDocument", "endAtDocument", "endBeforeDocument":
      kinds = [.cursor(CursorKind(rawValue: String(name.dropLast("Document".count)))!, [try parseValue()])]
    case "start", "end":
      kinds = [try parseSwiftCursor(name)]
    case "select":
      var fields: [FieldRef] = []
      if current.kind != .rightParen {
        fields.append(try parseFieldRef())
        while consume(.comma) != nil, current.kind != .rightParen { fields.append(try parseFieldRef()) }
      }
      kinds = [.select(fields)]
    case "count":
      kinds = [.aggregate(.count)]
    case "sum":
      kinds = [.aggregate(.sum(try parseFieldRef()))]
    case "avg", "average":
      kinds = [.aggregate(.average(try parseFieldRef()))]
    case "aggregate":
      // Swift `aggregate([AggregateField.count(), ...])`, Kotlin/Dart `aggregate(count(), sum("x"))`.
      let bracketed = consume(.leftBracket) != nil
      var fields: [QueryStep] = []
      while current.kind == .identifier {
        fields.append(try parseAggregateField())
        if consume(.comma) == nil { break }
      }
      if bracketed { try expect(.rightBracket, "']'") }
      kinds = fields.map(\.kind)
    // After the common names, so that they cost no dictionary lookup.
    case _ where Self.filterMethods[name] != nil:
      let field = try parseFieldRef()
      try expect(.comma, "',' before the filter value")
      let value = try parseValue()
      kinds = [
        .filter(FilterExpr(.field(field, Self.filterMethods[name]!, value), range: field.range.union(value.range)))
      ]
    default:
      throw fail(
        .queryUnknownStep,
        "unknown query step '\(name)'; expected where, orderBy, limit, limitToLast, offset, startAt, startAfter, endAt, endBefore, select, count, sum or avg",
        at: nameToken.range)
    }
    _ = consume(.comma)  // a trailing comma
    try expect(.rightParen, "')' to close \(name)(")
    let range = SourceRange(start: start, end: tokens[max(0, index - 1)].range.end)
    for kind in kinds { steps.append(QueryStep(kind, range: range)) }
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
    // Swift's and Dart's `descending: true`.
    if isIdentifier("descending"), peek().kind == .colon {
      try expectLabel("descending")
      let value = try parseValue()
      guard case .bool(let descending) = value.kind else {
        throw fail(.queryBadDirection, "expected true or false after 'descending:'", at: value.range)
      }
      return descending ? .descending : .ascending
    }
    // Kotlin's and Java's `Query.Direction.DESCENDING`.
    if current.kind == .identifier, peek().kind == .dot {
      let start = current.range
      var last = current
      while current.kind == .identifier, peek().kind == .dot, peek(2).kind == .identifier {
        advance()
        advance()
        last = current
      }
      advance()
      switch text(last) {
      case "DESCENDING": return .descending
      case "ASCENDING": return .ascending
      default:
        throw fail(
          .queryBadDirection, "expected Query.Direction.ASCENDING or DESCENDING, found \(describe(last))",
          at: start.union(last.range))
      }
    }
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
      if token.kind == .identifier, meant == nil {
        // A direction held in a variable: it decides the index, so it cannot be an unknown value.
        throw fail(
          .queryBadDirection,
          "the sort direction '\(word)' is not a constant, and the index depends on it; write \"asc\" or \"desc\"",
          at: token.range)
      }
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

  /// `whereField(field, isEqualTo: value)` (Swift, also `Filter.whereField`).
  mutating func parseLabeledFilter(start: Int) throws(QueryParseFailure) -> FilterExpr {
    let field = try parseFieldRef()
    try expect(.comma, "','")
    let labelToken = current
    let (label, _) = try expectIdentifier("a filter label such as isEqualTo:")
    guard let op = Self.filterLabels[label] else {
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
}
