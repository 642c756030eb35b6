import RulesLanguage

extension QueryParserCore {
  /// Write-only sentinels: accepted by the parser so validation can reject them with
  /// the SDK's message. Keys are spellings, values the SDK method name.
  static let sentinels: [String: String] = [
    "serverTimestamp": "serverTimestamp", "arrayUnion": "arrayUnion", "arrayRemove": "arrayRemove",
    "increment": "increment", "deleteField": "deleteField", "delete": "deleteField",
  ]

  /// A value literal, constructor call or variable.
  mutating func parseValue() throws(QueryParseFailure) -> ValueExpr {
    try enterNesting()
    defer { nesting -= 1 }
    let token = current
    switch token.kind {
    case .minus:
      advance()
      let next = current
      if isIdentifier("Infinity") {
        advance()
        return ValueExpr(.double(-.infinity), range: token.range.union(next.range))
      }
      guard next.kind == .number else {
        throw fail(.queryExpectedValue, "expected a number after '-'", at: next.range)
      }
      return try parseNumber(negativeFrom: token.range.start)
    case .number:
      return try parseNumber(negativeFrom: nil)
    case .string:
      let (value, range) = try parseString("a string")
      return ValueExpr(.string(value), range: range)
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
    let digits = text(token)
    let range = SourceRange(start: start ?? token.range.start, end: token.range.end)
    let signed = (start == nil ? "" : "-") + digits
    if digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
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

  /// Keywords, constructor calls (`timestamp(..)`, `ref(..)`, ...), sentinels and variables.
  mutating func parseNamedValue() throws(QueryParseFailure) -> ValueExpr {
    let first = current
    var name = text(first)
    switch name {
    case "null":
      advance()
      return ValueExpr(.null, range: first.range)
    case "true", "false":
      advance()
      return ValueExpr(.bool(name == "true"), range: first.range)
    case "undefined":
      advance()
      return ValueExpr(.undefined, range: first.range)
    case "NaN":
      advance()
      return ValueExpr(.double(.nan), range: first.range)
    case "Infinity":
      advance()
      return ValueExpr(.double(.infinity), range: first.range)
    case "new":
      advance()
      name = text(current)
    default:
      break
    }
    // A dotted name: `FieldValue.arrayUnion`, `db.doc`, or a variable `request.auth.uid`.
    var parts: [String] = []
    var lastRange = current.range
    while true {
      let (part, token) = try expectIdentifier("a value")
      parts.append(part)
      lastRange = token.range
      guard current.kind == .dot, peek().kind == .identifier else { break }
      advance()
    }
    let range = first.range.union(lastRange)
    guard current.kind == .leftParen else {
      return ValueExpr(.variable(parts), range: range)
    }
    var callee = parts.last!
    if parts.count == 2, ["FieldValue", "firebase", "admin", "db", "firestore", "Timestamp", "Bytes"].contains(parts[0]) {
      callee = parts[1]
    } else if parts.count > 2 {
      throw fail(.queryUnknownFunction, "unknown function '\(parts.joined(separator: "."))'", at: range)
    }
    return try parseConstructorCall(callee, qualified: parts.joined(separator: "."), start: first.range)
  }

  mutating func parseConstructorCall(_ callee: String, qualified: String, start: SourceRange)
    throws(QueryParseFailure) -> ValueExpr
  {
    if let sentinel = Self.sentinels[callee] {
      try skipBalancedArguments()
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
        throw fail(.queryBadGeopoint, "Latitude must be a number between -90 and 90, but was: \(jsNumber(lat.value))", at: lat.range)
      }
      guard lng.value.isFinite, (-180...180).contains(lng.value) else {
        throw fail(.queryBadGeopoint, "Longitude must be a number between -180 and 180, but was: \(jsNumber(lng.value))", at: lng.range)
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
