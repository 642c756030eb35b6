extension Parser {
  /// `RulesFile = [ RulesVersion ] { FunctionDecl } ServiceDecl { FunctionDecl }`, tolerating
  /// anything: a misplaced `rules_version` or a second `service` are parsed and reported,
  /// junk is skipped.
  mutating func parseFile() -> RulesFile {
    var version: RulesVersionDecl?
    var functions: [FunctionDecl] = []
    var service: ServiceDecl?
    var sawStatement = false
    var sawJunk = false
    var inStrayRun = false

    while current.kind != .eof {
      let before = current.start
      switch current.kind {
      case .kwRulesVersion:
        let keyword = current.range
        let decl = parseRulesVersion()
        if sawStatement {
          append(ParseDiagnostics.unexpectedRulesVersion(at: keyword))
        } else {
          version = decl
        }
      case .kwFunction:
        inStrayRun = false
        // Top-level functions may also follow the service block: Google's compiler deploys
        // such files and the functions are callable from inside it (Docs/fidelity/parser.md).
        functions.append(parseFunction())
      case .kwService:
        inStrayRun = false
        let keyword = current.range
        let decl = parseService()
        if let first = service {
          append(
            ParseDiagnostics.duplicateService(
              at: keyword,
              first: SourceRange(
                start: first.range.start,
                end: first.range.start + 7)))
        } else {
          service = decl
        }
      case .kwMatch, .kwAllow:
        // Usually a '}' too many closed the service early: report the first stray
        // statement of a run only.
        if !inStrayRun {
          reportUnexpected(
            .parseExpectedDeclaration,
            "\(current.kind) must be inside a 'service' block such as 'service cloud.firestore { ... }'")
        }
        sawJunk = true
        inStrayRun = true
        // Parse it anyway (and drop it) so that its own errors are found and its braces
        // do not derail the rest of the file.
        if at(.kwMatch) { _ = parseMatch() } else { _ = parseAllow() }
      default:
        if !inStrayRun {
          reportUnexpected(.parseExpectedDeclaration, "expected 'service' or 'function', found \(current.kind)")
        }
        sawJunk = true
        skip(until: TokenKinds(.kwRulesVersion, .kwFunction, .kwService, .kwMatch, .kwAllow))
      }
      sawStatement = true
      if current.start == before && current.kind != .eof { advance() }  // always progress
    }
    if service == nil && !sawJunk {
      recovering = false
      report(ParseDiagnostics.expectedService(at: current.start))
    }
    return RulesFile(
      version: version, functions: functions, service: service,
      range: SourceRange(start: 0, end: bytes.count))
  }

  /// `rules_version = '2' [;]`
  mutating func parseRulesVersion() -> RulesVersionDecl {
    let start = current.start
    advance()
    recovering = false
    expect(.equal, "expected '=' after 'rules_version'")
    var value = ""
    switch current.kind {
    case .string:
      value = decodeString(current.range) ?? ""
      advance()
    case .integer, .float:
      report(
        .parseExpectedToken, "the rules_version value is a string: write '\(text(current))'",
        at: current.range)
      value = text(current)
      advance()
    default:
      reportExpected(.parseExpectedToken, "expected a version string such as '2' after 'rules_version ='")
    }
    _ = eat(.semicolon)
    return RulesVersionDecl(value: value, range: SourceRange(start: start, end: previousEnd))
  }

  /// `service cloud.firestore { ... }`
  mutating func parseService() -> ServiceDecl {
    let start = current.start
    advance()
    recovering = false
    var name = Identifier("", range: .at(previousEnd))
    if at(.identifier) {
      let nameStart = current.start
      var parts = [text(current)]
      advance()
      while at(.dot) {
        advance()
        guard at(.identifier) else {
          reportExpected(.parseExpectedIdentifier, "expected a name after '.' in the service name")
          break
        }
        parts.append(text(current))
        advance()
      }
      name = Identifier(parts.joined(separator: "."), range: SourceRange(start: nameStart, end: previousEnd))
    } else {
      reportExpected(.parseExpectedIdentifier, "expected a service name such as 'cloud.firestore'")
      skip(until: TokenKinds(.lBrace).union(.statementStart), consumingSemicolon: false)
    }
    let items = parseBody(what: "service block", isService: true, header: start)
    return ServiceDecl(name: name, items: items, range: SourceRange(start: start, end: previousEnd))
  }

  /// `{ items }` of a service or match block whose keyword is at `header`. The `{` is
  /// expected at the current token.
  mutating func parseBody(what: String, isService: Bool, header: Int) -> [MatchItem] {
    let open = current.range
    guard eat(.lBrace) else {
      reportExpected(.parseExpectedToken, "expected '{' to open the \(what)")
      return []
    }
    let limit = indentationLimit(header: header)
    var items: [MatchItem] = []
    while true {
      let before = current.start
      if endsByIndentation(limit) {
        recovering = false
        closedByIndentation = true
        report(
          ParseDiagnostics.unclosedBlock(
            what, at: SourceRange(start: header, end: open.end), line: lines?.lineNumber(of: current.start) ?? 0,
            lastStatementEnd: previousEnd))
        recovering = false
        return items
      }
      switch current.kind {
      case .rBrace:
        advance()
        recovering = false
        return items
      case .eof, .kwService, .kwRulesVersion:
        if at(.eof) { unclosedAtEnd = true }
        let hint = misindentationNote(items)
        report(
          .error(
            .parseExpectedToken, "expected '}' to close the \(what)", at: .at(previousEnd),
            notes: [.init("the \(what) opens here", at: open)] + hint))
        return items
      case .kwMatch:
        items.append(.match(parseMatch()))
      case .kwFunction:
        items.append(.function(parseFunction()))
      case .kwAllow:
        if isService {
          recovering = false
          reportUnexpected(.parseAllowOutsideMatch, "allow statements must be inside a 'match' block")
          _ = parseAllow()
        } else {
          items.append(.allow(parseAllow()))
        }
      case .kwLet, .kwReturn:
        recovering = false
        reportUnexpected(.parseExpectedStatement, "\(current.kind) can only appear inside a function body")
        advance()
        skip(until: .statementStart)
      default:
        reportUnexpected(
          .parseExpectedStatement, "expected 'match', 'allow', 'function' or '}', found \(current.kind)")
        skip(until: .statementStart)
      }
      if current.start == before && current.kind != .eof { advance() }  // always progress
    }
  }

  /// `match /path { items }`
  mutating func parseMatch() -> MatchBlock {
    let start = current.start
    advance()
    recovering = false
    let path = parseMatchPath()
    guard enterNesting() else {
      skipBalancedGroup()
      return MatchBlock(path: path, items: [], range: SourceRange(start: start, end: previousEnd))
    }
    defer { leaveNesting() }
    let items = parseBody(what: "match block", isService: false, header: start)
    return MatchBlock(path: path, items: items, range: SourceRange(start: start, end: previousEnd))
  }

  /// `allow read, write: if condition [;]`
  mutating func parseAllow() -> AllowStatement {
    let start = current.start
    advance()
    recovering = false
    var methods: [MethodName] = []
    while true {
      guard at(.identifier) else {
        reportExpected(.parseExpectedToken, "expected a method name (\(ParseDiagnostics.methodList))")
        break
      }
      if let method = Method(rawValue: text(current)) {
        methods.append(MethodName(method, range: current.range))
      } else {
        report(ParseDiagnostics.unknownMethod(text(current), at: current.range))
      }
      advance()
      guard eat(.comma) else { break }
    }

    var condition: Expr?
    if eat(.colon) {
      if !eat(.kwIf) { report(ParseDiagnostics.missingIf(at: previousEnd)) }
      condition = parseExpression()
    } else if at(.kwIf) {
      reportExpected(.parseExpectedToken, "expected ':' before 'if'")
      advance()
      condition = parseExpression()
    }
    let end = previousEnd
    endStatement("expected ';' or a new statement after the allow statement")
    return AllowStatement(methods: methods, condition: condition, range: SourceRange(start: start, end: end))
  }

  /// An optional `;`, then the next statement or a `}` must follow.
  mutating func endStatement(_ message: String) {
    if eat(.semicolon) { return }
    if at(.statementStart) || at(.eof) { return }
    if !reportAssignmentInCondition() { reportExpected(.parseExpectedSemicolon, message) }
    skip(until: .statementStart)
  }
}
