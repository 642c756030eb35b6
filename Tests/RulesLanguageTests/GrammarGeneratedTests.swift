import FlintTestSupport
import Foundation
import Testing

@testable import RulesLanguage

/// An EBNF grammar as read from `Grammar/rules.ebnf`: `name = expression ;` rules with
/// terminals, references, `[ ]`, `{ }`, `( )`, `|`, `-` (exception) and `? prose ?`.
struct EBNFGrammar {
  indirect enum Node {
    case terminal(String)
    case reference(String)
    case sequence([Node])
    case choice([Node])
    case optional(Node)
    case repetition(Node)
    case exception(Node, Node)
    case prose(String)
  }

  struct SyntaxError: Error, CustomStringConvertible {
    var description: String
  }

  private(set) var rules: [String: Node] = [:]
  private(set) var order: [String] = []

  init(_ text: String) throws {
    var reader = Reader(Array(text.unicodeScalars))
    while reader.skipTrivia(), !reader.atEnd {
      let name = try reader.name()
      try reader.expect("=")
      let body = try reader.choice()
      try reader.expect(";")
      rules[name] = body
      order.append(name)
    }
  }

  /// Lexical rules are UPPER_CASE; their parts are written without whitespace between them.
  static func isLexical(_ name: String) -> Bool { name == name.uppercased() }

  private struct Reader {
    var scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    /// Skips whitespace and `(* comments *)`; returns true so it can sit in a `while` condition.
    mutating func skipTrivia() -> Bool {
      while let scalar = peek {
        if scalar.properties.isWhitespace {
          index += 1
        } else if scalar == "(", index + 1 < scalars.count, scalars[index + 1] == "*" {
          index += 2
          while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == ")") { index += 1 }
          index = min(index + 2, scalars.count)
        } else {
          break
        }
      }
      return true
    }

    mutating func expect(_ symbol: Unicode.Scalar) throws {
      _ = skipTrivia()
      guard peek == symbol else { throw SyntaxError(description: "expected '\(symbol)' at scalar \(index)") }
      index += 1
    }

    mutating func name() throws -> String {
      _ = skipTrivia()
      var text = ""
      while let scalar = peek, scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
        text.unicodeScalars.append(scalar)
        index += 1
      }
      guard !text.isEmpty else { throw SyntaxError(description: "expected a rule name at scalar \(index)") }
      return text
    }

    mutating func choice() throws -> Node {
      var alternatives = [try sequence()]
      while skipTrivia(), peek == "|" {
        index += 1
        alternatives.append(try sequence())
      }
      return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    mutating func sequence() throws -> Node {
      var parts: [Node] = []
      while skipTrivia(), let scalar = peek, !["|", ";", ")", "]", "}"].contains(scalar) {
        var term = try factor()
        if skipTrivia(), peek == "-" {
          index += 1
          term = .exception(term, try factor())
        }
        parts.append(term)
      }
      return parts.count == 1 ? parts[0] : .sequence(parts)
    }

    mutating func factor() throws -> Node {
      _ = skipTrivia()
      guard let scalar = peek else { throw SyntaxError(description: "unexpected end of grammar") }
      switch scalar {
      case "\"", "'":
        index += 1
        var text = ""
        while let next = peek, next != scalar {
          text.unicodeScalars.append(next)
          index += 1
        }
        index += 1
        return .terminal(text)
      case "?":
        index += 1
        var text = ""
        while let next = peek, next != "?" {
          text.unicodeScalars.append(next)
          index += 1
        }
        index += 1
        return .prose(text.trimmingCharacters(in: .whitespaces))
      case "[", "{", "(":
        index += 1
        let inner = try choice()
        try expect(scalar == "[" ? "]" : scalar == "{" ? "}" : ")")
        return scalar == "[" ? .optional(inner) : scalar == "{" ? .repetition(inner) : inner
      default:
        return .reference(try name())
      }
    }
  }
}

/// Random sentences of an `EBNFGrammar`, depth- and size-bounded.
struct SentenceGenerator {
  let grammar: EBNFGrammar
  var rng: SplitMix64
  var maxDepth = 70
  var budget = 3000
  private var height: [String: Int] = [:]
  private var produced = 0

  init(grammar: EBNFGrammar, seed: UInt64) {
    self.grammar = grammar
    self.rng = SplitMix64(seed: seed)
    // Minimum derivation height of each rule (fixpoint), used to wind down deep branches.
    for name in grammar.order { height[name] = 1_000_000 }
    var changed = true
    while changed {
      changed = false
      for name in grammar.order {
        let value = 1 + minHeight(grammar.rules[name]!)
        if value < height[name]! {
          height[name] = value
          changed = true
        }
      }
    }
  }

  private func minHeight(_ node: EBNFGrammar.Node) -> Int {
    switch node {
    case .terminal, .prose, .optional, .repetition: 0
    case .reference(let name): height[name] ?? 1_000_000
    case .sequence(let parts): parts.map(minHeight).max() ?? 0
    case .choice(let alternatives): alternatives.map(minHeight).min() ?? 0
    case .exception(let base, _): minHeight(base)
    }
  }

  /// A random sentence for rule `name`.
  mutating func sentence(_ name: String) throws -> String {
    produced = 0
    return try expand(name, depth: 0)
  }

  private mutating func expand(_ name: String, depth: Int) throws -> String {
    guard let node = grammar.rules[name] else { throw EBNFGrammar.SyntaxError(description: "undefined rule \(name)") }
    let text = try generate(node, lexical: EBNFGrammar.isLexical(name), depth: depth + 1)
    produced += text.utf8.count
    return text
  }

  private var windingDown: Bool { produced > budget }

  private mutating func generate(_ node: EBNFGrammar.Node, lexical: Bool, depth: Int) throws -> String {
    let minimal = depth > maxDepth || windingDown
    switch node {
    case .terminal(let text):
      return text
    case .prose(let text):
      return try prose(text)
    case .reference(let name):
      return try expand(name, depth: depth)
    case .sequence(let parts):
      var pieces: [String] = []
      for part in parts { pieces.append(try generate(part, lexical: lexical, depth: depth)) }
      return join(pieces, lexical: lexical)
    case .choice(let alternatives):
      var candidates = alternatives
      if minimal {
        let best = alternatives.map(minHeight).min()!
        candidates = alternatives.filter { minHeight($0) == best }
      }
      return try generate(candidates[Int.random(in: 0..<candidates.count, using: &rng)], lexical: lexical, depth: depth)
    case .optional(let inner):
      return minimal || Int.random(in: 0..<10, using: &rng) >= 3
        ? "" : try generate(inner, lexical: lexical, depth: depth)
    case .repetition(let inner):
      let roll = Int.random(in: 0..<20, using: &rng)
      let count = minimal ? 0 : roll < 12 ? 0 : roll < 17 ? 1 : roll < 19 ? 2 : 3
      var pieces: [String] = []
      for _ in 0..<count { pieces.append(try generate(inner, lexical: lexical, depth: depth)) }
      return join(pieces, lexical: lexical)
    case .exception(let base, let excluded):
      let forbidden = finiteLanguage(excluded)
      for _ in 0..<50 {
        let text = try generate(base, lexical: lexical, depth: depth)
        if !forbidden.contains(text) { return text }
      }
      throw EBNFGrammar.SyntaxError(description: "could not generate outside an exception")
    }
  }

  /// Syntactic parts are separated by random whitespace and comments (at least one space).
  private mutating func join(_ pieces: [String], lexical: Bool) -> String {
    let nonEmpty = pieces.filter { !$0.isEmpty }
    if lexical { return nonEmpty.joined() }
    var out = ""
    for (index, piece) in nonEmpty.enumerated() {
      if index > 0 { out += separator() }
      out += piece
    }
    return out
  }

  private mutating func separator() -> String {
    [" ", " ", " ", "\n", "\t", "  ", "\r\n", " /* note */ ", " // line\n", " /* a\n b */\n"][
      Int.random(in: 0..<10, using: &rng)]
  }

  /// Prose the generator understands; anything new in the grammar fails loudly.
  private mutating func prose(_ text: String) throws -> String {
    if text.hasPrefix("any Unicode scalar except") {
      let safe = ["a", "Z", "0", " ", "é", "😀", "\t", "*", "/", "$", "(", "}", ".", "`", "?"]
      return safe[Int.random(in: 0..<safe.count, using: &rng)]
    }
    if text.contains("tab U+0009") { return "\t" }
    if text.contains("line feed U+000A") { return "\n" }
    if text.contains("carriage return") { return "\r" }
    if text.hasPrefix("any scalar") { return "x" }
    throw EBNFGrammar.SyntaxError(description: "no generator for prose '\(text)'")
  }

  /// The strings a rule made only of terminal alternatives can produce (for exceptions).
  private func finiteLanguage(_ node: EBNFGrammar.Node) -> Set<String> {
    switch node {
    case .terminal(let text): [text]
    case .choice(let alternatives): alternatives.reduce(into: Set<String>()) { $0.formUnion(finiteLanguage($1)) }
    case .reference(let name): grammar.rules[name].map(finiteLanguage) ?? []
    default: []
    }
  }
}

@Suite("GrammarGenerated")
struct GrammarGeneratedTests {
  static let grammarURL = PackagePaths.url("Grammar/rules.ebnf")

  static func grammar() throws -> EBNFGrammar {
    try EBNFGrammar(String(contentsOf: grammarURL, encoding: .utf8))
  }

  @Test("the grammar file reads, and every referenced rule is defined")
  func grammarIsComplete() throws {
    let grammar = try Self.grammar()
    #expect(grammar.rules["RulesFile"] != nil)
    #expect(grammar.rules["Expr"] != nil)
    func references(_ node: EBNFGrammar.Node) -> [String] {
      switch node {
      case .reference(let name): [name]
      case .sequence(let parts), .choice(let parts): parts.flatMap(references)
      case .optional(let inner), .repetition(let inner): references(inner)
      case .exception(let base, let excluded): references(base) + references(excluded)
      case .terminal, .prose: []
      }
    }
    let missing = Set(grammar.rules.values.flatMap(references)).subtracting(grammar.rules.keys)
    #expect(missing.isEmpty, "undefined rules: \(missing.sorted())")
  }

  /// Warnings on forms the grammar accepts (written in its comments).
  static let grammarWarnings: Set<String> = ["parse.trailing-comma", "parse.single-star-wildcard"]

  /// 4 × 600 random programs: each parses without diagnostics (but the grammar's warnings),
  /// round-trips through the printer, and survives the semantic checks and the renderer.
  @Test("random programs from Grammar/rules.ebnf parse and round-trip", arguments: 0..<4)
  func randomPrograms(seed: UInt64) throws {
    var generator = SentenceGenerator(grammar: try Self.grammar(), seed: 7_000 + seed)
    for index in 0..<600 {
      let program = try generator.sentence("RulesFile")
      let source = SourceFile(name: "gen.rules", text: program)
      let parsed = RulesParser.parse(source)
      // The only diagnostics allowed are the warnings the grammar's comments name.
      let unexpected = parsed.diagnostics.filter { !Self.grammarWarnings.contains($0.code.rawValue) || $0.severity != .warning }
      guard unexpected.isEmpty else {
        Issue.record("seed \(seed) #\(index): \(DiagnosticRenderer.text(parsed.diagnostics, in: source))\n\(program)")
        return
      }
      let printed = RulesPrinter.print(parsed.file)
      let reparsed = RulesParser.parse(SourceFile(name: "printed.rules", text: printed))
      #expect(reparsed.diagnostics.isEmpty, "seed \(seed) #\(index) printed text does not parse:\n\(printed)")
      guard reparsed.file == parsed.file else {
        Issue.record("seed \(seed) #\(index) does not round-trip:\n\(program)\n---\n\(printed)")
        return
      }
      let checked = RulesCompiler.compile(source)
      _ = DiagnosticRenderer.text(checked.diagnostics, in: source)
      _ = DiagnosticRenderer.json([(source, checked.diagnostics)])
    }
  }

  @Test("the generator reaches deep and varied syntax")
  func coverage() throws {
    var generator = SentenceGenerator(grammar: try Self.grammar(), seed: 1)
    var text = ""
    for _ in 0..<300 { text += try generator.sentence("RulesFile") }
    for construct in [
      "match", "allow", "function", "let", "$(", "=**", "=*}", "?", "is", "in", "[", "{", "b'", "rules_version",
    ] {
      #expect(text.contains(construct), "never generated \(construct)")
    }
  }
}
