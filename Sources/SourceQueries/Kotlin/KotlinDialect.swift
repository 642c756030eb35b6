/// Kotlin syntax for the chain reader: `val`/`var`/`const val`, `fun` (block or `= expression`
/// bodies, receivers), classes, objects and companion objects as scopes, optional semicolons (a
/// line break ends a statement unless the next line goes on with `.`, `?.`, `?:`, ...), lambdas
/// in braces and trailing lambdas, `if` and `when` as expressions, named arguments `name = value`.
struct KotlinDialect: ChainDialect {
  let syntax = ChainSyntax(
    lambdaArrow: nil, expressionBody: "=", argumentLabel: "=", newlineEndsStatements: true, prefixKeywords: [],
    classMembersInScope: true, extensionFunctions: true)

  static let tokenizer = CFamilyTokenizer(interpolation: true, nestedComments: true, tripleQuotedRaw: true)

  static let modifiers: Set<String> = [
    "private", "public", "internal", "protected", "override", "open", "abstract", "final", "sealed", "data", "inner",
    "enum", "annotation", "lateinit", "const", "suspend", "inline", "tailrec", "operator", "infix", "external",
    "value", "expect", "actual", "noinline", "crossinline", "companion",
  ]

  func tokenize(_ text: String) -> [ChainToken] { Self.tokenizer.tokenize(text) }

  /// `fun name(...)`, `fun <T> name(...)`, `fun Receiver.name(...)`.
  func functions(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)] {
    var found: [(name: String, function: ChainFunction)] = []
    for i in 0..<reader.limit where reader.tokens[i].isIdent("fun") {
      guard let open = Self.parametersOfFun(at: i, reader.tokens, limit: reader.limit),
        var f = reader.functionAt(parametersAt: open)
      else { continue }
      f.0.receiver = Self.receiver(ofFunctionNamedAt: open - 1, reader.tokens)
      found.append((reader.tokens[open - 1].text, f.0))
    }
    return found
  }

  /// The `(` of the parameters of the `fun` at `at`, its name just before it.
  static func parametersOfFun(at: Int, _ tokens: [ChainToken], limit: Int) -> Int? {
    var j = at + 1
    if tokens[j].isPunct("<") {
      var nesting = 0
      while j < min(limit, at + 40) {
        if tokens[j].isPunct("<") { nesting += 1 }
        if tokens[j].isPunct(">") {
          nesting -= 1
          if nesting == 0 { break }
        }
        j += 1
      }
      j += 1
    }
    while j < min(limit, at + 40), tokens[j].kind == .identifier || tokens[j].isPunct(".") || tokens[j].isPunct("?") {
      if tokens[j].kind == .identifier, tokens[j + 1].isPunct("(") { return j + 1 }
      j += 1
    }
    return nil
  }

  /// The receiver type of an extension function whose name is at `name` (`fun Query.active(`,
  /// `fun <T> Query?.flow(`: `Query`), nil for a plain function.
  static func receiver(ofFunctionNamedAt name: Int, _ tokens: [ChainToken]) -> String? {
    guard name >= 2, tokens[name - 1].isPunct(".") else { return nil }
    var j = name - 2
    if tokens[j].isPunct("?"), j > 0 { j -= 1 }
    return tokens[j].kind == .identifier ? tokens[j].text : nil
  }

  func statement(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue]? {
    let start = reader.pos
    let modified = reader.skipModifiers(Self.modifiers)
    let t = reader.token
    switch t.text {
    case "import":
      reader.pos += 1
      reader.readMemberImport(env: &env)
      return []
    case "package", "typealias":
      reader.pos += 1
      while !reader.atEnd, !reader.token.newlineBefore, !reader.isPunct(";") { reader.pos += 1 }
      return []
    case "val", "var":
      reader.pos += 1
      // `val posts by lazy { db.collection("posts") }`: the lambda's value.
      if reader.token.kind == .identifier, reader.peek().isIdent("by"), reader.peek(2).isIdent("lazy"),
        reader.peek(3).isPunct("{")
      {
        let name = reader.token.text
        reader.pos += 3
        var inner = env
        let value = reader.branchValue(env: &inner)
        env[name] = value
        if let scope = reader.classScope { env[scope + "." + name] = value }
        return []
      }
      reader.declarations(env: &env, scope: reader.classScope)
      return []
    case "fun":
      if let open = Self.parametersOfFun(at: reader.pos, reader.tokens, limit: reader.limit),
        let f = reader.functionAt(parametersAt: open)
      {
        // A function of an object or class: `Routes.posts(id)` names it.
        if let scope = reader.classScope, reader.tokens[open - 2].isIdent("fun") {
          let name = scope + "." + reader.tokens[open - 1].text
          if reader.program.memberFunctions[name] == nil {
            reader.program.memberFunctions[name] = (reader.index, f.0)
          }
        }
        reader.pos = f.0.body.upperBound + (f.0.isBlock ? 1 : 0)
      } else {
        // An abstract function: its signature only.
        reader.pos += 1
        while !reader.atEnd, !reader.onNewLine, !reader.isPunct("}") { reader.pos += 1 }
      }
      return []
    case "class", "interface", "object":
      reader.pos += 1
      // A companion object's members are the class's (`Feed.POSTS`).
      let companion = reader.pos >= 2 && reader.tokens[reader.pos - 2].isIdent("companion")
      let name = reader.token.kind == .identifier && !companion ? reader.token.text : nil
      reader.readClass(named: name, env: &env)
      return []
    default:
      if modified { return reader.statement(env: &env) }
      reader.pos = start
      return nil
    }
  }

  func primary(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue? {
    let t = reader.token
    if t.isPunct("{") { return reader.braceLambda(env: env) }
    guard t.kind == .identifier else { return nil }
    switch t.text {
    case "if":
      reader.pos += 1
      var condition = env
      if reader.isPunct("("), let close = reader.matching(reader.pos) {
        reader.pos += 1
        _ = reader.expression(env: &condition)
        reader.pos = close + 1
      }
      var thenEnv = env.branch()
      let thenValue = reader.branchValue(env: &thenEnv)
      var elseEnv = env.branch()
      var elseValue = SourceValue.unknown("value")
      _ = reader.eat(";")
      if reader.token.isIdent("else") {
        reader.pos += 1
        elseValue = reader.branchValue(env: &elseEnv)
      }
      env.join([thenEnv, elseEnv])
      return SourceValue.merge(thenValue, elseValue)
    case "when":
      return when(reader, env: &env)
    case "try":
      return tryExpression(reader, env: &env)
    case "object":
      // An anonymous object: its functions are run by `run`.
      reader.pos += 1
      while !reader.atEnd, !reader.isPunct("{") { reader.pos += 1 }
      if let close = reader.matching(reader.pos) { reader.pos = close + 1 }
      return .unknown("object")
    case "return", "throw", "break", "continue":
      // `x ?: return`: the expression ends the function.
      reader.pos += 1
      if !reader.atEnd, !reader.onNewLine, !reader.isPunct("}"), !reader.isPunct(")") {
        _ = reader.expression(env: &env)
      }
      return .unknown("value")
    default:
      return nil
    }
  }

  /// `try { ... } catch (e: E) { ... } finally { ... }` as an expression (`fun f() = try { ... }`):
  /// every block is read for the queries it runs; the value is the `try` block's (a `catch`
  /// gives the failure's fallback).
  private func tryExpression(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue {
    reader.pos += 1
    guard reader.isPunct("{") else { return .unknown("value") }
    var tryEnv = env.branch()
    let value = reader.branchValue(env: &tryEnv)
    var branches = [tryEnv]
    while reader.token.isIdent("catch") {
      reader.pos += 1
      if reader.isPunct("("), let close = reader.matching(reader.pos) { reader.pos = close + 1 }
      guard reader.isPunct("{") else { break }
      var branch = env.branch()
      _ = reader.branchValue(env: &branch)
      branches.append(branch)
    }
    env.join(branches)
    if reader.token.isIdent("finally") {
      reader.pos += 1
      if reader.isPunct("{") { _ = reader.branchValue(env: &env) }
    }
    return value
  }

  /// `when (subject) { a, b -> value; else -> value }`: the branches' values merged.
  private func when(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue {
    reader.pos += 1
    if reader.isPunct("("), let close = reader.matching(reader.pos) { reader.pos = close + 1 }
    guard reader.isPunct("{"), let end = reader.matching(reader.pos) else { return .unknown("value") }
    reader.pos += 1
    var values: [SourceValue] = []
    var branches: [ChainEvaluator.Env] = []
    var exhaustive = false
    while reader.pos < end {
      let before = reader.pos
      // The conditions, up to `->` at depth 0.
      var nesting = 0
      if reader.token.isIdent("else") { exhaustive = true }
      while reader.pos < end {
        if reader.isPunct("(") || reader.isPunct("[") || reader.isPunct("{") { nesting += 1 }
        if reader.isPunct(")") || reader.isPunct("]") || reader.isPunct("}") { nesting -= 1 }
        if nesting == 0, reader.isPunct("->") { break }
        reader.pos += 1
      }
      guard reader.eat("->") else { break }
      var branch = env.branch()
      values.append(reader.branchValue(env: &branch))
      branches.append(branch)
      _ = reader.eat(";")
      if reader.pos == before { reader.pos += 1 }
    }
    reader.pos = end + 1
    if !exhaustive { values.append(.unknown("value")) }
    env.join(branches, orNone: !exhaustive)
    guard var value = values.first else { return .unknown("value") }
    for other in values.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }
}
