/// Function signatures and bodies, as every dialect writes them: `(parameters)`, an optional
/// return type or `throws`/`async`, then a block or an expression body.
extension ChainEvaluator {
  /// Words before a parameter's name that are not its name (Kotlin `vararg`, constructor `val`).
  static let parameterModifiers: Set<String> = [
    "vararg", "noinline", "crossinline", "val", "var", "private", "public", "protected", "internal", "override",
    "readonly", "required", "final", "covariant",
  ]

  /// Parameters from `(` at `open`, then the body. The Bool: a block followed the `)` directly
  /// (after an optional return type).
  func functionAt(parametersAt open: Int) -> (ChainFunction, Bool)? {
    guard tokens[open].isPunct("("), let close = matching(open) else { return nil }
    let parameters = parameterNames(open + 1, close)
    // `...rest` (JS), `vararg rest` (Kotlin), `Type... rest` (Java): the last parameter.
    let rest = (open + 1..<close).contains { tokens[$0].isPunct("...") || tokens[$0].isIdent("vararg") }
    var k = close + 1
    let arrows = [syntax.expressionBody, syntax.lambdaArrow].compactMap { $0 }
    if tokens[k].isPunct(":") {
      // A return type: skip to `{` or the expression body at depth 0.
      k += 1
      var typeNesting = 0
      while k < limit {
        let t = tokens[k]
        if t.isPunct("<") || t.isPunct("(") || t.isPunct("[") { typeNesting += 1 }
        if t.isPunct(">") || t.isPunct(")") || t.isPunct("]") { typeNesting -= 1 }
        if typeNesting <= 0, t.isPunct("{") || arrows.contains(where: t.isPunct) { break }
        if t.isPunct(";") { return nil }
        if typeNesting <= 0, syntax.newlineEndsStatements, t.newlineBefore { return nil }
        k += 1
      }
    } else {
      // `throws A, B` (Java), `async`, `async*`, `sync*` (Dart).
      if tokens[k].isIdent("throws") {
        k += 1
        while k < limit, tokens[k].kind == .identifier || tokens[k].isPunct(".") || tokens[k].isPunct(",") { k += 1 }
      }
      if tokens[k].isIdent("async") || tokens[k].isIdent("sync") {
        k += 1
        if tokens[k].isPunct("*") { k += 1 }
      }
    }
    if arrows.contains(where: tokens[k].isPunct) {
      let body = bodyRange(from: k + 1)
      var function = ChainFunction(parameters: parameters, body: body.0, isBlock: body.1, restParameter: rest)
      function.destructured = destructuredParameters(open + 1, close)
      function.nullWhenMissing = nullWhenMissing(open + 1, close)
      return (function, false)
    }
    if tokens[k].isPunct("{"), let end = matching(k) {
      var function = ChainFunction(parameters: parameters, body: (k + 1)..<end, isBlock: true, restParameter: rest)
      function.destructured = destructuredParameters(open + 1, close)
      function.nullWhenMissing = nullWhenMissing(open + 1, close)
      return (function, true)
    }
    return nil
  }

  /// Dart's optional parameters without a default (in the `{...}` or `[...]` group, no `= value`,
  /// not `required`): a call that leaves one out passes `null`. Other languages: none.
  private func nullWhenMissing(_ from: Int, _ to: Int) -> Set<String> {
    guard language == .dart else { return [] }
    var names: Set<String> = []
    var nesting = 0
    var inGroup = false
    var last: String?
    var required = false
    var j = from
    while j < to {
      let t = tokens[j]
      let group = nesting == 0 && (t.isPunct("{") || t.isPunct("[") || t.isPunct("}") || t.isPunct("]"))
      if group {
        if inGroup, let name = last, !required { names.insert(name) }
        inGroup = t.isPunct("{") || t.isPunct("[")
        last = nil
        required = false
      } else if t.isPunct("(") || t.isPunct("<") || t.isPunct("{") || t.isPunct("[") {
        nesting += 1
      } else if t.isPunct(")") || t.isPunct(">") || t.isPunct("}") || t.isPunct("]") {
        nesting -= 1
      } else if nesting == 0, t.isPunct(",") {
        if inGroup, let name = last, !required { names.insert(name) }
        last = nil
        required = false
      } else if nesting == 0, t.isPunct("=") {
        // A default value: the parameter is never null for being left out.
        required = true
      } else if nesting == 0, t.kind == .identifier, !tokens[j - 1].isPunct("@") {
        if t.text == "required" { required = true } else { last = t.text }
      }
      j += 1
    }
    return names
  }

  /// The names of the parameters between `from` and `to`: the first word of each (`uid: string`),
  /// or the last before a default value (`final String uid`, Dart's `{required String uid}`).
  private func parameterNames(_ from: Int, _ to: Int) -> [String] {
    var parameters: [String] = []
    var j = from
    var expectName = true
    var nesting = 0
    var last: String?
    while j < to {
      let t = tokens[j]
      let opens = t.isPunct("(") || t.isPunct("{") || t.isPunct("[") || t.isPunct("<")
      let closes = t.isPunct(")") || t.isPunct("}") || t.isPunct("]") || t.isPunct(">")
      if syntax.parameterNameLast {
        // Dart's optional groups `{...}` and `[...]` at the top are not nesting.
        let group = nesting == 0 && (t.isPunct("{") || t.isPunct("[")) || t.isPunct("}") || t.isPunct("]")
        if opens, !group { nesting += 1 }
        if closes, !group { nesting -= 1 }
        if nesting == 0, t.isPunct(",") || t.isPunct("=") || group {
          if let name = last { parameters.append(name) }
          last = nil
          if t.isPunct("=") {
            // Skip the default value.
            var depthHere = 0
            while j + 1 < to {
              let n = tokens[j + 1]
              if n.isPunct("(") || n.isPunct("[") || n.isPunct("{") { depthHere += 1 }
              if n.isPunct(")") || n.isPunct("]") || n.isPunct("}") {
                if depthHere == 0 { break }
                depthHere -= 1
              }
              if depthHere == 0, n.isPunct(",") { break }
              j += 1
            }
          }
        } else if nesting == 0, t.kind == .identifier, !tokens[j - 1].isPunct("@") {
          last = t.text
        }
        j += 1
        continue
      }
      if opens { nesting += 1 }
      if closes { nesting -= 1 }
      if nesting == 0, t.isPunct(",") {
        expectName = true
      } else if expectName, nesting == 0, t.kind == .identifier, !Self.parameterModifiers.contains(t.text),
        !tokens[j - 1].isPunct("@")
      {
        parameters.append(t.text)
        expectName = false
      } else if expectName, t.isPunct("{") || t.isPunct("[") {
        parameters.append("_destructured\(parameters.count)")
        expectName = false
      }
      j += 1
    }
    if let name = last { parameters.append(name) }
    return parameters
  }

  /// The object patterns among the parameters between `from` and `to` (`{ path, order: by = 1 }`),
  /// by parameter index.
  private func destructuredParameters(_ from: Int, _ to: Int) -> [(
    parameter: Int, fields: [(key: String, local: String)]
  )] {
    guard !syntax.parameterNameLast else { return [] }
    var out: [(parameter: Int, fields: [(key: String, local: String)])] = []
    var index = 0
    var j = from
    var atStart = true
    while j < to {
      let t = tokens[j]
      if atStart, t.isPunct("{"), let close = matching(j), close < to {
        var fields: [(key: String, local: String)] = []
        var k = j + 1
        while k < close {
          if tokens[k].kind == .identifier, tokens[k - 1].isPunct("{") || tokens[k - 1].isPunct(",") {
            if tokens[k + 1].isPunct(":"), tokens[k + 2].kind == .identifier {
              fields.append((tokens[k].text, tokens[k + 2].text))
            } else {
              fields.append((tokens[k].text, tokens[k].text))
            }
          }
          if tokens[k].isPunct("{") || tokens[k].isPunct("("), let inner = matching(k), inner < close {
            k = inner + 1
          } else {
            k += 1
          }
        }
        if !fields.isEmpty { out.append((index, fields)) }
        j = close + 1
        atStart = false
        continue
      }
      if t.isPunct("("), let close = matching(j), close < to {
        j = close + 1
        continue
      }
      if t.isPunct(",") {
        index += 1
        atStart = true
      } else {
        atStart = false
      }
      j += 1
    }
    return out
  }

  /// An expression body from `start`: a block, or an expression up to `,` `;` `)` at depth 0
  /// (or a new line that does not go on, in Kotlin).
  func bodyRange(from start: Int) -> (Range<Int>, Bool) {
    if tokens[start].isPunct("{"), let end = matching(start) { return ((start + 1)..<end, true) }
    var j = start
    var nesting = 0
    while j < limit {
      let t = tokens[j]
      // A new line at the top ends the body; a bracket closed at the start of a line does not
      // (`document(\n id.takeIf {\n ... \n } ?: ""\n).collection("c")`).
      if nesting == 0, j > start, syntax.newlineEndsStatements, t.newlineBefore, !Self.continuesLine(t) { break }
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

  /// A token that goes on with the line before it (Kotlin): `.`, `?.`, `?:`, `&&`, `||`, `as`.
  static func continuesLine(_ t: ChainToken) -> Bool {
    t.kind == .punctuation && [".", "?.", "?:", "&&", "||", "::"].contains(t.text) || t.isIdent("as")
  }
}

extension ChainEvaluator {
  /// The lambda written at `range` (`ref => ref.where(...)`, `(ref) => { return ...; }`) applied
  /// to `value`: what it returns (AngularFire's `collection(path, ref => ...)`), or nil when the
  /// argument is no lambda. Counted against the helper bound.
  func apply(lambdaAt range: Range<Int>, to value: SourceValue, env: Env) -> SourceValue? {
    guard !range.isEmpty, let arrow = syntax.lambdaArrow else { return nil }
    let start = range.lowerBound
    let function: ChainFunction
    if tokens[start].kind == .identifier, tokens[start + 1].isPunct(arrow) {
      let body = bodyRange(from: start + 2)
      function = ChainFunction(parameters: [tokens[start].text], body: body.0, isBlock: body.1)
    } else if tokens[start].isPunct("("), let f = functionAt(parametersAt: start) {
      function = f.0
    } else {
      return nil
    }
    guard let parameter = function.parameters.first, program.inlineBudget >= function.body.count else { return nil }
    program.inlineBudget -= function.body.count
    let saved = (pos, limit, reportingReturns)
    defer { (pos, limit, reportingReturns) = saved }
    reportingReturns = false
    var inner = env.scope()
    inner[parameter] = value
    return runBody(function, env: &inner)
  }
}
