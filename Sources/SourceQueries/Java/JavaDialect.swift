/// Java syntax for the chain reader: typed declarations (`Query q = ...;`, `final
/// CollectionReference c = ...`, `static final String POSTS = "posts";`, `var`), methods and
/// constructors, classes, interfaces, enums and records as scopes, lambdas `(a, b) -> ...`.
struct JavaDialect: ChainDialect {
  let syntax = ChainSyntax(
    lambdaArrow: "->", expressionBody: nil, argumentLabel: nil, parameterNameLast: true, prefixKeywords: ["new"],
    classMembersInScope: true)

  static let tokenizer = CFamilyTokenizer()

  static let modifiers: Set<String> = [
    "public", "private", "protected", "static", "final", "abstract", "synchronized", "transient", "volatile", "native",
    "strictfp", "default", "sealed", "non",
  ]
  static let classKeywords: Set<String> = ["class", "interface", "enum", "record"]

  func tokenize(_ text: String) -> [ChainToken] { Self.tokenizer.tokenize(text) }

  func functions(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)] {
    Self.methods(reader)
  }

  /// Methods and constructors: `Type name(params) [throws X] {`, the word before the name a type
  /// (or a modifier), never a keyword that starts a statement.
  static func methods(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)] {
    let tokens = reader.tokens
    var found: [(name: String, function: ChainFunction)] = []
    for i in 1..<max(1, reader.limit) where tokens[i].kind == .identifier && tokens[i + 1].isPunct("(") {
      let before = tokens[i - 1]
      guard !ChainEvaluator.statementWords.contains(tokens[i].text),
        before.kind == .identifier && !ChainEvaluator.statementWords.contains(before.text) || before.isPunct(">")
          || before.isPunct("]") || before.isPunct("?") || before.isPunct("}") || before.isPunct(";")
          || before.isPunct("{") || before.isPunct(")"),
        let f = reader.functionAt(parametersAt: i + 1), f.1 || !f.0.isBlock
      else { continue }
      // `foo(x) -> ...` is no declaration (a Java lambda needs parentheses around its parameters).
      if !f.0.isBlock, reader.syntax.expressionBody == nil { continue }
      found.append((tokens[i].text, f.0))
    }
    return found
  }

  func statement(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue]? {
    let t = reader.token
    if t.isIdent("import") {
      reader.pos += 1
      reader.readMemberImport(env: &env)
      return []
    }
    if t.isIdent("package") {
      while !reader.atEnd, !reader.isPunct(";") { reader.pos += 1 }
      reader.pos += 1
      return []
    }
    return reader.typedStatement(env: &env, modifiers: Self.modifiers, classKeywords: Self.classKeywords)
  }

  func primary(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue? { nil }
}
