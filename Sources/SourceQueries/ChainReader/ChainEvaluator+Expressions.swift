/// The expressions the C-family languages share: assignments, operators, conditionals, call
/// chains (`a.b(...).c`), literals, lambdas. Calls and members go to the language's surface.
extension ChainEvaluator {
  static let binary: Set<String> = [
    "+", "-", "*", "/", "%", "**", "&&", "||", "??", "==", "===", "!=", "!==", "<", ">", "<=", ">=", "&", "|", "^",
    "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&&=", "||=", "??=", "**=", "<<=", ">>=", "&=", "|=", "^=", "?:", "..",
    "~/",
  ]

  static let keywords: Set<String> = [
    "const", "let", "var", "if", "else", "return", "function", "class", "new", "typeof", "await", "void", "delete",
    "for", "while", "do", "switch", "case", "default", "break", "continue", "throw", "try", "catch", "finally",
    "import", "export", "yield", "async", "this", "in", "of", "instanceof",
  ]

  /// An expression up to `,` `;` `)` `]` `}` `:` at its own level.
  func expression(env: inout Env) -> SourceValue {
    program.work += 1
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
      if onNewLine, !Self.continuesLine(token) { break }
      if isPunct("?") {
        pos += 1
        var thenEnv = env.branch()
        let thenValue = expression(env: &thenEnv)
        _ = eat(":")
        var elseEnv = env.branch()
        let elseValue = expression(env: &elseEnv)
        env.join([thenEnv, elseEnv])
        return SourceValue.merge(thenValue, elseValue)
      }
      if token.kind == .punctuation, Self.binary.contains(token.text) || token.text == "=" {
        let plus = token.text == "+"
        pos += 1
        let right = unary(env: &env)
        value = plus ? Self.concatenation(value, right) : .unknown("value")
        continue
      }
      if token.isIdent("instanceof") || token.isIdent("in") || token.isIdent("is") {
        pos += 1
        _ = unary(env: &env)
        value = .unknown("value")
        continue
      }
      if token.isIdent("as") || token.isIdent("satisfies") {
        if peek().isPunct("?") { pos += 1 }  // Kotlin `as?`
        skipType(until: [",", ";", ")", "]", "}", "=", "?", ":"])
        continue
      }
      break
    }
    return value
  }

  /// `"users/" + uid + "/posts"`: a string when both sides are constants, a template (`{}` for
  /// each computed part) when one is a string; anything else is not known.
  static func concatenation(_ a: SourceValue, _ b: SourceValue) -> SourceValue {
    func text(_ value: SourceValue) -> (String, isText: Bool)? {
      switch value {
      case .string(let text), .pathTemplate(let text): (text, true)
      case .literal(let text) where Double(text) != nil: (text, false)
      case .unknown, .oneOf: ("{}", false)
      default: nil
      }
    }
    guard let x = text(a), let y = text(b), x.isText || y.isText else { return .unknown("value") }
    let joined = x.0 + y.0
    return joined.contains("{}") ? .pathTemplate(joined) : .string(joined)
  }

  /// Prefix keywords and operators, read in a loop (`!!!!…x` in one frame, however many), then
  /// the operand. Only a number under `-` signs stays known.
  func unary(env: inout Env) -> SourceValue {
    var negations = 0
    var opaque = false
    while !atEnd {
      if token.kind == .identifier, syntax.prefixKeywords.contains(token.text) {
        pos += 1
      } else if isPunct("!") || isPunct("~") || isPunct("+") || isPunct("++") || isPunct("--") || isPunct("...") {
        opaque = true
        pos += 1
      } else if isPunct("-") {
        negations += 1
        pos += 1
      } else {
        break
      }
    }
    let operand = postfix(env: &env)
    if opaque { return .unknown("value") }
    guard negations > 0 else { return operand }
    if case .literal(let text) = operand, Double(text) != nil {
      return negations % 2 == 1 ? .literal("-" + text) : operand
    }
    return .unknown("value")
  }

  /// A primary expression and its `.member`, `?.member`, `(call)`, `[index]`, `!` suffixes.
  func postfix(env: inout Env) -> SourceValue {
    let start = pos
    var name: String?
    var value = primary(env: &env, name: &name)
    // The dotted name read so far (`Names.posts`, `FirestoreCollection.Users`), for members
    // declared as `Name.member`.
    var dotted = name
    while !atEnd {
      if isPunct(".") || isPunct("?.") {
        pos += 1
        if isPunct("(") || isPunct("[") { continue }
        guard token.kind == .identifier else { break }
        let member = token.text
        let baseEnd = pos - 1
        pos += 1
        skipTypeArguments()
        if isPunct("(") || syntax.newlineEndsStatements && isPunct("{") && !onNewLine {
          value = method(member, on: value, baseName: name, baseRange: start..<baseEnd, env: &env)
          name = nil
          dotted = nil
        } else {
          let path = dotted.map { $0 + "." + member }
          // A nested object's members are declared under its own name (`Inner.x` in `Outer.Inner.x`).
          if let known = declaredMember(member, of: dotted, env: env)
            ?? (dotted != name ? declaredMember(member, of: name, env: env) : nil)
          {
            value = known
          } else {
            value = surface.property(member, on: value, baseName: name) ?? .unknown(member)
          }
          dotted = path
          // The last name of a chain (`admin.firestore.Filter`) identifies SDK namespaces.
          name = member
        }
        continue
      }
      if onNewLine { break }
      // `name(...)`, or a bare name with a trailing lambda (Kotlin `flow { ... }`).
      if isPunct("(")
        || syntax.newlineEndsStatements && isPunct("{") && pos == start + 1 && tokens[start].kind == .identifier
      {
        value = call(name, env: &env, start: start)
        name = nil
        dotted = nil
        continue
      }
      if isPunct("[") {
        pos += 1
        let key = expression(env: &env)
        _ = eat("]")
        // `Names["posts"]`, `Names[Kind.posts]` of a declared object.
        if case .string(let text) = key, let known = declaredMember(text, of: dotted, env: env) {
          value = known
          dotted = dotted.map { $0 + "." + text }
        } else {
          value = .unknown("value")
          dotted = nil
        }
        name = nil
        continue
      }
      if isPunct("!"), !peek().isPunct("=") {
        pos += 1
        continue
      }
      if syntax.cascades, isPunct("..") || isPunct("?..") {
        value = value.failing("a cascade (..) on a query gives back the query before it: what it adds is lost")
        skipCascade()
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

  /// The value of `base.member` when it is declared: a member of an object, enum, class or
  /// companion declared as `Base.member` (here or in another file of the group), `this.member`
  /// in a class, or a name of an ES namespace import (`names.POSTS` is `POSTS`).
  func declaredMember(_ member: String, of base: String?, env: Env) -> SourceValue? {
    guard var base else { return nil }
    if base == "this" { return syntax.classMembersInScope ? env[member] : nil }
    if namespaces.contains(base) { return env[member] ?? program.globals[member] }
    // The first name of the path: a namespace import is dropped, a renamed one is its original.
    let dot = base.firstIndex(of: ".") ?? base.endIndex
    let first = String(base[..<dot])
    if namespaces.contains(first), dot < base.endIndex {
      base = String(base[base.index(after: dot)...])
    } else if let original = aliases[first] ?? program.aliases[first] {
      base = original + base[dot...]
    }
    return env[base + "." + member] ?? program.globals[base + "." + member]
  }

  /// A Dart cascade section `..member(args)` or `..field = value`: skipped to the next section or the end.
  private func skipCascade() {
    pos += 1
    var nesting = 0
    while !atEnd {
      if isPunct("(") || isPunct("[") || isPunct("{") { nesting += 1 }
      if isPunct(")") || isPunct("]") || isPunct("}") {
        if nesting == 0 { return }
        nesting -= 1
      }
      if nesting == 0, isPunct(",") || isPunct(";") || isPunct("..") || isPunct("?..") { return }
      pos += 1
    }
  }

  /// `<T>` before a call's `(`.
  func skipTypeArguments() {
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

  func primary(env: inout Env, name: inout String?) -> SourceValue {
    let t = token
    if let value = dialect.primary(self, env: &env) { return value }
    switch t.kind {
    case .string:
      pos += 1
      return .string(t.text)
    case .template:
      pos += 1
      return template(t.text, env: env)
    case .regex:
      pos += 1
      return .unknown("text")
    case .unreadLiteral:
      pos += 1
      return .unknown("value")
    case .number:
      pos += 1
      return .literal(t.text)
    case .end:
      return .unknown("value")
    case .punctuation:
      if t.text == "(" {
        if let close = matching(pos) {
          let after = tokens[close + 1]
          if let arrow = syntax.lambdaArrow, after.isPunct(arrow) || after.isPunct(":") && isArrowWithType(close) {
            return functionValue(env: env)
          }
          if syntax.parenthesisBlockIsFunction, after.isPunct("{") || after.isIdent("async") {
            return functionValue(env: env)
          }
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
          if isPunct("...") {
            // `[...base, where(...)]`: an array's elements; anything else is not known.
            pos += 1
            let spread = expression(env: &env)
            if case .array(let items) = spread { elements += items } else { elements.append(.unknown("spread")) }
            _ = eat(",")
            continue
          }
          elements.append(expression(env: &env))
          _ = eat(",")
          if pos == before { pos += 1 }
        }
        _ = eat("]")
        return .array(elements)
      }
      if t.text == "{" { return object(env: &env) }
      pos += 1
      return .unknown("value")
    case .identifier:
      switch t.text {
      case "true", "false", "null":
        pos += 1
        return .literal(t.text)
      default: break
      }
      if let arrow = syntax.lambdaArrow, peek().isPunct(arrow) { return singleParameterLambda(env: &env) }
      pos += 1
      name = t.text
      skipTypeArguments()
      if let value = env[t.text] { return value }
      return .unknown(t.text)
    }
  }

  /// A template's value: parts that name a string constant (`"$POSTS"`, marked by the
  /// tokenizer) are filled in; when every part is, the template is a constant string.
  func template(_ text: String, env: Env) -> SourceValue {
    guard text.contains("\u{1}") else { return .pathTemplate(text) }
    var out = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "\u{1}") {
      out += rest[..<open]
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "\u{2}") else { break }
      if case .string(let value)? = templatePart(String(after[..<close]), env: env) {
        out += value
      } else {
        out += "{}"
      }
      rest = after[after.index(after: close)...]
    }
    out += rest
    return out.contains("{}") ? .pathTemplate(out) : .string(out)
  }

  /// The value a template part names: a variable, or a declared member (`Names.posts`).
  private func templatePart(_ name: String, env: Env) -> SourceValue? {
    if let value = env[name] { return value }
    guard let dot = name.lastIndex(of: ".") else { return program.globals[name] }
    return declaredMember(String(name[name.index(after: dot)...]), of: String(name[..<dot]), env: env)
  }

  private func isArrowWithType(_ close: Int) -> Bool {
    var j = close + 2
    var nesting = 0
    while j < limit, j < close + 40 {
      let t = tokens[j]
      if t.isPunct("<") || t.isPunct("(") { nesting += 1 }
      if t.isPunct(">") || t.isPunct(")") { nesting -= 1 }
      if nesting == 0, let arrow = syntax.lambdaArrow, t.isPunct(arrow) { return true }
      if t.isPunct(";") || t.isPunct("{") && nesting == 0 { return false }
      j += 1
    }
    return false
  }

  /// `{ key: value, ... }` (a JS object, a Dart map or set): only the values matter
  /// (`getAggregateFromServer(q, { n: count() })`).
  func object(env: inout Env) -> SourceValue {
    let open = pos
    pos += 1
    var members: [SourceValue] = []
    var named: [(String, SourceValue)] = []
    while !atEnd, !isPunct("}") {
      let before = pos
      if token.kind == .identifier || token.kind == .string || token.kind == .number, peek().isPunct(":") {
        let key = token.text
        pos += 2
        let valueStart = pos
        let value = expression(env: &env)
        members.append(value)
        named.append((key, value))
        // A nested object's members: `a.b`.
        if let inner = objectMembers[valueStart] { named += inner.map { (key + "." + $0.0, $0.1) } }
      } else if token.kind == .identifier, peek().isPunct("("), let f = functionAt(parametersAt: pos + 1) {
        readInline(f.0, env: env)
      } else {
        members.append(expression(env: &env))
        if eat(":") { members[members.count - 1] = expression(env: &env) }
      }
      _ = eat(",")
      if pos == before { pos += 1 }
    }
    _ = eat("}")
    if named.contains(where: { if case .unknown = $0.1 { false } else { true } }) { objectMembers[open] = named }
    return .object(members)
  }

  /// A function value from its `(`: its body is read for queries (callbacks run with the
  /// variables as they are now).
  func functionValue(env: Env) -> SourceValue {
    let start = pos
    guard let f = functionAt(parametersAt: pos) else { return .unknown("function") }
    lambdaReturns[start] = readInline(f.0, env: env)
    return .unknown("function")
  }

  /// `x => ...`, `x -> ...`: one parameter, no parentheses.
  private func singleParameterLambda(env: inout Env) -> SourceValue {
    let saved = reportingReturns
    reportingReturns = false
    defer { reportingReturns = saved }
    let parameter = token.text
    pos += 2
    let body = bodyRange(from: pos)
    var inner = env.scope()
    inner[parameter] = .unknown(parameter)
    _ = runBody(ChainFunction(parameters: [parameter], body: body.0, isBlock: body.1), env: &inner)
    pos = body.0.upperBound + (body.1 ? 1 : 0)
    return .unknown("function")
  }

  /// A lambda in braces at `{` (Kotlin `{ a, b -> ... }`): its body is read for queries.
  func braceLambda(env: Env) -> SourceValue {
    guard let function = braceLambdaFunction(at: pos) else {
      pos += 1
      return .unknown("function")
    }
    readInline(function, env: env)
    return .unknown("function")
  }

  /// The parameters (`it` when none is named) and body of the lambda in braces at `open`.
  func braceLambdaFunction(at open: Int) -> ChainFunction? {
    guard let close = matching(open) else { return nil }
    var parameters: [String] = []
    var bodyStart = open + 1
    var j = open + 1
    while j < close, j < open + 40, tokens[j].kind == .identifier || tokens[j].isPunct(",") || tokens[j].isPunct(":") {
      if tokens[j].kind == .identifier, !tokens[j - 1].isPunct(":") { parameters.append(tokens[j].text) }
      j += 1
    }
    if tokens[j].isPunct("->") { bodyStart = j + 1 } else { parameters = ["it"] }
    return ChainFunction(parameters: parameters, body: bodyStart..<close, isBlock: true)
  }

  /// Kotlin's scope functions on a query with a lambda (`q.let { it.get() }`, `q.also { … }`,
  /// `q.takeIf { … }`): the lambda runs again with its parameter the query (counted against the
  /// inline budget); `let` gives the lambda's value, the others the query. Nil when not one of
  /// these (`run`/`apply`, whose lambda calls the query's members bare on `this`, are not followed).
  func scopeFunction(_ member: String, on base: SourceValue, _ args: [ChainArgument], env: Env) -> SourceValue? {
    // Only Kotlin reads a trailing `{ … }` as a lambda (elsewhere `{` opens an object or a map).
    guard syntax.newlineEndsStatements, ["let", "also", "takeIf", "takeUnless"].contains(member), args.count == 1,
      tokens[args[0].range.lowerBound].isPunct("{"), let function = braceLambdaFunction(at: args[0].range.lowerBound),
      let parameter = function.parameters.first, program.inlineBudget >= function.body.count
    else { return nil }
    program.inlineBudget -= function.body.count
    let saved = reportingReturns
    reportingReturns = false
    defer { reportingReturns = saved }
    var inner = env.scope()
    inner[parameter] = base
    lastExpression = nil
    _ = runBody(function, env: &inner)
    return member == "let" ? lastExpression ?? .unknown("value") : base
  }

  /// Call arguments from `(`: values, the token ranges they came from, and labels.
  func arguments(env: inout Env) -> [ChainArgument] {
    var out: [ChainArgument] = []
    if eat("(") {
      while !atEnd, !isPunct(")") {
        let before = pos
        var label: String?
        if let separator = syntax.argumentLabel, token.kind == .identifier, peek().isPunct(separator) {
          label = token.text
          pos += 2
        }
        let start = pos
        // `...constraints`: an array's elements are arguments (`query(q, ...constraints)`).
        if label == nil, isPunct("...") {
          pos += 1
          let value = expression(env: &env)
          if case .array(let items) = value {
            out += items.map { ChainArgument(value: $0, range: start..<pos, label: nil) }
          } else {
            out.append(ChainArgument(value: .unknown("spread"), range: start..<pos, label: nil))
          }
          _ = eat(",")
          if pos == before { pos += 1 }
          continue
        }
        let value = expression(env: &env)
        out.append(ChainArgument(value: value, range: start..<pos, label: label))
        _ = eat(",")
        if pos == before { pos += 1 }
      }
      _ = eat(")")
    }
    // A trailing lambda (Kotlin `addSnapshotListener { snapshot, error -> ... }`).
    if syntax.newlineEndsStatements, isPunct("{"), !onNewLine {
      let start = pos
      let value = braceLambda(env: env)
      out.append(ChainArgument(value: value, range: start..<pos, label: nil))
    }
    return out
  }

  /// A call of a bare name: the SDK's functions, helpers of the file, or other code.
  func call(_ name: String?, env: inout Env, start: Int) -> SourceValue {
    let args = arguments(env: &env)
    // A React state setter stores the query or reference it is handed; it runs where the state is
    // read (`useCollection(q)`), if anywhere.
    if let name, case .unknown(let key)? = env[name], key.hasPrefix(Self.stateSetterMark), args.count == 1 {
      switch args[0].value {
      case .query, .document:
        stateValues[key] = stateValues[key].map { SourceValue.merge($0, args[0].value) } ?? args[0].value
        return .unknown(name)
      default: break
      }
    }
    if let name, let value = surface.call(name, args, reader: self) { return value }
    // In an extension function on a query, a bare call may be a member of the receiver
    // (`whereEqualTo(...)`, `addSnapshotListener { ... }`) or another extension on it.
    if syntax.extensionFunctions, let name, let receiver = env["this"], case .query = receiver {
      if let value = surface.method(name, on: receiver, baseName: nil, baseRange: start..<start, args, reader: self) {
        return value
      }
      if let value = queryExtensionCall(name, on: receiver, args, call: start..<pos) { return value }
    }
    if let name, let function = functions[name] {
      return instance(of: name, helperCall(function, args, call: start..<pos, name: name, owner: self))
    }
    // A function another file of the group declares (once).
    if let name, env[name] == nil, let (file, function) = program.functions[name], file != index,
      file < program.readers.count
    {
      return instance(
        of: name, helperCall(function, args, call: start..<pos, name: name, owner: program.readers[file]))
    }
    // A class's constructor: an instance, named by its class.
    if let name, program.classes.names.contains(name) {
      reportQueries(in: args)
      return .unknown(name)
    }
    // A query handed to a function runs there.
    reportQueries(in: args)
    return .unknown(name ?? "value")
  }

  /// What a call of `name` made: an instance named by its class when `name` is a class of the
  /// program whose constructor returned nothing known.
  private func instance(of name: String, _ value: SourceValue) -> SourceValue {
    guard case .unknown = value, program.classes.names.contains(name) else { return value }
    return .unknown(name)
  }

  /// A helper of the group called with `args`: what it returns. A query handed to it runs
  /// there: reported where the helper runs it (at this call), or at the argument when the
  /// helper is not followed or runs none.
  func helperCall(
    _ function: ChainFunction, _ args: [ChainArgument], call: Range<Int>, name: String, owner: ChainEvaluator
  ) -> SourceValue {
    let before = program.findings.extraction.queries.count + program.findings.extraction.unresolved.count
    let value = inlineCall(function, args, call: call, name: name, owner: owner)
    if program.findings.extraction.queries.count + program.findings.extraction.unresolved.count == before {
      reportQueries(in: args)
    }
    return value ?? .unknown(name)
  }

  /// `base.member(args)`: the SDK's chains, or helpers and other code.
  func method(
    _ member: String, on base: SourceValue, baseName: String?, baseRange: Range<Int>, env: inout Env
  ) -> SourceValue {
    let args = arguments(env: &env)
    if let value = surface.method(member, on: base, baseName: baseName, baseRange: baseRange, args, reader: self) {
      return value
    }
    switch base {
    case .query:
      if let value = queryExtensionCall(member, on: base, args, call: baseRange.lowerBound..<pos) { return value }
      reportQueries(in: args)
      if syntax.extensionFunctions, functions[member] != nil {
        return base.failing("the query goes through \(member)(), an extension Flint does not follow")
      }
      if let value = scopeFunction(member, on: base, args, env: env) { return value }
      // Any other member: what it does with the query is not known, so the query is unresolved here.
      let failed = base.failing("the query goes through \(member)(), which Flint does not follow")
      report(failed, tokens: baseRange.lowerBound..<pos)
      return failed
    case .document:
      break
    case .array(let items) where member == "push" && baseRange.count == 1:
      // `constraints.push(where(...))` on a local array: the array holds the pushed values (in
      // a branch, only there; branches that push differently join to a value not known).
      if let baseName, env[baseName] != nil { env[baseName] = .array(items + args.map(\.value)) }
      reportQueries(in: args)
    default:
      if let function = functions[member], baseName == "this" || baseName == nil {
        return helperCall(function, args, call: baseRange.lowerBound..<pos, name: member, owner: self)
      }
      // A function of a Kotlin `object` (or a companion) named through it: `Routes.posts(id)`.
      if case .unknown = base, let baseName, let (file, function) = program.memberFunctions[baseName + "." + member],
        file < program.readers.count
      {
        return helperCall(
          function, args, call: baseRange.lowerBound..<pos, name: baseName + "." + member,
          owner: program.readers[file])
      }
      // A method of an instance of a class of the program that depends on its caller: followed
      // once a call decides something (a known value for a deciding parameter), then from every call.
      if case .unknown(let type) = base, program.classes.names.contains(type),
        let method = program.classes.method(member, of: type), method.file < program.readers.count
      {
        let key = ChainProgram.FunctionKey(file: method.file, body: method.function.body.lowerBound)
        if !program.reportingPass {
          program.instanceCalls[key, default: (member, [])].calls.insert(
            ChainProgram.FunctionKey(file: index, body: baseRange.lowerBound))
        }
        let decides = zip(method.function.parameters, bind(method.function, args)).contains { parameter, value in
          guard method.deciding.contains(parameter) else { return false }
          if case .unknown = value { return false }
          return true
        }
        if program.reportingPass ? program.followed.contains(key) : decides || program.followed.contains(key) {
          return helperCall(
            method.function, args, call: baseRange.lowerBound..<pos, name: member, owner: program.readers[method.file])
        }
      }
      reportQueries(in: args)
    }
    return .unknown(member)
  }
}

extension ChainEvaluator {
  /// A call of an extension function the group declares on a query type (Kotlin
  /// `fun Query.snapshotFlow() = callbackFlow { addSnapshotListener { ... } }`,
  /// `fun Query.active() = whereEqualTo("active", true)`), on `receiver`: the function is
  /// followed like a helper, the query bound to `this`, so that a query it runs is reported at
  /// this call and one it refines comes back. Nil when `member` is no such extension, or past
  /// the nesting cap.
  func queryExtensionCall(
    _ member: String, on receiver: SourceValue, _ args: [ChainArgument], call: Range<Int>
  ) -> SourceValue? {
    guard syntax.extensionFunctions, let (file, function) = program.queryExtensions[member],
      file < program.readers.count
    else { return nil }
    var withReceiver = function
    withReceiver.parameters.append("this")
    let bound = args + [ChainArgument(value: receiver, range: call.lowerBound..<call.lowerBound, label: "this")]
    let before = program.findings.extraction.queries.count + program.findings.extraction.unresolved.count
    guard
      let value = inlineCall(withReceiver, bound, call: call, name: member, owner: program.readers[file])
    else { return nil }
    if program.findings.extraction.queries.count + program.findings.extraction.unresolved.count == before {
      reportQueries(in: args)
    }
    return value
  }
}
