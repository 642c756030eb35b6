/// TypeScript/JavaScript syntax for the chain reader: `const`/`let`/`var`, `function` and arrow
/// functions, class methods, imports and type declarations skipped, `undefined`.
struct JSDialect: ChainDialect {
  let syntax = ChainSyntax(
    lambdaArrow: "=>", expressionBody: "=>", argumentLabel: nil,
    prefixKeywords: ["await", "typeof", "void", "delete", "new", "yield"])

  func tokenize(_ text: String) -> [ChainToken] { JSTokenizer.tokenize(text) }

  /// Named functions: `function f(...) {...}`, `const f = (...) => ...`, `const f = function (...) {...}`,
  /// class methods `f(...) {...}`.
  func functions(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)] {
    let tokens = reader.tokens
    var found: [(name: String, function: ChainFunction)] = []
    var i = 0
    while i < reader.limit {
      let t = tokens[i]
      if t.isIdent("function"), tokens[i + 1].kind == .identifier {
        // `function run<T>(...)`: the type parameters are skipped.
        var open = i + 2
        if tokens[open].isPunct("<") {
          while open < min(reader.limit, i + 40), !tokens[open].isPunct("(") { open += 1 }
        }
        if let f = reader.functionAt(parametersAt: open) { found.append((tokens[i + 1].text, f.0)) }
      } else if t.kind == .identifier, ["const", "let", "var"].contains(t.text), tokens[i + 1].kind == .identifier,
        i + 2 < reader.limit, tokens[i + 2].isPunct("=")
      {
        var j = i + 3
        if tokens[j].isIdent("async") { j += 1 }
        if tokens[j].isIdent("function") {
          j += 1
          if tokens[j].kind == .identifier { j += 1 }
        }
        if tokens[j].isPunct("("), let f = reader.functionAt(parametersAt: j) {
          found.append((tokens[i + 1].text, f.0))
        } else if tokens[j].kind == .identifier, tokens[j + 1].isPunct("=>") {
          let body = reader.bodyRange(from: j + 2)
          found.append((tokens[i + 1].text, ChainFunction(parameters: [tokens[j].text], body: body.0, isBlock: body.1)))
        }
      } else if t.kind == .identifier, tokens[i + 1].isPunct("("), i > 0,
        tokens[i - 1].isPunct("}") || tokens[i - 1].isPunct(";") || tokens[i - 1].isPunct("{")
          || ["async", "static", "public", "private", "protected"].contains(tokens[i - 1].text),
        !["if", "for", "while", "switch", "catch", "function", "return", "with"].contains(t.text)
      {
        // A class method: `name(params) {` (a call statement has no `{` after its `)`).
        if let f = reader.functionAt(parametersAt: i + 1), f.0.isBlock, f.1 { found.append((t.text, f.0)) }
      }
      i += 1
    }
    return found
  }

  func statement(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue]? {
    let t = reader.token
    switch t.text {
    case "import":
      if reader.peek().isPunct("(") || reader.peek().isPunct(".") { return nil }
      readImport(reader, env: &env)
      return []
    case "export":
      reader.pos += 1
      if reader.token.isIdent("default") {
        reader.pos += 1
        return readDefaultExport(reader, env: &env)
      }
      if reader.isPunct("{") || reader.isPunct("*") {
        readExportList(reader, env: &env)
        return []
      }
      return reader.statement(env: &env)
    case "enum":
      guard reader.peek().kind == .identifier else { return nil }
      readEnum(reader, env: &env)
      return []
    case "type", "interface", "declare":
      guard reader.peek().kind == .identifier else { return nil }
      if t.text == "declare", reader.peek().isIdent("enum") || reader.peek().isIdent("const") {
        reader.pos += 1
        return statement(reader, env: &env)
      }
      reader.skipDeclaration()
      return []
    case "const", "let", "var":
      reader.pos += 1
      if t.text == "const", reader.token.isIdent("enum") {
        readEnum(reader, env: &env)
        return []
      }
      reader.declarations(env: &env)
      return []
    case "function", "async":
      if t.text == "async", !reader.peek().isIdent("function") { return nil }
      reader.skipFunction()
      return []
    case "class":
      skipClass(reader)
      return []
    default:
      return nil
    }
  }

  /// A class: property initialisers (`q = query(...)`) are evaluated; methods are run by `run`.
  private func skipClass(_ reader: ChainEvaluator) {
    while !reader.atEnd, !reader.isPunct("{") { reader.pos += 1 }
    guard let end = reader.matching(reader.pos) else {
      reader.pos = reader.limit
      return
    }
    reader.pos += 1
    var env = ChainEvaluator.Env()
    while reader.pos < end {
      let before = reader.pos
      if reader.token.kind == .identifier, reader.peek().isPunct("("),
        let f = reader.functionAt(parametersAt: reader.pos + 1)
      {
        reader.pos = f.0.body.upperBound + 1
        continue
      }
      if reader.token.kind == .identifier, reader.peek().isPunct("=") {
        let name = reader.token.text
        reader.pos += 2
        env[name] = reader.expression(env: &env)
      }
      if reader.pos == before { reader.pos += 1 }
    }
    reader.pos = end + 1
  }

  func primary(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue? {
    let t = reader.token
    guard t.kind == .identifier else { return nil }
    switch t.text {
    case "undefined":
      reader.pos += 1
      return .literal("null")
    case "function":
      reader.pos += 1
      if reader.token.kind == .identifier { reader.pos += 1 }
      return reader.functionValue(env: env)
    case "async":
      let next = reader.peek()
      guard next.isPunct("(") || next.kind == .identifier else { return nil }
      reader.pos += 1
      if reader.token.isIdent("function") {
        reader.pos += 1
        if reader.token.kind == .identifier { reader.pos += 1 }
        return reader.functionValue(env: env)
      }
      // `async x => ...`, `async (x) => ...`: the shared lambdas.
      var name: String?
      return reader.primary(env: &env, name: &name)
    default:
      return nil
    }
  }
}
