/// Members as Kotlin, Java and Dart write them: class bodies read as scopes (their constants
/// and fields are `Name.member`), typed declarations (`final Query q = ...`, `static const
/// posts = 'posts'`), methods and getters skipped (`run` runs their bodies).
extension ChainEvaluator {
  /// Words that start a statement, never a type.
  static let statementWords: Set<String> = [
    "if", "for", "while", "switch", "catch", "synchronized", "return", "throw", "else", "do", "try", "case",
    "default", "new", "await", "assert", "super", "this", "yield", "break", "continue", "finally", "when", "on",
    "is", "as", "in", "true", "false", "null", "const", "final", "var", "val",
  ]

  /// A class body after its keyword: the header (name, constructor parameters, supertypes) is
  /// skipped to `{`, and the body is read as statements with `name` as the scope. No body: nothing.
  func readClass(named name: String?, env: inout Env) {
    var nesting = 0
    while !atEnd {
      if nesting == 0, isPunct("{") { break }
      if nesting == 0, isPunct(";") || isPunct("}") || isPunct("=") { return }
      if nesting == 0, onNewLine, !isPunct(":"), !isPunct(","), !tokens[pos - 1].isPunct(":"),
        !tokens[pos - 1].isPunct(",")
      {
        return
      }
      if isPunct("(") || isPunct("<") || isPunct("[") { nesting += 1 }
      if isPunct(")") || isPunct(">") || isPunct("]") { nesting = max(0, nesting - 1) }
      pos += 1
    }
    guard isPunct("{"), let end = matching(pos) else { return }
    pos += 1
    let saved = classScope
    classScope = name ?? saved
    defer { classScope = saved }
    let savedLimit = limit
    limit = min(end, savedLimit)
    statements(until: nil, env: &env)
    limit = savedLimit
    pos = end + 1
  }

  /// Annotations (`@Override`, `@Inject()`) and `modifiers` at the reader's position; whether any.
  func skipModifiers(_ modifiers: Set<String>) -> Bool {
    var modified = false
    while !atEnd {
      if isPunct("@"), peek().kind == .identifier {
        pos += 2
        while isPunct("."), peek().kind == .identifier { pos += 2 }
        if isPunct("("), !onNewLine, let close = matching(pos) { pos = close + 1 }
        modified = true
        continue
      }
      if token.kind == .identifier, modifiers.contains(token.text), peek().kind == .identifier || peek().isPunct("@") {
        pos += 1
        modified = true
        continue
      }
      break
    }
    return modified
  }

  /// Java's and Dart's declarations: `[modifiers] Type name = value;`, `Type name(...) {...}`,
  /// `Type get name => ...` (Dart), `var`/`final name = ...`, constructors, classes; nil (and
  /// the position unchanged) when the statement is none of these.
  func typedStatement(env: inout Env, modifiers: Set<String>, classKeywords: Set<String>) -> [SourceValue]? {
    let start = pos
    let modified = skipModifiers(modifiers)
    let t = token
    if t.kind == .identifier, classKeywords.contains(t.text) {
      pos += 1
      let name = token.kind == .identifier ? token.text : nil
      readClass(named: name, env: &env)
      return []
    }
    guard t.kind == .identifier, !Self.statementWords.contains(t.text) else {
      pos = start
      return nil
    }
    // `var x = ...` after modifiers, `late x;`.
    if modified, peek().isPunct("=") || peek().isPunct(";") || peek().isPunct(",") {
      declarations(env: &env, scope: classScope)
      return []
    }
    // A constructor or a function without a return type: `Name(params) {`, `name(params) => ...`.
    if peek().isPunct("("), let f = functionAt(parametersAt: pos + 1) {
      pos = f.0.body.upperBound + (f.0.isBlock ? 1 : 0)
      _ = eat(";")
      return []
    }
    if let afterType = typeEnd(from: pos) {
      var nameAt = afterType
      let getter = tokens[nameAt].isIdent("get") && tokens[nameAt + 1].kind == .identifier
      if getter { nameAt += 1 }
      if tokens[nameAt].kind == .identifier, !Self.statementWords.contains(tokens[nameAt].text) {
        let next = tokens[nameAt + 1]
        if getter {
          pos = nameAt + 1
          if isPunct("{"), let end = matching(pos) {
            pos = end + 1
          } else if eat("=>") {
            pos = bodyRange(from: pos).0.upperBound
            _ = eat(";")
          }
          return []
        }
        if next.isPunct("=") || next.isPunct(";") || next.isPunct(",") {
          pos = nameAt
          declarations(env: &env, scope: classScope)
          return []
        }
        if next.isPunct("(") {
          if let f = functionAt(parametersAt: nameAt + 1) {
            pos = f.0.body.upperBound + (f.0.isBlock ? 1 : 0)
            _ = eat(";")
          } else {
            // An abstract method: `Query feed(String uid);`.
            pos = nameAt
            skipDeclaration()
          }
          return []
        }
      }
    }
    pos = start
    return nil
  }

  /// The token after a type written at `from` (`Query`, `a.B<C, D>?`, `String[]`), or nil.
  func typeEnd(from: Int) -> Int? {
    guard tokens[from].kind == .identifier else { return nil }
    var j = from + 1
    while j + 1 < limit, tokens[j].isPunct("."), tokens[j + 1].kind == .identifier { j += 2 }
    if tokens[j].isPunct("<") {
      var nesting = 1
      j += 1
      while j < limit, j < from + 60 {
        let t = tokens[j]
        if t.isPunct("<") { nesting += 1 }
        if t.isPunct(">") {
          nesting -= 1
          if nesting == 0 {
            j += 1
            break
          }
        }
        guard t.kind == .identifier || [",", ".", "?", "<", ">", "[", "]", "(", ")"].contains(t.text) else {
          return nil
        }
        j += 1
      }
      if nesting != 0 { return nil }
    }
    if tokens[j].isPunct("?") { j += 1 }
    while j + 1 < limit, tokens[j].isPunct("["), tokens[j + 1].isPunct("]") { j += 2 }
    return j
  }

  /// A branch of a Kotlin `if`/`when` expression: a block (its value is its last expression)
  /// or one expression.
  func branchValue(env: inout Env) -> SourceValue {
    guard isPunct("{"), let close = matching(pos) else { return expression(env: &env) }
    pos += 1
    var value = SourceValue.unknown("value")
    while !atEnd, pos < close {
      let before = pos
      _ = statement(env: &env)
      value = lastExpression ?? .unknown("value")
      if pos == before { pos += 1 }
    }
    pos = close + 1
    return value
  }
}

extension ChainEvaluator {
  /// A Kotlin or Java import from the reader's position (after `import`, `import static`) to the
  /// end of the line or `;`: a constant imported by name (`import a.b.Names.POSTS`, `... as P`,
  /// `import static a.b.Names.*`) is bound to the member the group declares (`Names.POSTS`).
  func readMemberImport(env: inout Env) {
    var path: [String] = []
    var alias: String?
    var wildcard = false
    while !atEnd, !isPunct(";") {
      if path.count > 0, token.newlineBefore { break }
      if token.isIdent("as"), peek().kind == .identifier {
        alias = peek().text
        pos += 2
        continue
      }
      if token.kind == .identifier, !token.isIdent("static") { path.append(token.text) }
      if isPunct("*") { wildcard = true }
      pos += 1
    }
    _ = eat(";")
    guard let last = path.last else { return }
    if wildcard {
      let prefix = last + "."
      for (name, value) in program.globals where name.hasPrefix(prefix) && env[name] == nil {
        let member = String(name.dropFirst(prefix.count))
        if !member.contains("."), env[member] == nil { env[member] = value }
      }
      return
    }
    guard path.count >= 2 else { return }
    let owner = path[path.count - 2]
    if let value = env[owner + "." + last] ?? program.globals[owner + "." + last] {
      env[alias ?? last] = value
    } else if let alias {
      aliases[alias] = last
    }
  }
}
