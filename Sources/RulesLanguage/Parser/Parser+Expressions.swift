extension Parser {
  /// `Expr = Binary [ "?" Expr ":" Expr ]` (right-associative ternary), with the
  /// nesting limit checked once per level.
  mutating func parseExpression() -> Expr {
    guard enterNesting() else { return abandonTooDeep() }
    defer { leaveNesting() }
    let start = current.start
    let condition = parseBinary(Precedence.or.rawValue)
    guard eat(.question) else { return condition }
    let then = parseExpression()
    guard eat(.colon) else {
      reportExpected(.parseExpectedToken, "expected ':' in the conditional expression")
      return Expr(
        .ternary(condition, then, Expr(.invalid, range: .at(previousEnd))),
        range: SourceRange(start: start, end: previousEnd))
    }
    let otherwise = parseExpression()
    return Expr(.ternary(condition, then, otherwise), range: SourceRange(start: start, end: previousEnd))
  }

  /// Past the nesting limit: skip the rest of this operand without recursing.
  mutating func abandonTooDeep() -> Expr {
    let start = current.start
    skip(until: TokenKinds(.rParen, .rBracket, .rBrace, .comma).union(.statementBoundary), consumingSemicolon: false)
    return Expr(.invalid, range: SourceRange(start: start, end: max(start, previousEnd)))
  }

  /// The Pratt loop over the infix table: operators binding at least `minimum`.
  mutating func parseBinary(_ minimum: Int) -> Expr {
    let start = current.start
    var lhs = parseUnary()
    // After `x is T` only operators binding no tighter than `is` may follow: the type
    // name is not an operand, so `x is int + 1` has no reading in the grammar.
    var ceiling = Int.max
    // Each operator of a chain deepens the (left-leaning) tree by one level.
    var levels = 0
    defer { depth -= levels }
    while let (precedence, op) = Precedence.infix(current.kind), precedence.rawValue >= minimum {
      guard enterNesting() else {
        _ = abandonTooDeep()
        return lhs
      }
      levels += 1
      if precedence.rawValue > ceiling {
        report(
          .error(
            .parseTypeTestOperand,
            "\(current.kind) cannot follow an 'is' test; add parentheses", at: current.range))
      }
      advance()
      guard let op else {
        lhs = Expr(.typeTest(lhs, parseTypeName()), range: SourceRange(start: start, end: previousEnd))
        ceiling = Precedence.typeTest.rawValue
        continue
      }
      // Left-associative: the right operand only takes tighter operators.
      let rhs = parseBinary(precedence.rawValue + 1)
      lhs = Expr(.binary(op, lhs, rhs), range: SourceRange(start: start, end: previousEnd))
    }
    return lhs
  }

  /// The type name after `is`, kept as written (`Checks` reports unknown names).
  private mutating func parseTypeName() -> TypeName {
    if at(.identifier) || at(.kwNull) {
      let name = TypeName(self.name(current), range: current.range)
      advance()
      return name
    }
    reportExpected(.parseExpectedType, "expected a type name after 'is'")
    return TypeName("", range: .at(previousEnd))
  }

  /// `{ "!" | "-" } Postfix`, iterative so long runs of `!` cannot overflow the stack.
  /// A `-` directly before a number literal folds into a negative literal, which is how
  /// `-9223372036854775808` is written.
  mutating func parseUnary() -> Expr {
    var operators: [(op: UnaryOperator, start: Int)] = []
    defer { depth -= operators.count }
    while true {
      if at(.bang) || at(.minus) {
        guard enterNesting() else { return abandonTooDeep() }
      }
      if at(.bang) {
        operators.append((.not, current.start))
      } else if at(.minus) {
        operators.append((.negate, current.start))
      } else {
        break
      }
      advance()
    }
    guard !operators.isEmpty else { return parsePostfix() }

    var operand: Expr
    if operators.last?.op == .negate, at(.integer),
      LiteralDecoder.decodeInteger(bytes, range: current.range, negative: false) == nil,
      LiteralDecoder.decodeInteger(bytes, range: current.range, negative: true) == Int64.min
    {
      let literal = current
      advance()
      if at(.dot) || at(.lBracket) || at(.lParen) {
        // `-9223372036854775808.x`: postfix binds first, so the literal stands alone.
        report(ParseDiagnostics.integerOutOfRange(at: literal.range))
        operand = parsePostfixTail(Expr(.invalid, range: literal.range))
      } else {
        let minus = operators.removeLast()
        leaveNesting()
        operand = Expr(.int(Int64.min), range: SourceRange(start: minus.start, end: literal.end))
      }
    } else {
      operand = parsePostfix()
    }
    for (op, start) in operators.reversed() {
      operand = Parser.applyUnary(op, operand, range: SourceRange(start: start, end: operand.range.end))
    }
    return operand
  }

  /// Builds `op operand`, folding negation of number literals into the literal.
  static func applyUnary(_ op: UnaryOperator, _ operand: Expr, range: SourceRange) -> Expr {
    if op == .negate {
      switch operand.kind {
      case .int(let value) where value != Int64.min:
        return Expr(.int(-value), range: range)
      case .float(let value):
        return Expr(.float(-value), range: range)
      default:
        break
      }
    }
    return Expr(.unary(op, operand), range: range)
  }

  mutating func parsePostfix() -> Expr {
    let isPath = at(.slash)
    let primary = parsePrimary()
    if isPath && (at(.dot) || at(.lBracket) || at(.lParen)) {
      report(
        .error(
          .parsePathNeedsParentheses,
          "wrap the path literal in parentheses before \(current.kind), as in '(/a/$(b)).bind(...)'",
          at: current.range))
    }
    return parsePostfixTail(primary)
  }

  /// `.name`, `.name(args)`, `[i]`, `[i:j]` and calls, applied left to right.
  mutating func parsePostfixTail(_ base: Expr) -> Expr {
    var expr = base
    let start = base.range.start
    var levels = 0
    defer { depth -= levels }
    while true {
      if at(.dot) || at(.lBracket) || at(.lParen) {
        guard enterNesting() else {
          _ = abandonTooDeep()
          return expr
        }
        levels += 1
      }
      switch current.kind {
      case .dot:
        advance()
        guard let name = parseMemberName() else { return expr }
        if at(.lParen) {
          let arguments = parseArguments()
          expr = Expr(.methodCall(expr, name, arguments), range: SourceRange(start: start, end: previousEnd))
        } else {
          expr = Expr(.member(expr, name), range: SourceRange(start: start, end: previousEnd))
        }
      case .lBracket:
        expr = parseSubscript(expr)
      case .lParen:
        // Only a bare name is callable: `(f)(x)` is not in the grammar.
        if case .identifier(let name) = expr.kind, expr.range.length == name.utf8.count {
          let callee = Identifier(name, range: expr.range)
          let arguments = parseArguments()
          expr = Expr(.call(callee, arguments), range: SourceRange(start: start, end: previousEnd))
        } else {
          report(ParseDiagnostics.notCallable(at: current.range))
          _ = parseArguments()
        }
      default:
        return expr
      }
    }
  }

  /// The name after `.`. Keywords that cannot start a statement are read (and reported)
  /// as names, so `x.in` yields one clear diagnostic.
  private mutating func parseMemberName() -> Identifier? {
    if at(.identifier) {
      let name = Identifier(self.name(current), range: current.range)
      advance()
      return name
    }
    if current.kind.isKeyword && !at(.statementStart) && !at(.kwRulesVersion) {
      let name = Identifier(text(current), range: current.range)
      report(ParseDiagnostics.keywordAsMember(name.name, at: current.range))
      advance()
      return name
    }
    reportExpected(.parseExpectedIdentifier, "expected a member name after '.'")
    return nil
  }

  /// `( [ Expr { "," Expr } [ "," ] ] )`; the `(` is the current token. A trailing comma
  /// after the last argument is accepted: Google's compiler deploys files with `f(a, b,)`.
  mutating func parseArguments() -> [Expr] {
    let opener = current.range
    advance()
    var arguments: [Expr] = []
    if eat(.rParen) { return arguments }
    while true {
      arguments.append(parseExpression())
      if eat(.comma) {
        if eat(.rParen) { return arguments }
        continue
      }
      if eat(.rParen) { return arguments }
      reportUnclosed("expected ',' or ')' in the argument list", opener: opener)
      skipToClosing(.rParen)
      return arguments
    }
  }

  /// `[i]`, `[i:j]`, `[i:]`, `[:j]`; the `[` is the current token.
  private mutating func parseSubscript(_ base: Expr) -> Expr {
    let open = current.range
    advance()
    var lower: Expr?
    if !at(.colon) { lower = parseExpression() }
    if eat(.colon) {
      var upper: Expr?
      if !at(.rBracket) { upper = parseExpression() }
      if lower == nil && upper == nil {
        report(ParseDiagnostics.emptySlice(at: SourceRange(start: open.start, end: current.end)))
      }
      closeBracket(open)
      return Expr(.slice(base, lower, upper), range: SourceRange(start: base.range.start, end: previousEnd))
    }
    closeBracket(open)
    return Expr(
      .index(base, lower ?? Expr(.invalid, range: open)),
      range: SourceRange(start: base.range.start, end: previousEnd))
  }

  private mutating func closeBracket(_ opener: SourceRange) {
    if eat(.rBracket) { return }
    reportUnclosed("expected ']'", opener: opener)
    skipToClosing(.rBracket)
  }
}
