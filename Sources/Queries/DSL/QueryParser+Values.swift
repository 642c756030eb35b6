import RulesLanguage

extension QueryParserCore {
  /// Write-only sentinels: accepted by the parser so validation can reject them with
  /// the SDK's message. Keys are spellings, values the SDK method name.
  static let sentinels: [String: String] = [
    "serverTimestamp": "serverTimestamp", "arrayUnion": "arrayUnion", "arrayRemove": "arrayRemove",
    "increment": "increment", "deleteField": "deleteField", "delete": "deleteField",
  ]

  /// A value: a literal, a constructor call, a variable, or any other expression as code writes
  /// it (`x ?? ""`, `Date.now() - 86400000`, `items[0]`), which is an unknown value known by its
  /// text. `!` and `as Type` after a value are dropped.
  mutating func parseValue() throws(QueryParseFailure) -> ValueExpr {
    try enterNesting()
    defer { nesting -= 1 }
    let startIndex = index
    let value = try parsePrimaryValue()
    skipPostfixMarks()
    guard Self.continuesExpression(current.kind) else { return value }
    try skipArgument()
    return expression(from: startIndex)
  }

  /// Tokens that continue an expression after a complete value: operators and member access.
  static func continuesExpression(_ kind: QueryTokenKind) -> Bool {
    switch kind {
    case .otherOperator, .question, .minus, .less, .lessEqual, .greater, .greaterEqual, .equalEqual, .bangEqual,
      .dot, .leftBracket, .leftParen:
      true
    default: false
    }
  }

  /// The tokens from `startIndex` to the cursor as an unknown value, named by their text with
  /// white space collapsed.
  func expression(from startIndex: Int) -> ValueExpr {
    let range = tokens[startIndex].range.union(tokens[max(startIndex, index - 1)].range)
    var name = ""
    var lastEnd = -1
    for token in tokens[startIndex..<max(startIndex + 1, index)] {
      if lastEnd >= 0, token.range.start > lastEnd { name += " " }
      name += text(token)
      lastEnd = token.range.end
    }
    return ValueExpr(.expression(name), range: range)
  }

  mutating func parsePrimaryValue() throws(QueryParseFailure) -> ValueExpr {
    let token = current
    switch token.kind {
    case .minus:
      let start = index
      advance()
      let next = current
      if isIdentifier("Infinity") {
        advance()
        return ValueExpr(.double(-.infinity), range: token.range.union(next.range))
      }
      guard next.kind == .number else {
        // `-offset`: computed.
        _ = try parsePrimaryValue()
        return expression(from: start)
      }
      return try parseNumber(negativeFrom: token.range.start)
    case .bang, .leftParen:
      // `!flag`, `(a + b)`, `(x) => ...`: computed.
      let start = index
      if token.kind == .bang { advance() } else { try skipBalanced() }
      if current.kind != .comma, current.kind != .rightParen { try skipArgument() }
      return expression(from: start)
    case .number:
      return try parseNumber(negativeFrom: nil)
    case .string:
      let raw = source.bytes[token.range.start..<token.range.end]
      if raw.count > 2, interpolated(raw.dropFirst().dropLast(), at: token.range.start + 1, dollarNames: false) != nil {
        advance()
        return ValueExpr(.expression(text(token)), range: token.range)
      }
      let (value, range) = try parseString("a string")
      return ValueExpr(.string(value), range: range)
    case .quotedIdentifier:
      // A template literal: constant text, or computed when it interpolates.
      advance()
      let raw = source.bytes[token.range.start..<token.range.end]
      if raw.count > 2, interpolated(raw.dropFirst().dropLast(), at: token.range.start + 1, dollarNames: false) != nil {
        return ValueExpr(.expression(text(token)), range: token.range)
      }
      let decoded = QueryLexer.decodeQuoted(raw)
      guard let value = decoded.value else {
        throw fail(.queryBadEscape, decoded.error ?? "malformed string", at: token.range)
      }
      return ValueExpr(.string(value), range: token.range)
    case .leftBracket:
      advance()
      let elements = try parseValueList(until: .rightBracket)
      let close = try expect(.rightBracket, "']' to close the array")
      return ValueExpr(.array(elements), range: token.range.union(close.range))
    case .leftBrace:
      return try parseMap()
    case .identifier:
      return try parseNamedValue()
    default:
      throw fail(.queryExpectedValue, "expected a value, found \(describe(token))", at: token.range)
    }
  }

  /// An integer (64-bit) or, when written with a fraction or exponent, a double.
  mutating func parseNumber(negativeFrom start: Int?) throws(QueryParseFailure) -> ValueExpr {
    let token = current
    advance()
    // One pass over the bytes, not `Character` tests on the text: this runs for every number
    // of every query line, and a number token is ASCII.
    var isDouble = false
    var hasMarks = false  // `_` separators or the `L` suffix, dropped
    for byte in source.bytes[token.range.start..<token.range.end] {
      switch byte {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): isDouble = true
      case UInt8(ascii: "_"), UInt8(ascii: "L"), UInt8(ascii: "l"): hasMarks = true
      default: break
      }
    }
    var digits = text(token)
    if hasMarks {
      digits.removeAll { $0 == "_" }
      if digits.last == "L" || digits.last == "l" { digits.removeLast() }
    }
    let range = SourceRange(start: start ?? token.range.start, end: token.range.end)
    let signed = start == nil ? digits : "-" + digits
    if isDouble {
      guard let value = Double(signed) else {
        throw fail(.queryBadNumber, "malformed number '\(signed)'", at: range)
      }
      return ValueExpr(.double(value), range: range)
    }
    guard let value = Int64(signed) else {
      throw fail(
        .queryIntegerOverflow,
        "integer \(signed) does not fit in 64 bits (write it with a fraction, e.g. \(signed).0, for a double)",
        at: range)
    }
    return ValueExpr(.integer(value), range: range)
  }

  /// `{key: value, "other key": value}`.
  mutating func parseMap() throws(QueryParseFailure) -> ValueExpr {
    let open = try expect(.leftBrace, "'{'")
    var entries: [ValueMapEntry] = []
    while current.kind != .rightBrace {
      let keyToken = current
      let key: String
      switch keyToken.kind {
      case .string, .quotedIdentifier:
        let decoded = QueryLexer.decodeQuoted(source.bytes[keyToken.range.start..<keyToken.range.end])
        guard let value = decoded.value else {
          throw fail(.queryBadEscape, decoded.error ?? "malformed key", at: keyToken.range)
        }
        key = value
        advance()
      case .identifier:
        key = text(keyToken)
        advance()
      default:
        throw fail(.queryExpected, "expected a map key or '}', found \(describe(keyToken))", at: keyToken.range)
      }
      try expect(.colon, "':' after the map key")
      entries.append(ValueMapEntry(key: key, value: try parseValue()))
      if consume(.comma) == nil { break }
    }
    let close = try expect(.rightBrace, "'}' to close the map")
    return ValueExpr(.map(entries), range: open.range.union(close.range))
  }

  /// Calls that read the client's clock: `Timestamp.now()`, `new Date()`, Swift's `Date()` and
  /// `Timestamp()`, Dart's `DateTime.now()`. The clock is not `request.time` (the server's time
  /// when the request arrives), so they are unknown values: a rules proof such as
  /// `resource.data.expires > request.time` must not be proved by them.
  static func isNowCall(_ names: [String], noArguments: Bool) -> Bool {
    guard let last = names.last else { return false }
    if last == "now", names.count >= 2, ["Timestamp", "DateTime"].contains(names[names.count - 2]) { return true }
    return noArguments && names.count == 1 && (last == "Date" || last == "Timestamp")
  }

  /// Calls that build a list: Kotlin's `listOf(...)`, Java's `List.of(...)`, `Arrays.asList(...)`.
  static let listBuilders: Set<String> = ["listOf", "arrayOf", "mutableListOf", "setOf", "asList", "of"]

  /// A dotted name as a variable: `...currentUser.uid` (any SDK's signed-in user) is `auth.uid`.
  static func variableKind(_ names: [String]) -> ValueExprKind {
    if names.count >= 2, names[names.count - 2] == "currentUser", names.last == "uid" {
      return .variable(["auth", "uid"])
    }
    return .variable(names)
  }

  /// Keywords, constructor calls (`timestamp(..)`, `ref(..)`, ...), sentinels, variables, and
  /// other chains of names, calls and subscripts (unknown values known by their text).
  mutating func parseNamedValue() throws(QueryParseFailure) -> ValueExpr {
    let first = current
    switch text(first) {
    case "null", "nil":
      advance()
      return ValueExpr(.null, range: first.range)
    case "true", "false":
      advance()
      return ValueExpr(.bool(text(first) == "true"), range: first.range)
    case "undefined":
      advance()
      return ValueExpr(.undefined, range: first.range)
    case "NaN":
      advance()
      return ValueExpr(.double(.nan), range: first.range)
    case "Infinity":
      advance()
      return ValueExpr(.double(.infinity), range: first.range)
    default:
      break
    }
    let startIndex = index
    if isIdentifier("new") { advance() }
    // A chain of names with calls, subscripts and `!`/`?.` marks.
    var names: [String] = []
    var calls = 0
    var subscripts = false
    var finalCall: Int?
    while true {
      let (name, _) = try expectIdentifier("a value")
      names.append(name)
      finalCall = nil
      if current.kind == .leftParen {
        calls += 1
        finalCall = index
        try skipBalanced()
      }
      while current.kind == .leftBracket {
        subscripts = true
        finalCall = nil
        try skipBalanced()
      }
      while current.kind == .bang { advance() }
      if current.kind == .question, peek().kind == .dot { advance() }
      guard current.kind == .dot, peek().kind == .identifier else { break }
      advance()
    }
    let range = first.range.union(tokens[max(0, index - 1)].range)
    if names.count >= 2, names[names.count - 2] == "currentUser", names.last == "uid" {
      return ValueExpr(.variable(["auth", "uid"]), range: range)
    }
    if calls == 0, !subscripts {
      return ValueExpr(Self.variableKind(names), range: range)
    }
    guard let open = finalCall else { return expression(from: startIndex) }
    let callee = names[names.count - 1]
    if Self.isNowCall(names, noArguments: tokens[open + 1].kind == .rightParen) {
      return expression(from: startIndex)
    }
    let saved = self
    index = open
    do {
      if Self.listBuilders.contains(callee) {
        advance()
        let values = try parseValueList(until: .rightParen)
        let close = try expect(.rightParen, "')'")
        return ValueExpr(.array(values), range: first.range.union(close.range))
      }
      return try parseConstructorCall(
        callee, qualified: names.joined(separator: "."), start: tokens[startIndex].range)
    } catch {
      // A literal argument Flint reads and refuses (a latitude out of range), and nesting past
      // the cap, stay errors.
      let refused: [DiagnosticCode] = [
        .queryBadGeopoint, .queryBadEscape, .queryIntegerOverflow, .queryBadNumber, .queryTooDeep,
      ]
      if diagnostics[saved.diagnostics.count...].contains(where: { refused.contains($0.code) }) { throw error }
      // Not a constructor Flint reads (`Timestamp.fromDate(start)`): an unknown value.
      self = saved
      return expression(from: startIndex)
    }
  }

  mutating func parseConstructorCall(_ callee: String, qualified: String, start: SourceRange)
    throws(QueryParseFailure) -> ValueExpr
  {
    if let sentinel = Self.sentinels[callee] {
      try skipBalanced()
      return ValueExpr(.sentinel(sentinel), range: start.union(tokens[max(0, index - 1)].range))
    }
    try expect(.leftParen, "'('")
    let kind: ValueExprKind
    switch callee {
    case "timestamp", "fromDate", "Date":
      kind = .timestamp(try parseString("an RFC 3339 timestamp string").0)
    case "ref", "doc", "document":
      if isIdentifier("db"), peek().kind == .comma {
        advance()
        advance()
      }
      var parts = [try parseString("a document path").0]
      while consume(.comma) != nil { parts.append(try parseString("a path segment").0) }
      kind = .reference(parts.joined(separator: "/"))
    case "snapshot":
      kind = .snapshot(try parseString("a document path").0)
    case "geopoint", "GeoPoint", "latlng":
      let lat = try parseNumberArgument("latitude")
      try expect(.comma, "','")
      let lng = try parseNumberArgument("longitude")
      guard lat.value.isFinite, (-90...90).contains(lat.value) else {
        throw fail(
          .queryBadGeopoint, "Latitude must be a number between -90 and 90, but was: \(jsNumber(lat.value))",
          at: lat.range)
      }
      guard lng.value.isFinite, (-180...180).contains(lng.value) else {
        throw fail(
          .queryBadGeopoint, "Longitude must be a number between -180 and 180, but was: \(jsNumber(lng.value))",
          at: lng.range)
      }
      kind = .geoPoint(lat.value, lng.value)
    case "bytes", "fromBase64String", "blob":
      kind = .bytes(try parseString("a base64 string").0)
    default:
      throw fail(
        .queryUnknownFunction,
        "unknown value function '\(qualified)'; expected timestamp, ref, geopoint, bytes or snapshot",
        at: start)
    }
    let close = try expect(.rightParen, "')'")
    return ValueExpr(kind, range: start.union(close.range))
  }

  mutating func parseNumberArgument(_ what: String) throws(QueryParseFailure) -> (value: Double, range: SourceRange) {
    let value = try parseValue()
    switch value.kind {
    case .integer(let i): return (Double(i), value.range)
    case .double(let d): return (d, value.range)
    default: throw fail(.queryExpected, "expected a number for the \(what)", at: value.range)
    }
  }
}
