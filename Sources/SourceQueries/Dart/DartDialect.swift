/// Dart syntax for the chain reader: `final`/`var`/`const`/`late` and typed declarations,
/// functions and methods (block, `=> expression` and `async` bodies), getters (`Query get feed
/// => ...`, inlined where they are named), classes, mixins, extensions and enums as scopes,
/// named arguments `isEqualTo: value`, cascades `..`, strings single, double, triple-quoted
/// and raw with `$name`/`${...}` interpolation.
struct DartDialect: ChainDialect {
  let syntax = ChainSyntax(
    lambdaArrow: "=>", expressionBody: "=>", argumentLabel: ":", parameterNameLast: true,
    prefixKeywords: ["await", "new", "const", "yield"], cascades: true, parenthesisBlockIsFunction: true,
    classMembersInScope: true, extensionFunctions: true)

  static let tokenizer = CFamilyTokenizer(
    singleQuotedStrings: true, interpolation: true, rawPrefix: true, nestedComments: true)

  static let modifiers: Set<String> = [
    "static", "final", "const", "late", "var", "external", "abstract", "covariant", "factory", "base", "interface",
    "sealed", "mixin",
  ]
  static let classKeywords: Set<String> = ["class", "mixin", "extension", "enum"]

  func tokenize(_ text: String) -> [ChainToken] { Self.tokenizer.tokenize(text) }

  /// Functions and methods (as Java writes them, and with `=>` bodies), and getters.
  func functions(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)] {
    var found = JavaDialect.methods(reader)
    let tokens = reader.tokens
    for i in 0..<reader.limit where tokens[i].isIdent("get") && tokens[i + 1].kind == .identifier {
      let body = i + 2
      guard i > 0, tokens[i - 1].kind == .identifier || tokens[i - 1].isPunct(">") || tokens[i - 1].isPunct("?")
      else { continue }
      reader.getters.insert(tokens[i + 1].text)
      if tokens[body].isPunct("=>") {
        let range = reader.bodyRange(from: body + 1)
        found.append((tokens[i + 1].text, ChainFunction(parameters: [], body: range.0, isBlock: range.1)))
      } else if tokens[body].isPunct("{"), let end = reader.matching(body) {
        found.append((tokens[i + 1].text, ChainFunction(parameters: [], body: (body + 1)..<end, isBlock: true)))
      }
    }
    return found
  }

  func statement(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue]? {
    let t = reader.token
    if ["import", "export", "part", "library", "typedef"].contains(t.text) {
      while !reader.atEnd, !reader.isPunct(";") { reader.pos += 1 }
      reader.pos += 1
      return []
    }
    return reader.typedStatement(env: &env, modifiers: Self.modifiers, classKeywords: Self.classKeywords)
  }

  /// A getter of the file named without a call (`_posts.where(...)`): what it returns. A typed
  /// list, set or map literal (`<String>['a']`): the literal.
  func primary(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue? {
    let t = reader.token
    if t.isPunct("<") {
      var j = reader.pos + 1
      var nesting = 1
      while j < min(reader.limit, reader.pos + 30), nesting > 0 {
        let u = reader.tokens[j]
        if u.isPunct("<") { nesting += 1 }
        if u.isPunct(">") { nesting -= 1 }
        guard u.kind == .identifier || [",", "?", "<", ">", "."].contains(u.text) else { return nil }
        j += 1
      }
      guard nesting == 0, reader.tokens[j].isPunct("[") || reader.tokens[j].isPunct("{") else { return nil }
      reader.pos = j
      var name: String?
      return reader.primary(env: &env, name: &name)
    }
    guard t.kind == .identifier, env[t.text] == nil, !reader.peek().isPunct("("), reader.getters.contains(t.text),
      let function = reader.functions[t.text], function.parameters.isEmpty, reader.inlineDepth < 8
    else { return nil }
    reader.pos += 1
    return reader.inlineCall(function, [], call: (reader.pos - 1)..<reader.pos, name: t.text)
  }
}
