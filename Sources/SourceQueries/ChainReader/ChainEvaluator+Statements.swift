/// The statements the C-family languages share: blocks, `if`/`else`, loops, `try`, `switch`,
/// `return`, and declarations; a language's own (imports, classes, functions) come first from
/// its dialect. Variables assigned in branches are merged (`ChainEnv.join`).
extension ChainEvaluator {
  /// Statements up to `closer` (`}`) or the end; returns the values of `return` statements.
  @discardableResult
  func statements(until closer: String?, env: inout Env) -> [SourceValue] {
    var returns: [SourceValue] = []
    while !atEnd {
      if let closer, isPunct(closer) { break }
      let before = pos
      returns += statement(env: &env)
      if pos == before { pos += 1 }
    }
    return returns
  }

  /// `(name != null)` or `(name == null)` (either side) where the name is a parameter or local of
  /// the scope being read whose value is known to be `null` or known not to be (a constant, a
  /// query): whether the condition holds; otherwise nil (a name of an enclosing scope, a class
  /// field or a file's variable, may have been changed by other code). The cursor is at `(`;
  /// it does not move.
  func nullTest(env: Env) -> Bool? {
    guard isPunct("("), pos + 4 <= limit, tokens[pos + 4].isPunct(")") else { return nil }
    let a = tokens[pos + 1]
    let op = tokens[pos + 2]
    let b = tokens[pos + 3]
    guard op.isPunct("!=") || op.isPunct("=="), a.isIdent("null") != b.isIdent("null") else { return nil }
    let name = a.isIdent("null") ? b : a
    guard name.kind == .identifier, let value = env.local(name.text) else { return nil }
    let isNull: Bool
    switch value {
    case .literal(let text): isNull = text == "null"
    case .string, .array, .field, .document, .query, .filter, .pathTemplate, .object: isNull = false
    case .oneOf(let values):
      // Not null only when no alternative is.
      let maybeNull = values.contains {
        switch $0 {
        case .literal(let text): text == "null"
        case .badFilter, .constraint, .unknown, .oneOf: true
        default: false
        }
      }
      guard !maybeNull else { return nil }
      isNull = false
    case .badFilter, .constraint, .unknown: return nil
    }
    return op.isPunct("==") ? isNull : !isNull
  }

  /// A branch the condition never takes: read for its end only (nothing reported, nothing kept).
  func skipped(env: Env) -> [SourceValue] {
    var scratch = env
    let saved = reporting
    reporting = false
    defer { reporting = saved }
    _ = block(env: &scratch)
    return []
  }

  func block(env: inout Env) -> [SourceValue] {
    guard eat("{") else { return statement(env: &env) }
    let returns = statements(until: "}", env: &env)
    _ = eat("}")
    return returns
  }

  func statement(env: inout Env) -> [SourceValue] {
    program.work += 1
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maxDepth {
      pos += 1
      return []
    }
    lastExpression = nil
    let t = token
    if t.kind == .punctuation {
      if t.text == ";" {
        pos += 1
        return []
      }
      if t.text == "{" { return block(env: &env) }
    }
    guard t.kind == .identifier else {
      lastExpression = expression(env: &env)
      return []
    }
    if let returns = dialect.statement(self, env: &env) { return returns }
    switch t.text {
    case "return":
      pos += 1
      if isPunct(";") || isPunct("}") || atEnd || onNewLine { return [] }
      let start = pos
      let value = expression(env: &env)
      if reportingReturns { report(value, tokens: start..<pos) }
      return [value]
    case "if":
      pos += 1
      var thenEnv = env.branch()
      let known = nullTest(env: env)
      if eat("(") {
        _ = expression(env: &thenEnv)
        _ = eat(")")
      }
      var returns = known == false ? skipped(env: thenEnv) : block(env: &thenEnv)
      var elseEnv = env.branch()
      _ = eat(";")
      if token.isIdent("else") {
        pos += 1
        returns += known == true ? skipped(env: elseEnv) : block(env: &elseEnv)
      }
      // A branch the condition never takes changes nothing.
      switch known {
      case true: env.join([thenEnv])
      case false: env.join([elseEnv])
      case nil: env.join([thenEnv, elseEnv])
      }
      return returns
    case "for", "while":
      pos += 1
      if t.text == "for", token.isIdent("await") { pos += 1 }
      var loopEnv = env.branch()
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
      env.join([loopEnv], orNone: true)
      return returns
    case "do":
      pos += 1
      var loopEnv = env.branch()
      let returns = block(env: &loopEnv)
      env.join([loopEnv], orNone: true)
      return returns
    case "try":
      pos += 1
      var returns = block(env: &env)
      while token.isIdent("catch") || token.isIdent("on") {
        pos += 1
        while token.kind == .identifier || isPunct(".") { pos += 1 }  // Dart `on Type catch`
        if token.isIdent("catch") { pos += 1 }
        if isPunct("("), let close = matching(pos) { pos = close + 1 }
        var branch = env.branch()
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
          while !atEnd, !isPunct(":"), !isPunct("}"), !isPunct("->") {
            let before = pos
            _ = expression(env: &env)
            if pos == before { pos += 1 }
          }
          if isPunct(":") || isPunct("->") { pos += 1 }
          var branch = env.branch()
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
      env.join(branches, orNone: true)
      return returns
    case "else", "case", "default", "break", "continue", "throw":
      pos += 1
      return []
    default: break
    }
    lastExpression = expression(env: &env)
    return []
  }

  /// Skips to the end of a declaration: past its `;` or its closing `}` at depth 0.
  func skipDeclaration() {
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

  /// Skips a function declaration from its name (its body is run by `run` with unknown parameters).
  func skipFunction() {
    while !atEnd, !isPunct("(") { pos += 1 }
    guard let f = functionAt(parametersAt: pos) else {
      pos += 1
      return
    }
    pos = f.0.body.upperBound + (f.0.isBlock ? 1 : 0)
  }

  /// `name = value, other, ...` after `const`/`let`/`var`/`val`/`final` or a type (one name,
  /// possibly typed `name: Type`, or a destructuring pattern each).
  func declarations(env: inout Env, scope: String? = nil) {
    repeat {
      if token.kind == .identifier {
        let name = token.text
        pos += 1
        if eat("!") {}
        if isPunct(":") { skipType(until: ["=", ",", ";"]) }
        let value: SourceValue
        var members: [(String, SourceValue)] = []
        if eat("=") {
          let valueStart = pos
          value = expression(env: &env)
          // `const Names = { posts: "posts" } as const`: its members are `Names.posts`.
          members = objectMembers[valueStart] ?? []
        } else {
          value = .unknown(name)
        }
        env[name] = value
        if let scope { env[scope + "." + name] = value }
        for (key, member) in members {
          env[name + "." + key] = member
          if let scope { env[scope + "." + name + "." + key] = member }
        }
      } else if isPunct("{") || isPunct("[") || isPunct("("), let close = matching(pos) {
        // `const [listings, setListings] = useState()`, `const { posts } = props`: the names a
        // pattern declares are local values Flint does not know (never another file's `listings`).
        for j in (pos + 1)..<close where tokens[j].kind == .identifier && !Self.keywords.contains(tokens[j].text) {
          let next = tokens[j + 1]
          if next.isPunct(",") || next.isPunct("]") || next.isPunct("}") || next.isPunct(")") || next.isPunct("=") {
            env[tokens[j].text] = .unknown(tokens[j].text)
          }
        }
        let pattern = pos
        pos = close + 1
        if isPunct(":") { skipType(until: ["=", ",", ";"]) }
        if eat("=") {
          let state = reactState(pattern: pattern, close: close)
          _ = expression(env: &env)
          // React state: the value is what its setter is handed (seen in an earlier pass). The
          // setter's value names this state, so a setter of the same name elsewhere is another.
          if let state {
            env[state.setter] = .unknown(state.key)
            if let stored = stateValues[state.key] { env[state.name] = stored }
          }
        }
      } else {
        return
      }
    } while eat(",")
  }

  /// `const [value, setValue] = useState(...)` (or `React.useState`) at the reader's position
  /// (after `=`), its pattern `[` at `pattern`: the state's name, its setter's, and the key of
  /// the values handed to the setter (`stateValues`), which the setter's name holds.
  private func reactState(pattern: Int, close: Int) -> (name: String, setter: String, key: String)? {
    guard tokens[pattern].isPunct("["), close == pattern + 4, tokens[pattern + 1].kind == .identifier,
      tokens[pattern + 2].isPunct(","), tokens[pattern + 3].kind == .identifier
    else { return nil }
    var at = pos
    if tokens[at].isIdent("React"), tokens[at + 1].isPunct(".") { at += 2 }
    guard tokens[at].isIdent("useState") else { return nil }
    return (tokens[pattern + 1].text, tokens[pattern + 3].text, Self.stateSetterMark + String(pattern))
  }

  /// Skips a type annotation after `:` (or `as`) up to one of `stops` at depth 0.
  func skipType(until stops: Set<String>) {
    pos += 1
    var nesting = 0
    while !atEnd {
      let t = token
      if nesting == 0, onNewLine { return }
      if t.kind == .punctuation {
        if nesting == 0, stops.contains(t.text) { return }
        if ["(", "[", "{", "<"].contains(t.text) { nesting += 1 }
        if [")", "]", "}", ">"].contains(t.text) {
          if nesting == 0 { return }
          nesting -= 1
        }
      }
      pos += 1
    }
  }
}
