extension Parser {
  /// Literals, names, parenthesized expressions, lists, maps and path literals.
  /// On a token that cannot start an operand it reports "expected expression" and
  /// consumes nothing, so the enclosing statement can resynchronize.
  mutating func parsePrimary() -> Expr {
    let token = current
    switch token.kind {
    case .integer:
      advance()
      guard let value = LiteralDecoder.decodeInteger(bytes, range: token.range, negative: false) else {
        report(ParseDiagnostics.integerOutOfRange(at: token.range))
        return Expr(.invalid, range: token.range)
      }
      return Expr(.int(value), range: token.range)
    case .float:
      advance()
      guard let value = LiteralDecoder.decodeFloat(bytes, range: token.range) else {
        report(ParseDiagnostics.floatOutOfRange(at: token.range))
        return Expr(.invalid, range: token.range)
      }
      return Expr(.float(value), range: token.range)
    case .string:
      advance()
      guard let value = decodeString(token.range) else {
        return Expr(.invalid, range: token.range)
      }
      return Expr(.string(value), range: token.range)
    case .bytes:
      advance()
      guard let value = decodeBytes(token.range) else {
        return Expr(.invalid, range: token.range)
      }
      return Expr(.bytes(value), range: token.range)
    case .kwTrue:
      advance()
      return Expr(.bool(true), range: token.range)
    case .kwFalse:
      advance()
      return Expr(.bool(false), range: token.range)
    case .kwNull:
      advance()
      return Expr(.null, range: token.range)
    case .identifier:
      advance()
      return Expr(.identifier(name(token)), range: token.range)
    case .lParen:
      advance()
      var inner = parseExpression()
      if !eat(.rParen) {
        reportUnclosed("expected ')'", opener: token.range)
        skipToClosing(.rParen)
      }
      inner.range = SourceRange(start: token.start, end: previousEnd)
      return inner
    case .lBracket:
      return parseList()
    case .lBrace:
      return parseMap()
    case .slash:
      return parsePathLiteral()
    case .unknown, .invalidLiteral:
      // Already reported by the lexer: stand in for the operand quietly.
      advance()
      return Expr(.invalid, range: token.range)
    default:
      report(ParseDiagnostics.expectedExpression(at: previousEnd))
      return Expr(.invalid, range: .at(previousEnd))
    }
  }

  /// `[ [ Expr { "," Expr } [ "," ] ] ]`
  private mutating func parseList() -> Expr {
    let start = current.start
    let opener = current.range
    advance()
    var elements: [Expr] = []
    while !at(.rBracket) {
      elements.append(parseExpression())
      if eat(.comma) { continue }
      if !at(.rBracket) {
        reportUnclosed("expected ',' or ']' in the list", opener: opener)
        skipToClosing(.rBracket)
        return Expr(.list(elements), range: SourceRange(start: start, end: previousEnd))
      }
    }
    advance()
    return Expr(.list(elements), range: SourceRange(start: start, end: previousEnd))
  }

  /// `{ [ STRING ":" Expr { "," STRING ":" Expr } [ "," ] ] }`
  private mutating func parseMap() -> Expr {
    let start = current.start
    let opener = current.range
    advance()
    var entries: [MapEntry] = []
    while !at(.rBrace) {
      let keyRange = current.range
      var key = ""
      if at(.string) {
        key = decodeString(current.range) ?? ""
        advance()
      } else {
        // Parse whatever stands there so the entry's shape still lines up.
        let keyExpr = parseExpression()
        if keyExpr.kind != .invalid { report(ParseDiagnostics.mapKeyNotString(at: keyExpr.range)) }
        if case .identifier(let name) = keyExpr.kind { key = name }
      }
      if !eat(.colon) {
        reportExpected(.parseExpectedToken, "expected ':' after the map key")
        skipToClosing(.rBrace)
        return Expr(.map(entries), range: SourceRange(start: start, end: previousEnd))
      }
      let value = parseExpression()
      entries.append(MapEntry(key: key, keyRange: keyRange, value: value))
      if eat(.comma) { continue }
      if !at(.rBrace) {
        reportUnclosed("expected ',' or '}' in the map", opener: opener)
        skipToClosing(.rBrace)
        return Expr(.map(entries), range: SourceRange(start: start, end: previousEnd))
      }
    }
    advance()
    return Expr(.map(entries), range: SourceRange(start: start, end: previousEnd))
  }
}
