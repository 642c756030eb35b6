extension Parser {
  /// `function name(a, b) { let x = e; return expr [;] }`
  mutating func parseFunction() -> FunctionDecl {
    let start = current.start
    let errorsBefore = syntaxErrorCount
    let (name, named) = parseDeclaredName(orReport: "expected a function name after 'function'")
    if !named && !at(.lParen) && !at(.lBrace) { skip(until: TokenKinds(.lParen, .lBrace).union(.statementStart)) }

    let parameters = parseParameters()
    let (lets, body, hasReturn) = parseFunctionBody()
    if !hasReturn && syntaxErrorCount == errorsBefore {
      recovering = false
      report(
        ParseDiagnostics.missingReturn(
          function: name.name,
          at: name.range.length > 0
            ? name.range
            : SourceRange(start: start, end: start + 8)))
      recovering = false
    }
    return FunctionDecl(
      name: name, parameters: parameters, lets: lets, body: body,
      range: SourceRange(start: start, end: previousEnd))
  }

  /// `( [ IDENT { "," IDENT } [ "," ] ] )`. A trailing comma is accepted with a warning:
  /// Google's compiler takes one in call arguments and literals, in parameter lists it is
  /// unknown (Docs/fidelity/parser.md).
  private mutating func parseParameters() -> [Identifier] {
    guard eat(.lParen) else {
      reportExpected(.parseExpectedToken, "expected '(' after the function name")
      return []
    }
    var parameters: [Identifier] = []
    if eat(.rParen) { return parameters }
    while true {
      if !parameters.isEmpty, at(.rParen) {
        append(ParseDiagnostics.trailingParameterComma(at: SourceRange(start: previousEnd - 1, end: previousEnd)))
        advance()
        return parameters
      }
      guard at(.identifier) else {
        reportExpected(.parseExpectedIdentifier, "expected a parameter name")
        skipToClosing(.rParen)
        return parameters
      }
      parameters.append(Identifier(name(current), range: current.range))
      advance()
      if eat(.comma) { continue }
      if eat(.rParen) { return parameters }
      reportExpected(.parseExpectedToken, "expected ',' or ')' in the parameter list")
      skipToClosing(.rParen)
      return parameters
    }
  }

  /// `{ { let } return expr [;] }`; returns `.invalid` as the body when `return` is missing.
  private mutating func parseFunctionBody() -> (lets: [LetBinding], body: Expr, hasReturn: Bool) {
    let open = current.range
    guard eat(.lBrace) else {
      reportExpected(.parseExpectedToken, "expected '{' to open the function body")
      return ([], Expr(.invalid, range: .at(previousEnd)), false)
    }
    var lets: [LetBinding] = []
    var body: Expr?
    loop: while true {
      let before = current.start
      switch current.kind {
      case .kwLet:
        if body != nil {
          recovering = false
          reportUnexpected(.parseStatementAfterReturn, "'return' must be the last statement of a function")
        }
        let binding = parseLet()
        if body == nil { lets.append(binding) }
      case .kwReturn:
        let keyword = current.range
        advance()
        recovering = false
        let value = parseExpression()
        if body == nil {
          body = value
        } else {
          report(
            .error(
              .parseStatementAfterReturn, "a function can only have one 'return' statement",
              at: keyword))
        }
        _ = eat(.semicolon)
      case .rBrace:
        advance()
        recovering = false
        break loop
      case .eof, .kwMatch, .kwAllow, .kwFunction, .kwService, .kwRulesVersion:
        report(
          .error(
            .parseExpectedToken, "expected '}' to close the function body", at: .at(previousEnd),
            notes: [.init("the function body opens here", at: open)]))
        break loop
      default:
        if body == nil {
          reportUnexpected(.parseExpectedStatement, "expected 'let' or 'return', found \(current.kind)")
        } else {
          if !reportAssignmentInCondition() {
            reportExpected(.parseExpectedToken, "expected '}' after the 'return' statement")
          }
        }
        skip(until: .statementStart)
      }
      if current.start == before && current.kind != .eof { advance() }  // always progress
    }
    return (lets, body ?? Expr(.invalid, range: .at(previousEnd)), body != nil)
  }

  /// `let name = value;` — the `;` is required.
  private mutating func parseLet() -> LetBinding {
    let start = current.start
    let (name, _) = parseDeclaredName(orReport: "expected a name after 'let'")
    if !eat(.equal) {
      reportExpected(.parseExpectedToken, "expected '=' after the let name")
    }
    let value = parseExpression()
    let end = previousEnd
    if !eat(.semicolon) {
      reportExpected(.parseExpectedSemicolon, "expected ';' after let binding")
      if !at(.statementStart) && !at(.eof) { skip(until: .statementStart) }
    }
    return LetBinding(name: name, value: value, range: SourceRange(start: start, end: end))
  }

  /// The name a `function` or `let` declares: skips the keyword, then reads the identifier, or
  /// reports `message` and returns an empty name at the keyword's end (`named` false).
  private mutating func parseDeclaredName(orReport message: String) -> (name: Identifier, named: Bool) {
    advance()
    recovering = false
    let missing = Identifier("", range: .at(previousEnd))
    guard at(.identifier) else {
      reportExpected(.parseExpectedIdentifier, message)
      return (missing, false)
    }
    let name = Identifier(self.name(current), range: current.range)
    advance()
    return (name, true)
  }
}
