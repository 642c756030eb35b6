import Queries

/// Reads TypeScript/JavaScript token by token: statements, variables (`const q = ...`,
/// reassignments inside `if`/`else`), helper functions, and the call chains of the modular SDK
/// (`query(collection(db, "a"), where(...))`) and of the namespaced and Admin SDKs
/// (`db.collection("a").where(...)`). Unknown syntax is skipped a token at a time, so any
/// input ends (every loop advances; nesting is capped).
final class JSQueryEvaluator {
  typealias Env = [String: SourceValue]

  struct Function {
    var parameters: [String]
    /// Token range of the body: a block (`{ ... }`) or one expression.
    var body: Range<Int>
    var isBlock: Bool
  }

  let tokens: [JSToken]
  let file: String
  let language: SourceLanguage
  let lines: LineTable
  let source: [UInt8]
  var findings: SourceFindings
  var functions: [String: Function] = [:]
  /// Every function body of the file, named or not, in order (methods of two classes may share a name).
  private var bodies: [(name: String, function: Function)] = []
  /// How often each name occurs in all the files read together: a function whose name occurs
  /// once (its declaration) is called from elsewhere, and the query it returns is reported.
  var nameCounts: [String: Int] = [:]
  private var reportingReturns = false
  private let closers: [Int]
  private var pos = 0
  private var limit: Int
  private var reporting = true
  private var depth = 0
  private var inlineDepth = 0
  private static let maxDepth = 150

  init(text: String, file: String, language: SourceLanguage, findings: SourceFindings) {
    self.tokens = JSTokenizer.tokenize(text)
    self.closers = Self.pairs(tokens)
    self.file = file
    self.language = language
    self.lines = LineTable(text)
    self.source = Array(text.utf8)
    self.findings = findings
    self.limit = tokens.count - 1
  }

  private var token: JSToken { tokens[min(pos, limit)] }
  private func peek(_ k: Int = 1) -> JSToken { tokens[min(pos + k, limit)] }
  private var atEnd: Bool { pos >= limit }
  private func isPunct(_ p: String) -> Bool { pos < limit && token.isPunct(p) }
  private func eat(_ p: String) -> Bool {
    if isPunct(p) {
      pos += 1
      return true
    }
    return false
  }

  // MARK: Entry

  /// Top-level variables of the file once its top-level code ran (what functions see).
  private(set) var moduleEnv: Env = [:]

  /// Runs the file: top-level code (with `globals`, string constants of the other files, as a
  /// fallback), then every function body with its parameters unknown.
  func run(globals: Env = [:]) {
    collectFunctions()
    var env = globals
    pos = 0
    statements(until: nil, env: &env)
    moduleEnv = env
    for (name, function) in bodies {
      reportingReturns = (nameCounts[name] ?? 0) <= 1
      defer { reportingReturns = false }
      var inner = moduleEnv
      for parameter in function.parameters { inner[parameter] = .unknown(parameter) }
      _ = runBody(function, env: &inner)
    }
  }

  /// Named functions: `function f(...) {...}`, `const f = (...) => ...`, `const f = function (...) {...}`,
  /// class methods `f(...) {...}`.
  private func collectFunctions() {
    var i = 0
    while i < limit {
      let t = tokens[i]
      if t.isIdent("function"), tokens[i + 1].kind == .identifier {
        // `function run<T>(...)`: the type parameters are skipped.
        var open = i + 2
        if tokens[open].isPunct("<") {
          while open < min(limit, i + 40), !tokens[open].isPunct("(") { open += 1 }
        }
        if let f = functionAt(parametersAt: open) { define(tokens[i + 1].text, f.0) }
      } else if t.kind == .identifier, ["const", "let", "var"].contains(t.text), tokens[i + 1].kind == .identifier,
        i + 2 < limit, tokens[i + 2].isPunct("=")
      {
        var j = i + 3
        if tokens[j].isIdent("async") { j += 1 }
        if tokens[j].isIdent("function") {
          j += 1
          if tokens[j].kind == .identifier { j += 1 }
        }
        if tokens[j].isPunct("("), let f = functionAt(parametersAt: j) {
          define(tokens[i + 1].text, f.0)
        } else if tokens[j].kind == .identifier, tokens[j + 1].isPunct("=>") {
          let body = bodyRange(from: j + 2)
          define(tokens[i + 1].text, Function(parameters: [tokens[j].text], body: body.0, isBlock: body.1))
        }
      } else if t.kind == .identifier, tokens[i + 1].isPunct("("), i > 0,
        tokens[i - 1].isPunct("}") || tokens[i - 1].isPunct(";") || tokens[i - 1].isPunct("{")
          || ["async", "static", "public", "private", "protected"].contains(tokens[i - 1].text),
        !["if", "for", "while", "switch", "catch", "function", "return", "with"].contains(t.text)
      {
        // A class method: `name(params) {` (a call statement has no `{` after its `)`).
        if let f = functionAt(parametersAt: i + 1), f.0.isBlock, f.1 { define(t.text, f.0) }
      }
      i += 1
    }
  }

  private func define(_ name: String, _ function: Function) {
    if functions[name] == nil { functions[name] = function }
    bodies.append((name, function))
  }

  /// Parameters from `(` at `open`, then `=>` or a block. The Bool: a block followed the `)` directly
  /// (after an optional return type).
  private func functionAt(parametersAt open: Int) -> (Function, Bool)? {
    guard tokens[open].isPunct("("), let close = matching(open) else { return nil }
    var parameters: [String] = []
    var j = open + 1
    var expectName = true
    var nesting = 0
    while j < close {
      let t = tokens[j]
      if t.isPunct("(") || t.isPunct("{") || t.isPunct("[") || t.isPunct("<") { nesting += 1 }
      if t.isPunct(")") || t.isPunct("}") || t.isPunct("]") || t.isPunct(">") { nesting -= 1 }
      if nesting == 0, t.isPunct(",") {
        expectName = true
      } else if expectName, nesting == 0, t.kind == .identifier {
        parameters.append(t.text)
        expectName = false
      } else if expectName, t.isPunct("{") || t.isPunct("[") {
        parameters.append("_destructured\(parameters.count)")
        expectName = false
      }
      j += 1
    }
    var k = close + 1
    if tokens[k].isPunct(":") {
      // A return type: skip to `{` or `=>` at depth 0.
      k += 1
      var typeNesting = 0
      while k < limit {
        let t = tokens[k]
        if t.isPunct("<") || t.isPunct("(") || t.isPunct("[") { typeNesting += 1 }
        if t.isPunct(">") || t.isPunct(")") || t.isPunct("]") { typeNesting -= 1 }
        if typeNesting <= 0, t.isPunct("{") || t.isPunct("=>") { break }
        if t.isPunct(";") { return nil }
        k += 1
      }
    }
    if tokens[k].isPunct("=>") {
      let body = bodyRange(from: k + 1)
      return (Function(parameters: parameters, body: body.0, isBlock: body.1), false)
    }
    if tokens[k].isPunct("{"), let end = matching(k) {
      return (Function(parameters: parameters, body: (k + 1)..<end, isBlock: true), true)
    }
    return nil
  }

  /// An arrow body from `start`: a block, or an expression up to `,` `;` `)` at depth 0.
  private func bodyRange(from start: Int) -> (Range<Int>, Bool) {
    if tokens[start].isPunct("{"), let end = matching(start) { return ((start + 1)..<end, true) }
    var j = start
    var nesting = 0
    while j < limit {
      let t = tokens[j]
      if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") { nesting += 1 }
      if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
        if nesting == 0 { break }
        nesting -= 1
      }
      if nesting == 0, t.isPunct(",") || t.isPunct(";") { break }
      j += 1
    }
    return (start..<j, false)
  }

  /// The index of the bracket closing the one at `open` (all pairs found once, in one pass).
  private func matching(_ open: Int) -> Int? {
    let close = closers[open]
    return close >= 0 ? close : nil
  }

  private static func pairs(_ tokens: [JSToken]) -> [Int] {
    var closers = [Int](repeating: -1, count: tokens.count)
    var stack: [(index: Int, close: String)] = []
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      switch token.text {
      case "(": stack.append((index, ")"))
      case "[": stack.append((index, "]"))
      case "{": stack.append((index, "}"))
      case ")", "]", "}":
        // A stray closer is skipped; one that closes an outer bracket closes the ones inside too.
        // (Searched among the innermost 64 only: a long run of stray closers stays linear.)
        guard let at = stack.indices.suffix(64).last(where: { stack[$0].close == token.text }) else { continue }
        closers[stack[at].index] = index
        stack.removeSubrange(at...)
      default: break
      }
    }
    return closers
  }

  /// Runs a function body over its token range; returns the value(s) it returns, merged.
  private func runBody(_ function: Function, env: inout Env) -> SourceValue {
    let savedPos = pos
    let savedLimit = limit
    pos = function.body.lowerBound
    limit = function.body.upperBound
    defer {
      pos = savedPos
      limit = savedLimit
    }
    if !function.isBlock {
      let start = pos
      let value = expression(env: &env)
      if reportingReturns { report(value, tokens: start..<pos) }
      return value
    }
    let returns = statements(until: nil, env: &env)
    guard var value = returns.first else { return .unknown("value") }
    for other in returns.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }

  // MARK: Statements

  /// Statements up to `closer` (`}`) or the end; returns the values of `return` statements.
  @discardableResult
  private func statements(until closer: String?, env: inout Env) -> [SourceValue] {
    var returns: [SourceValue] = []
    while !atEnd {
      if let closer, isPunct(closer) { break }
      let before = pos
      returns += statement(env: &env)
      if pos == before { pos += 1 }
    }
    return returns
  }

  private func block(env: inout Env) -> [SourceValue] {
    guard eat("{") else { return statement(env: &env) }
    let returns = statements(until: "}", env: &env)
    _ = eat("}")
    return returns
  }

  private func skipToEndOfStatement() {
    var nesting = 0
    while !atEnd {
      if isPunct("(") || isPunct("[") || isPunct("{") { nesting += 1 }
      if isPunct(")") || isPunct("]") || isPunct("}") {
        if nesting == 0 { return }
        nesting -= 1
      }
      if nesting == 0, isPunct(";") {
        pos += 1
        return
      }
      pos += 1
    }
  }

  private func statement(env: inout Env) -> [SourceValue] {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maxDepth {
      pos += 1
      return []
    }
    let t = token
    if t.kind == .punctuation {
      if t.text == ";" {
        pos += 1
        return []
      }
      if t.text == "{" { return block(env: &env) }
    }
    guard t.kind == .identifier else {
      _ = expression(env: &env)
      return []
    }
    switch t.text {
    case "import":
      if peek().isPunct("(") { break }
      while !atEnd, !isPunct(";"),
        !(token.kind == .string && (tokens[pos - 1].isIdent("from") || tokens[pos - 1].isIdent("import")))
      {
        pos += 1
      }
      pos += 1
      return []
    case "export":
      pos += 1
      if token.isIdent("default") { pos += 1 }
      return statement(env: &env)
    case "type", "interface", "declare", "enum":
      if peek().kind == .identifier {
        skipDeclaration()
        return []
      }
    case "const", "let", "var":
      pos += 1
      declarations(env: &env)
      return []
    case "function", "async":
      if t.text == "async", !peek().isIdent("function") { break }
      skipFunction()
      return []
    case "class":
      skipClass()
      return []
    case "return":
      pos += 1
      if isPunct(";") || isPunct("}") || atEnd { return [] }
      let start = pos
      let value = expression(env: &env)
      if reportingReturns { report(value, tokens: start..<pos) }
      return [value]
    case "if":
      pos += 1
      var thenEnv = env
      if eat("(") {
        _ = expression(env: &thenEnv)
        _ = eat(")")
      }
      var returns = block(env: &thenEnv)
      var elseEnv = env
      if token.isIdent("else") {
        pos += 1
        returns += block(env: &elseEnv)
      }
      env = SourceValue.merged(env, [thenEnv, elseEnv])
      return returns
    case "for", "while":
      pos += 1
      if t.text == "for", token.isIdent("await") { pos += 1 }
      var loopEnv = env
      if eat("(") {
        // The header: declarations and conditions, evaluated for their calls.
        var nesting = 0
        while !atEnd {
          if isPunct("(") { nesting += 1 }
          if isPunct(")") {
            if nesting == 0 { break }
            nesting -= 1
          }
          let before = pos
          _ = expression(env: &loopEnv)
          if pos == before { pos += 1 }
        }
        _ = eat(")")
      }
      let returns = block(env: &loopEnv)
      env = SourceValue.merged(env, [env, loopEnv])
      return returns
    case "do":
      pos += 1
      var loopEnv = env
      let returns = block(env: &loopEnv)
      env = SourceValue.merged(env, [env, loopEnv])
      return returns
    case "try":
      pos += 1
      var returns = block(env: &env)
      if token.isIdent("catch") {
        pos += 1
        if isPunct("("), let close = matching(pos) { pos = close + 1 }
        var branch = env
        returns += block(env: &branch)
      }
      if token.isIdent("finally") {
        pos += 1
        returns += block(env: &env)
      }
      return returns
    case "switch":
      pos += 1
      if eat("(") {
        _ = expression(env: &env)
        _ = eat(")")
      }
      guard eat("{") else { return [] }
      var branches: [Env] = []
      var returns: [SourceValue] = []
      while !atEnd, !isPunct("}") {
        if token.isIdent("case") || token.isIdent("default") {
          pos += 1
          while !atEnd, !isPunct(":"), !isPunct("}") {
            let before = pos
            _ = expression(env: &env)
            if pos == before { pos += 1 }
          }
          _ = eat(":")
          var branch = env
          while !atEnd, !isPunct("}"), !token.isIdent("case"), !token.isIdent("default") {
            let before = pos
            returns += statement(env: &branch)
            if pos == before { pos += 1 }
          }
          branches.append(branch)
        } else {
          pos += 1
        }
      }
      _ = eat("}")
      env = SourceValue.merged(env, [env] + branches)
      return returns
    case "else", "case", "default", "break", "continue", "throw":
      pos += 1
      return []
    default: break
    }
    _ = expression(env: &env)
    return []
  }

  private func skipDeclaration() {
    var nesting = 0
    while !atEnd {
      if isPunct("{") || isPunct("(") || isPunct("[") { nesting += 1 }
      if isPunct("}") || isPunct(")") || isPunct("]") {
        nesting -= 1
        if nesting == 0, isPunct("}") {
          pos += 1
          if isPunct(";") { pos += 1 }
          return
        }
      }
      if nesting == 0, isPunct(";") {
        pos += 1
        return
      }
      pos += 1
    }
  }

  /// Skips a function declaration (its body is run by `run` with unknown parameters).
  private func skipFunction() {
    while !atEnd, !isPunct("(") { pos += 1 }
    guard let f = functionAt(parametersAt: pos) else {
      pos += 1
      return
    }
    pos = f.0.body.upperBound + (f.0.isBlock ? 1 : 0)
  }

  private func skipClass() {
    while !atEnd, !isPunct("{") { pos += 1 }
    if let end = matching(pos) {
      // Property initialisers of the class (`q = query(...)`) are evaluated; methods are run by `run`.
      pos += 1
      var env: Env = [:]
      while pos < end {
        let before = pos
        if token.kind == .identifier, peek().isPunct("("), let f = functionAt(parametersAt: pos + 1) {
          pos = f.0.body.upperBound + 1
          continue
        }
        if token.kind == .identifier, peek().isPunct("=") {
          let name = token.text
          pos += 2
          env[name] = expression(env: &env)
        }
        if pos == before { pos += 1 }
      }
      pos = end + 1
    } else {
      pos = limit
    }
  }

  private func declarations(env: inout Env) {
    repeat {
      if token.kind == .identifier {
        let name = token.text
        pos += 1
        if eat("!") {}
        if isPunct(":") { skipType(until: ["=", ",", ";"]) }
        if eat("=") {
          let value = expression(env: &env)
          env[name] = value
        } else {
          env[name] = .unknown(name)
        }
      } else if isPunct("{") || isPunct("["), let close = matching(pos) {
        pos = close + 1
        if isPunct(":") { skipType(until: ["=", ",", ";"]) }
        if eat("=") { _ = expression(env: &env) }
      } else {
        return
      }
    } while eat(",")
  }

  /// Skips a type annotation after `:` up to one of `stops` at depth 0.
  private func skipType(until stops: Set<String>) {
    pos += 1
    var nesting = 0
    while !atEnd {
      let t = token
      if t.kind == .punctuation {
        if nesting == 0, stops.contains(t.text) { return }
        if ["(", "[", "{", "<"].contains(t.text) { nesting += 1 }
        if [")", "]", "}", ">"].contains(t.text) {
          if nesting == 0 { return }
          nesting -= 1
        }
        if t.text == "=>" { nesting += 0 }
      }
      pos += 1
    }
  }

  // MARK: Expressions

  private static let binary: Set<String> = [
    "+", "-", "*", "/", "%", "**", "&&", "||", "??", "==", "===", "!=", "!==", "<", ">", "<=", ">=", "&", "|", "^",
    "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&&=", "||=", "??=", "**=", "<<=", ">>=", "&=", "|=", "^=",
  ]

  /// An expression up to `,` `;` `)` `]` `}` `:` at its own level.
  func expression(env: inout Env) -> SourceValue {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      pos += 1
      return .unknown("value")
    }
    // Assignment to a variable: `q = query(q, ...)`.
    if token.kind == .identifier, peek().isPunct("="), !Self.keywords.contains(token.text) {
      let name = token.text
      pos += 2
      let value = expression(env: &env)
      env[name] = value
      return value
    }
    var value = unary(env: &env)
    while !atEnd {
      if isPunct("?") {
        pos += 1
        var thenEnv = env
        let thenValue = expression(env: &thenEnv)
        _ = eat(":")
        var elseEnv = env
        let elseValue = expression(env: &elseEnv)
        env = SourceValue.merged(env, [thenEnv, elseEnv])
        return SourceValue.merge(thenValue, elseValue)
      }
      if token.kind == .punctuation, Self.binary.contains(token.text) || token.text == "=" {
        pos += 1
        _ = unary(env: &env)
        value = .unknown("value")
        continue
      }
      if token.isIdent("instanceof") || token.isIdent("in") {
        pos += 1
        _ = unary(env: &env)
        value = .unknown("value")
        continue
      }
      if token.isIdent("as") || token.isIdent("satisfies") {
        skipType(until: [",", ";", ")", "]", "}", "=", "?", ":"])
        continue
      }
      break
    }
    return value
  }

  static let keywords: Set<String> = [
    "const", "let", "var", "if", "else", "return", "function", "class", "new", "typeof", "await", "void", "delete",
    "for", "while", "do", "switch", "case", "default", "break", "continue", "throw", "try", "catch", "finally",
    "import", "export", "yield", "async", "this", "in", "of", "instanceof",
  ]

  private func unary(env: inout Env) -> SourceValue {
    while token.kind == .identifier, ["await", "typeof", "void", "delete", "new", "yield"].contains(token.text) {
      pos += 1
    }
    if isPunct("!") || isPunct("~") || isPunct("+") || isPunct("++") || isPunct("--") || isPunct("...") {
      pos += 1
      _ = unary(env: &env)
      return .unknown("value")
    }
    if isPunct("-") {
      pos += 1
      let inner = unary(env: &env)
      if case .literal(let text) = inner, Double(text) != nil { return .literal("-" + text) }
      return .unknown("value")
    }
    return postfix(env: &env)
  }

  private func place(_ offset: Int) -> SourcePlace { lines.place(file: file, offset: offset) }

  private func text(_ range: Range<Int>) -> String {
    let start = tokens[range.lowerBound].start
    let end = tokens[max(range.lowerBound, range.upperBound - 1)].end
    return String(decoding: source[start..<max(start, end)], as: UTF8.self)
  }

  private func report(_ value: SourceValue, tokens range: Range<Int>) {
    guard reporting else { return }
    findings.report(value, place: place(tokens[range.lowerBound].start), language: language, text: self.text(range))
  }

  /// A primary expression and its `.member`, `?.member`, `(call)`, `[index]`, `!` suffixes.
  private func postfix(env: inout Env) -> SourceValue {
    let start = pos
    var name: String?
    var value = primary(env: &env, name: &name)
    while !atEnd {
      if isPunct(".") || isPunct("?.") {
        pos += 1
        if isPunct("(") || isPunct("[") { continue }
        guard token.kind == .identifier else { break }
        let member = token.text
        let baseEnd = pos - 1
        pos += 1
        skipTypeArguments()
        if isPunct("(") {
          value = method(member, on: value, baseName: name, baseRange: start..<baseEnd, env: &env)
          name = nil
        } else {
          value = property(member, on: value, baseName: name)
          // The last name of a chain (`admin.firestore.Filter`) identifies SDK namespaces.
          name = member
        }
        continue
      }
      if isPunct("(") {
        value = call(name, env: &env, start: start)
        name = nil
        continue
      }
      if isPunct("[") {
        pos += 1
        _ = expression(env: &env)
        _ = eat("]")
        value = .unknown("value")
        name = nil
        continue
      }
      if isPunct("!"), !peek().isPunct("=") {
        pos += 1
        continue
      }
      if token.kind == .template || (token.kind == .string && tokens[pos].start == tokens[pos - 1].end) {
        pos += 1  // a tagged template
        value = .unknown("value")
        continue
      }
      break
    }
    return value
  }

  /// `<T>` before a call's `(`.
  private func skipTypeArguments() {
    guard isPunct("<") else { return }
    var j = pos + 1
    var nesting = 1
    while j < limit, j < pos + 40 {
      let t = tokens[j]
      if t.isPunct("<") { nesting += 1 }
      if t.isPunct(">") {
        nesting -= 1
        if nesting == 0 { break }
      }
      if t.isPunct(">>") {
        nesting -= 2
        if nesting <= 0 { break }
      }
      guard
        t.kind == .identifier || [",", ".", "[", "]", "|", "&", "{", "}", ":", ";", "<", "?"].contains(t.text)
          || t.kind == .string
      else { return }
      j += 1
    }
    if j < limit, tokens[j + 1].isPunct("(") { pos = j + 1 }
  }

  private func primary(env: inout Env, name: inout String?) -> SourceValue {
    let t = token
    switch t.kind {
    case .string:
      pos += 1
      return .string(t.text)
    case .template:
      pos += 1
      return .pathTemplate(t.text)
    case .regex:
      pos += 1
      return .unknown("text")
    case .number:
      pos += 1
      return .literal(t.text)
    case .end:
      return .unknown("value")
    case .punctuation:
      if t.text == "(" {
        if let close = matching(pos),
          tokens[close + 1].isPunct("=>") || tokens[close + 1].isPunct(":") && isArrowWithType(close)
        {
          return arrow(env: &env)
        }
        pos += 1
        var value = expression(env: &env)
        while eat(",") { value = expression(env: &env) }
        _ = eat(")")
        return value
      }
      if t.text == "[" {
        pos += 1
        var elements: [SourceValue] = []
        while !atEnd, !isPunct("]") {
          let before = pos
          elements.append(expression(env: &env))
          _ = eat(",")
          if pos == before { pos += 1 }
        }
        _ = eat("]")
        return .array(elements)
      }
      if t.text == "{" { return object(env: &env) }
      if t.text == "<" {
        // A JSX element or a type assertion: skip the tag.
        pos += 1
        return .unknown("value")
      }
      pos += 1
      return .unknown("value")
    case .identifier:
      switch t.text {
      case "true", "false", "null":
        pos += 1
        return .literal(t.text)
      case "undefined":
        pos += 1
        return .literal("null")
      case "function":
        pos += 1
        if token.kind == .identifier { pos += 1 }
        return functionValue(env: env)
      case "async":
        if peek().isPunct("(") || peek().kind == .identifier || peek().isIdent("function") {
          pos += 1
          if token.isIdent("function") {
            pos += 1
            if token.kind == .identifier { pos += 1 }
            return functionValue(env: env)
          }
          if token.kind == .identifier, peek().isPunct("=>") { return singleParameterArrow(env: &env) }
          return arrow(env: &env)
        }
      default: break
      }
      if peek().isPunct("=>") { return singleParameterArrow(env: &env) }
      pos += 1
      name = t.text
      skipTypeArguments()
      if let value = env[t.text] { return value }
      return .unknown(t.text)
    }
  }

  private func isArrowWithType(_ close: Int) -> Bool {
    var j = close + 2
    var nesting = 0
    while j < limit, j < close + 40 {
      let t = tokens[j]
      if t.isPunct("<") || t.isPunct("(") { nesting += 1 }
      if t.isPunct(">") || t.isPunct(")") { nesting -= 1 }
      if nesting == 0, t.isPunct("=>") { return true }
      if t.isPunct(";") || t.isPunct("{") && nesting == 0 { return false }
      j += 1
    }
    return false
  }

  private func object(env: inout Env) -> SourceValue {
    pos += 1
    var members: [SourceValue] = []
    while !atEnd, !isPunct("}") {
      let before = pos
      if token.kind == .identifier || token.kind == .string || token.kind == .number, peek().isPunct(":") {
        pos += 2
        members.append(expression(env: &env))
      } else if token.kind == .identifier, peek().isPunct("("), let f = functionAt(parametersAt: pos + 1) {
        readInline(f.0, env: env)
      } else {
        members.append(expression(env: &env))
      }
      _ = eat(",")
      if pos == before { pos += 1 }
    }
    _ = eat("}")
    // Only the values matter (`getAggregateFromServer(q, { n: count() })`).
    return .object(members)
  }

  private func functionValue(env: Env) -> SourceValue {
    guard let f = functionAt(parametersAt: pos) else { return .unknown("function") }
    readInline(f.0, env: env)
    return .unknown("function")
  }

  /// Reads an inline function (a method of an object literal, an arrow function value) for the
  /// queries its body runs, its parameters unknown; what it returns is not reported on its own.
  /// Leaves `pos` after the function.
  private func readInline(_ function: Function, env: Env) {
    let saved = reportingReturns
    reportingReturns = false
    defer { reportingReturns = saved }
    var inner = env
    for parameter in function.parameters { inner[parameter] = .unknown(parameter) }
    _ = runBody(function, env: &inner)
    pos = function.body.upperBound + (function.isBlock ? 1 : 0)
  }

  /// `(a, b) => ...`: the body runs with the variables as they are now (callbacks).
  private func arrow(env: inout Env) -> SourceValue { functionValue(env: env) }

  private func singleParameterArrow(env: inout Env) -> SourceValue {
    let saved = reportingReturns
    reportingReturns = false
    defer { reportingReturns = saved }
    let parameter = token.text
    pos += 2
    let body = bodyRange(from: pos)
    var inner = env
    inner[parameter] = .unknown(parameter)
    _ = runBody(Function(parameters: [parameter], body: body.0, isBlock: body.1), env: &inner)
    pos = body.0.upperBound + (body.1 ? 1 : 0)
    return .unknown("function")
  }

  /// Call arguments from `(`: values and the token ranges they came from.
  private func arguments(env: inout Env) -> [(SourceValue, Range<Int>)] {
    guard eat("(") else { return [] }
    var out: [(SourceValue, Range<Int>)] = []
    while !atEnd, !isPunct(")") {
      let before = pos
      let value = expression(env: &env)
      out.append((value, before..<pos))
      _ = eat(",")
      if pos == before { pos += 1 }
    }
    _ = eat(")")
    return out
  }

  private func fieldText(_ argument: (SourceValue, Range<Int>)?) -> String {
    guard let argument, !argument.1.isEmpty else { return "missing" }
    return SourceFindings.oneLine(text(argument.1))
  }

  /// A call of a bare name: the modular SDK's functions, helpers of the file, or other code.
  private func call(_ name: String?, env: inout Env, start: Int) -> SourceValue {
    let args = arguments(env: &env)
    let values = args.map(\.0)
    switch name {
    case "collection", "collectionGroup":
      return root(name == "collection" ? .collection : .collectionGroup, args, modular: true)
    case "doc":
      guard let base = values.first else { return .unknown("doc") }
      return document(base, Array(args.dropFirst()))
    case "query":
      guard var query = values.first, case .query = query else {
        return .unknown("query")
      }
      for (constraint, range) in args.dropFirst() {
        switch constraint {
        case .filter(let filter): query = query.adding(.filter(filter))
        case .badFilter(let reason): query = query.failing(reason)
        case .constraint(let step?): query = query.adding(step)
        case .constraint(nil): break
        case .array(let list):
          for item in list {
            if case .filter(let filter) = item {
              query = query.adding(.filter(filter))
            } else if case .constraint(let step?) = item {
              query = query.adding(step)
            } else if case .constraint(nil) = item {
            } else {
              query = query.failing("a query constraint is not constant (\(SourceFindings.oneLine(text(range))))")
            }
          }
        default: query = query.failing("a query constraint is not constant (\(SourceFindings.oneLine(text(range))))")
        }
      }
      return query
    case "where":
      guard args.count == 3 else { return .badFilter("where() with \(args.count) arguments") }
      guard case .string(let op) = values[1] else {
        return .badFilter("the operator is not a constant (\(fieldText(args[1])))")
      }
      return fieldFilter(values[0], op: op, value: values[2], fieldText: fieldText(args[0]))
    case "or", "and":
      return composite(isOr: name == "or", args)
    case "orderBy":
      return orderBy(args)
    case "limit", "limitToLast":
      let value = limitValue(values.first)
      return .constraint(name == "limit" ? .limit(value) : .limitToLast(value))
    case "startAt", "startAfter", "endAt", "endBefore":
      return .constraint(nil)
    case "documentId":
      return .field(.documentID)
    case "FieldPath":
      return fieldPath(values)
    case "count":
      return args.isEmpty ? .constraint(.count) : .unknown("count")
    case "sum", "average":
      guard let field = values.first?.field else { return .constraint(nil) }
      return .constraint(name == "sum" ? .sum(field) : .average(field))
    case "getDocs", "getDocsFromServer", "getDocsFromCache", "onSnapshot", "getCountFromServer", "getCount",
      "getAggregateFromServer", "getAggregate":
      guard let (query, range) = args.first, case .query = query else { return .unknown("snapshot") }
      var run = query
      if name == "getCountFromServer" || name == "getCount" { run = run.adding(.count) }
      if name == "getAggregateFromServer" || name == "getAggregate" {
        run = aggregations(run, args.count > 1 ? args[1].0 : .object([]))
      }
      report(run, tokens: range)
      return .unknown("snapshot")
    default:
      // A query handed to a function runs there (a helper of the file may run it too).
      for (value, range) in args {
        if case .query = value { report(value, tokens: range) }
      }
      if let name, let function = functions[name], inlineDepth < 8 {
        return inline(function, values)
      }
      return .unknown(name ?? "value")
    }
  }

  private func aggregations(_ query: SourceValue, _ spec: SourceValue) -> SourceValue {
    guard case .object(let members) = spec else { return query.failing("the aggregations are not a constant object") }
    var out = query
    for member in members {
      guard case .constraint(let step?) = member else { return query.failing("an aggregation is not constant") }
      out = out.adding(step)
    }
    return out
  }

  private func inline(_ function: Function, _ values: [SourceValue]) -> SourceValue {
    var inner = moduleEnv
    for (index, parameter) in function.parameters.enumerated() {
      inner[parameter] = index < values.count ? values[index] : .unknown(parameter)
    }
    let saved = reporting
    let savedReturns = reportingReturns
    reporting = false
    reportingReturns = false
    defer { reportingReturns = savedReturns }
    inlineDepth += 1
    defer {
      reporting = saved
      inlineDepth -= 1
    }
    return runBody(function, env: &inner)
  }

  private func limitValue(_ value: SourceValue?) -> String {
    if case .literal(let text)? = value, Int(text) != nil { return text }
    return "1"
  }

  private func fieldPath(_ values: [SourceValue]) -> SourceValue {
    var segments: [String] = []
    for value in values {
      guard case .string(let text) = value else { return .unknown("fieldPath") }
      segments.append(text)
    }
    return segments.isEmpty ? .unknown("fieldPath") : .field(.segments(segments))
  }

  private func composite(isOr: Bool, _ args: [(SourceValue, Range<Int>)]) -> SourceValue {
    var filters: [SourceFilter] = []
    for (value, range) in args {
      switch value {
      case .filter(let filter): filters.append(filter)
      case .badFilter(let reason): return .badFilter(reason)
      default:
        return .badFilter(
          "a filter of \(isOr ? "or" : "and")() is not constant (\(SourceFindings.oneLine(text(range))))")
      }
    }
    return .filter(.composite(isOr: isOr, filters))
  }

  private func orderBy(_ args: [(SourceValue, Range<Int>)]) -> SourceValue {
    guard let first = args.first, let field = first.0.field else {
      return .badFilter("the field of orderBy is not a constant (\(fieldText(args.first)))")
    }
    var descending = false
    if args.count > 1 {
      guard case .string(let direction) = args[1].0, direction == "asc" || direction == "desc" else {
        return .badFilter("the direction of orderBy is not a constant (\(fieldText(args[1])))")
      }
      descending = direction == "desc"
    }
    return .constraint(.orderBy(field, descending: descending))
  }

  private func segments(_ args: ArraySlice<(SourceValue, Range<Int>)>) -> [String]? {
    var out: [String] = []
    for (value, range) in args {
      if case .string(let text) = value {
        out += text.split(separator: "/").map(String.init)
      } else if case .pathTemplate(let text) = value {
        out += text.split(separator: "/").map {
          $0.contains("{}") ? "{\(DSLText.placeholder(String($0)))}" : String($0)
        }
      } else {
        out.append("{\(DSLText.placeholder(text(range)))}")
      }
    }
    return out
  }

  /// `collection(db, "a", id, "b")`, `collectionGroup(db, "b")`, `db.collection("a/b/c")`.
  private func root(_ kind: QuerySource.Kind, _ args: [(SourceValue, Range<Int>)], modular: Bool) -> SourceValue {
    var base: [String] = []
    var rest = args[...]
    if modular {
      guard let first = args.first else { return .unknown("collection") }
      rest = args.dropFirst()
      switch first.0 {
      case .document(let path): base = path
      case .query(let states) where states.count == 1 && states[0].scope == .collection: base = states[0].path
      default: break
      }
    }
    guard let last = rest.last else { return .unknown("collection") }
    // The collection id itself must be a constant; document ids along the path need not be.
    guard collectionPath(last.0) != nil else {
      return QueryState.computedCollection(
        kind, under: base + (segments(rest.dropLast()) ?? []), written: fieldText(last))
    }
    return .query([QueryState(scope: kind, path: base + (segments(rest) ?? []))])
  }

  private func document(_ base: SourceValue, _ args: [(SourceValue, Range<Int>)]) -> SourceValue {
    var path: [String]
    switch base {
    case .document(let p): path = p
    case .query(let states) where states.count == 1 && states[0].scope == .collection: path = states[0].path
    default: path = []
    }
    let more = segments(args[...]) ?? []
    path += more
    if more.isEmpty { path.append("{id}") }
    return .document(path)
  }

  private func property(_ member: String, on base: SourceValue, baseName: String?) -> SourceValue {
    if case .string = base, member == "length" { return .unknown("length") }
    return .unknown(member)
  }

  /// `base.member(args)`: namespaced and Admin SDK chains, `Filter.where(...)`, helpers.
  private func method(
    _ member: String, on base: SourceValue, baseName: String?, baseRange: Range<Int>, env: inout Env
  ) -> SourceValue {
    let args = arguments(env: &env)
    let values = args.map(\.0)
    if baseName == "Filter" {
      switch member {
      case "where":
        guard args.count == 3, case .string(let op) = values[1] else {
          return .badFilter("Filter.where with an operator that is not a constant")
        }
        return fieldFilter(values[0], op: op, value: values[2], fieldText: fieldText(args[0]))
      case "or", "and": return composite(isOr: member == "or", args)
      default: return .badFilter("unknown filter Filter.\(member)")
      }
    }
    if member == "documentId", args.isEmpty { return .field(.documentID) }
    // `new admin.firestore.FieldPath("a", "b")`, `new firebase.firestore.FieldPath(...)`.
    if member == "FieldPath" { return fieldPath(values) }
    if baseName == "AggregateField" {
      switch member {
      case "count": return .constraint(.count)
      case "sum", "average":
        guard let field = values.first?.field else { return .constraint(nil) }
        return .constraint(member == "sum" ? .sum(field) : .average(field))
      default: return .unknown(member)
      }
    }
    switch base {
    case .query(let states):
      switch member {
      case "where":
        if args.count == 1 {
          switch values[0] {
          case .filter(let filter): return base.adding(.filter(filter))
          case .badFilter(let reason): return base.failing(reason)
          default: return base.failing("the filter is not constant (\(fieldText(args[0])))")
          }
        }
        guard args.count == 3 else { return base.failing("where() with \(args.count) arguments") }
        guard case .string(let op) = values[1] else {
          return base.failing("the operator is not a constant (\(fieldText(args[1])))")
        }
        switch fieldFilter(values[0], op: op, value: values[2], fieldText: fieldText(args[0])) {
        case .filter(let filter): return base.adding(.filter(filter))
        case .badFilter(let reason): return base.failing(reason)
        default: return base
        }
      case "orderBy":
        switch orderBy(args) {
        case .constraint(let step?): return base.adding(step)
        case .badFilter(let reason): return base.failing(reason)
        default: return base
        }
      case "limit": return base.adding(.limit(limitValue(values.first)))
      case "limitToLast": return base.adding(.limitToLast(limitValue(values.first)))
      case "startAt", "startAfter", "endAt", "endBefore", "offset", "select", "withConverter": return base
      case "count": return base.adding(.count)
      case "aggregate": return aggregations(base, values.first ?? .object([]))
      case "doc":
        guard states.count == 1, states[0].scope == .collection else { return .unknown("doc") }
        return document(base, args)
      case "get", "onSnapshot", "stream", "getDocs":
        report(base, tokens: baseRange)
        return .unknown("snapshot")
      default:
        for (value, range) in args {
          if case .query = value { report(value, tokens: range) }
        }
        return .unknown(member)
      }
    case .document(let path):
      if member == "collection", let last = args.last {
        guard case .string = last.0 else {
          return QueryState.computedCollection(.collection, under: path, written: fieldText(last))
        }
        return .query([QueryState(scope: .collection, path: path + (segments(args[...]) ?? []))])
      }
      return .unknown(member)
    default:
      if member == "collection" || member == "collectionGroup", !args.isEmpty {
        return root(member == "collection" ? .collection : .collectionGroup, args, modular: false)
      }
      for (value, range) in args {
        if case .query = value { report(value, tokens: range) }
      }
      if let function = functions[member], baseName == "this" || baseName == nil, inlineDepth < 8 {
        return inline(function, values)
      }
      return .unknown(member)
    }
  }
}
