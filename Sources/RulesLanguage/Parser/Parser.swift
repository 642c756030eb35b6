/// The parser's state and the helpers every grammar area shares: token movement,
/// diagnostics with cascade suppression, nesting limits and recovery by skipping.
///
/// Grammar areas live in extensions: `Parser+Declarations` (file, service, match, allow,
/// function, let), `Parser+Expressions` (Pratt loop, unary, postfix), `Parser+Primary`
/// (literals, lists, maps) and `Parser+Paths` (match paths and path literals).
struct Parser {
  /// Deepest nesting before `parse.nesting-too-deep`. Every bracket, match block and
  /// operator counts one level, so it also bounds the height of the expression tree
  /// (a chain `a && b && ...` is a left-leaning tree as tall as its operator count):
  /// consumers can recurse over parsed trees without exhausting the stack.
  static let maxDepth = 512
  /// Diagnostics kept per parse; past this one summary diagnostic ends the list.
  static let maxDiagnostics = 200

  var lexer: Lexer
  let bytes: [UInt8]
  /// The token under examination. Nothing after it has been lexed yet.
  var current: Token
  /// Where the previous token ended: the insertion point of "expected X" diagnostics.
  var previousEnd = 0
  var diagnostics: [Diagnostic] = []
  /// Set after a syntax error until the next statement starts: errors reported meanwhile
  /// are consequences of the first and are dropped.
  var recovering = false
  /// Number of syntax errors reported (not counting lexical ones); lets a construct know
  /// whether an inner error already explains a problem.
  var syntaxErrorCount = 0
  var depth = 0
  /// Set for the second pass after a missing `}` (see `Parser+IndentRecovery`): blocks whose
  /// body is indented end where the indentation returns to their level.
  var lines: LineIndentation?
  /// The line table of `misindentationNote`, built on first use.
  var noteLines: LineIndentation?
  /// Set when a block was closed by indentation (`parse.unclosed-block`).
  var closedByIndentation = false
  /// Set when a service or match block was still open at the end of the file.
  var unclosedAtEnd = false
  /// Identifier spellings seen so far, each decoded once.
  private var names = NameTable()
  private var truncated = false
  /// Set when an unterminated string or comment ran to the end of the file.
  private var truncatedByLexer = false

  init(source: SourceFile) {
    self.lexer = Lexer(source: source)
    self.bytes = source.bytes
    self.current = Token(.eof, range: .at(0))
    self.current = lexer.next()
    drainLexerDiagnostics()
  }

  // MARK: - Moving

  func at(_ kind: TokenKind) -> Bool { current.kind == kind }

  func at(_ kinds: TokenKinds) -> Bool { kinds.contains(current.kind) }

  /// Moves to the next token.
  mutating func advance() {
    previousEnd = current.end
    current = lexer.next()
    if !lexer.diagnostics.isEmpty { drainLexerDiagnostics() }
  }

  /// Consumes the current token if it has the given kind.
  mutating func eat(_ kind: TokenKind) -> Bool {
    guard current.kind == kind else { return false }
    advance()
    return true
  }

  /// Consumes a token of the given kind, or reports `message` at the insertion point.
  @discardableResult
  mutating func expect(_ kind: TokenKind, _ message: String, code: DiagnosticCode = .parseExpectedToken) -> Bool {
    if eat(kind) { return true }
    reportExpected(code, message)
    return false
  }

  /// Abandons the lexer's position and lexes again from `offset` (after a hand-scanned path).
  mutating func relex(at offset: Int) {
    previousEnd = offset
    lexer.reset(to: offset)
    current = lexer.next()
    drainLexerDiagnostics()
  }

  /// The source text of a token.
  func text(_ token: Token) -> String { text(token.range) }

  /// The text of an identifier or keyword token (ASCII by construction), interned.
  mutating func name(_ token: Token) -> String {
    let start = min(max(token.start, 0), bytes.count)
    let end = min(max(token.end, start), bytes.count)
    return names.text(bytes, start: start, length: end - start)
  }

  func text(_ range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The byte at an offset, or 0 past the end.
  @inline(__always)
  func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

  // MARK: - Literals

  /// Decodes a `.string` token, reporting bad escapes (through the diagnostic cap).
  mutating func decodeString(_ range: SourceRange) -> String? {
    // Most literals have no escape and no control character: their value is their text.
    let bodyStart = range.start + 1
    let bodyEnd = min(range.end - 1, bytes.count)
    if bodyStart <= bodyEnd {
      var plain = true
      for index in bodyStart..<bodyEnd {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") || byte < 0x20 && byte != 0x09 || byte == 0x7F {
          plain = false
          break
        }
      }
      if plain { return String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self) }
    }
    var found: [Diagnostic] = []
    let value = LiteralDecoder.decodeString(bytes, range: range, diagnostics: &found)
    for diagnostic in found { append(diagnostic) }
    return value
  }

  /// Decodes a `.bytes` token, reporting bad escapes (through the diagnostic cap).
  mutating func decodeBytes(_ range: SourceRange) -> [UInt8]? {
    var found: [Diagnostic] = []
    let value = LiteralDecoder.decodeBytes(bytes, range: range, diagnostics: &found)
    for diagnostic in found { append(diagnostic) }
    return value
  }

  // MARK: - Diagnostics

  private mutating func drainLexerDiagnostics() {
    guard !lexer.diagnostics.isEmpty else { return }
    for diagnostic in lexer.diagnostics {
      append(diagnostic)
      // A string or comment left open swallowed the rest of the file: what is missing
      // at the end is its consequence.
      if diagnostic.code == .lexUnterminatedString || diagnostic.code == .lexUnterminatedComment,
        lexer.position >= bytes.count
      {
        truncatedByLexer = true
      }
    }
    lexer.diagnostics.removeAll(keepingCapacity: true)
  }

  /// Adds a diagnostic unconditionally (lexical errors, decoding errors, structural errors
  /// that are independent of any other).
  mutating func append(_ diagnostic: Diagnostic) {
    guard !truncated else { return }
    if diagnostics.count >= Parser.maxDiagnostics {
      truncated = true
      diagnostics.append(ParseDiagnostics.tooManyErrors(at: diagnostic.range))
      return
    }
    diagnostics.append(diagnostic)
  }

  /// Reports a syntax error unless it is a consequence of an earlier one: while
  /// recovering, or when the current token is one the lexer already complained about.
  mutating func report(_ diagnostic: Diagnostic) {
    defer { recovering = true }
    if recovering || current.kind.isLexError || (truncatedByLexer && current.kind == .eof) { return }
    syntaxErrorCount += 1
    append(diagnostic)
  }

  mutating func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange) {
    report(.error(code, message, at: range))
  }

  /// Reports "expected ..." as an empty range at the end of the previous token.
  mutating func reportExpected(_ code: DiagnosticCode, _ message: String) {
    report(.error(code, message, at: .at(previousEnd)))
  }

  /// Reports that the current token does not belong here, pointing at it.
  mutating func reportUnexpected(_ code: DiagnosticCode, _ message: String) {
    report(.error(code, message, at: current.range))
  }

  // MARK: - Nesting

  /// Enters one level of nesting; false (after reporting once) when too deep.
  mutating func enterNesting() -> Bool {
    if depth >= Parser.maxDepth {
      report(ParseDiagnostics.nestingTooDeep(at: current.range))
      return false
    }
    depth += 1
    return true
  }

  mutating func leaveNesting() { depth -= 1 }

  // MARK: - Recovery

  /// Skips tokens until one in `stops` at bracket level 0, skipping bracketed groups
  /// whole. A `;` at level 0 is consumed and ends the skip when `consumingSemicolon`.
  /// Iterative, so arbitrarily deep garbage cannot overflow the stack.
  mutating func skip(until stops: TokenKinds, consumingSemicolon: Bool = true) {
    var level = 0
    while current.kind != .eof {
      if level == 0 {
        if stops.contains(current.kind) { return }
        if consumingSemicolon && current.kind == .semicolon {
          advance()
          return
        }
      }
      switch current.kind {
      case .lBrace, .lParen, .lBracket, .dollarLParen:
        level += 1
      case .rBrace, .rParen, .rBracket:
        if level > 0 { level -= 1 }
      default:
        break
      }
      advance()
    }
  }

  /// Consumes a whole bracketed group if the current token opens one (iteratively).
  mutating func skipBalancedGroup() {
    var level = 0
    repeat {
      switch current.kind {
      case .lBrace, .lParen, .lBracket, .dollarLParen: level += 1
      case .rBrace, .rParen, .rBracket: level -= 1
      case .eof: return
      default: break
      }
      advance()
    } while level > 0
  }

  /// Inside a bracketed construct after an error: skips to the `closing` token at level 0
  /// and consumes it, or stops (without consuming) at a statement boundary.
  /// Returns whether the closing token was consumed.
  @discardableResult
  mutating func skipToClosing(_ closing: TokenKind) -> Bool {
    skip(until: TokenKinds.statementBoundary.union(TokenKinds(closing)), consumingSemicolon: false)
    return eat(closing)
  }
}

/// A set of token kinds, as a bit set.
struct TokenKinds: Sendable {
  var bits: UInt64

  init(_ kinds: TokenKind...) {
    bits = 0
    for kind in kinds { bits |= 1 << UInt64(kind.rawValue) }
  }

  func contains(_ kind: TokenKind) -> Bool { bits & (1 << UInt64(kind.rawValue)) != 0 }

  func union(_ other: TokenKinds) -> TokenKinds {
    var result = self
    result.bits |= other.bits
    return result
  }

  /// Tokens that start or end a statement: recovery never skips past these.
  static let statementBoundary = TokenKinds(
    .semicolon, .rBrace, .kwAllow, .kwMatch, .kwFunction, .kwLet, .kwReturn, .kwService, .kwRulesVersion)

  /// Where a statement-level skip stops (a `;` is consumed instead).
  static let statementStart = TokenKinds(
    .rBrace, .kwAllow, .kwMatch, .kwFunction, .kwLet, .kwReturn, .kwService, .kwRulesVersion)
}
