import FlintTestSupport
import Testing

@testable import RulesLanguage

/// Random trees of the shapes the parser produces (never, e.g., unary minus applied to a
/// number literal, which the parser folds into a negative literal).
struct RandomAST {
  var rng: SplitMix64
  static let names = ["a", "b", "request", "resource", "data", "uid", "x_1", "_tmp", "isOwner", "read", "get", "list"]
  static let stringPieces = ["", "a", "it's", "\"q\"", "back\\slash", "\n", "\t", "é", "😀", "\u{01}", "\u{FFFD}", " "]

  mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &rng)] }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
  mutating func name() -> Identifier { Identifier(pick(Self.names)) }

  mutating func expr(depth: Int = 0) -> Expr {
    if depth > 4 || chance(25) { return leaf() }
    let next = depth + 1
    switch Int.random(in: 0..<14, using: &rng) {
    case 0: return Expr(.list((0..<Int.random(in: 0...3, using: &rng)).map { _ in expr(depth: next) }))
    case 1:
      let entries = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        MapEntry(key: pick(Self.stringPieces), value: expr(depth: next))
      }
      return Expr(.map(entries))
    case 2:
      var segments: [PathSegment] = [.literal("databases"), .interpolation(expr(depth: next))]
      segments.append(.literal(pick(["documents", "(default)", "a.b", "x-y_z", "~%@"])))
      return Expr(.path(segments))
    case 3: return Expr(.member(expr(depth: next), name()))
    case 4: return Expr(.call(name(), (0..<Int.random(in: 0...2, using: &rng)).map { _ in expr(depth: next) }))
    case 5:
      return Expr(
        .methodCall(expr(depth: next), name(), (0..<Int.random(in: 0...2, using: &rng)).map { _ in expr(depth: next) }))
    case 6: return Expr(.index(expr(depth: next), expr(depth: next)))
    case 7:
      let lower = chance(50) ? expr(depth: next) : nil
      let upper = lower == nil || chance(50) ? expr(depth: next) : nil
      return Expr(.slice(expr(depth: next), lower, upper))
    case 8:
      let operand = expr(depth: next)
      switch operand.kind {
      case .int, .float: return Expr(.unary(.not, operand))
      default: return Expr(.unary(chance(50) ? .not : .negate, operand))
      }
    case 9, 10: return Expr(.binary(pick(BinaryOperator.allCases), expr(depth: next), expr(depth: next)))
    case 11: return Expr(.typeTest(expr(depth: next), TypeName(pick(Array(TypeName.known) + ["null"]))))
    default: return Expr(.ternary(expr(depth: next), expr(depth: next), expr(depth: next)))
    }
  }

  mutating func leaf() -> Expr {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: return Expr(.null)
    case 1: return Expr(.bool(chance(50)))
    case 2: return Expr(.int(pick([0, 1, 42, -7, Int64.max, Int64.min])))
    case 3: return Expr(.float(pick([0.5, 2.0, -1.25, 1e20, 1.5e-7, 123456.789])))
    case 4: return Expr(.string((0..<Int.random(in: 0...3, using: &rng)).map { _ in pick(Self.stringPieces) }.joined()))
    case 5:
      return Expr(.bytes((0..<Int.random(in: 0...4, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    default: return Expr(.identifier(pick(Self.names)))
    }
  }

  mutating func function() -> FunctionDecl {
    let parameters = (0..<Int.random(in: 0...3, using: &rng)).map { _ in name() }
    let lets = (0..<Int.random(in: 0...2, using: &rng)).map { _ in LetBinding(name: name(), value: expr(), range: .none)
    }
    return FunctionDecl(name: name(), parameters: parameters, lets: lets, body: expr(), range: .none)
  }

  mutating func match(depth: Int) -> MatchBlock {
    let segments = (0..<Int.random(in: 1...3, using: &rng)).map { _ -> MatchSegment in
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: MatchSegment(.wildcard(pick(Self.names)))
      case 1: MatchSegment(.recursiveWildcard(pick(Self.names)))
      case 2: MatchSegment(.literal("(default)"))
      default: MatchSegment(.literal(pick(["users", "a.b", "x-1", "~%@"])))
      }
    }
    var items: [MatchItem] = []
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0 where depth < 3: items.append(.match(match(depth: depth + 1)))
      case 1: items.append(.function(function()))
      default:
        let methods = Method.allCases.filter { _ in chance(40) }.map { MethodName($0) }
        items.append(
          .allow(
            AllowStatement(
              methods: methods.isEmpty ? [MethodName(.read)] : methods, condition: chance(80) ? expr() : nil,
              range: .none)))
      }
    }
    return MatchBlock(path: MatchPath(segments: segments, range: .none), items: items, range: .none)
  }

  mutating func file() -> RulesFile {
    let version = chance(70) ? RulesVersionDecl(value: pick(["1", "2"]), range: .none) : nil
    let functions = (0..<Int.random(in: 0...2, using: &rng)).map { _ in function() }
    let items = (0..<Int.random(in: 0...3, using: &rng)).map { _ in MatchItem.match(match(depth: 1)) }
    let service = ServiceDecl(
      name: Identifier(pick(["cloud.firestore", "firebase.storage"])), items: items, range: .none)
    return RulesFile(version: version, functions: functions, service: service, range: .none)
  }
}

@Suite("RoundTrip")
struct RoundTripTests {
  /// parse(print(tree)) == tree, and printing is a fixed point.
  private func expectRoundTrip(_ file: RulesFile, _ label: String) {
    let printed = RulesPrinter.print(file)
    let reparsed = RulesParser.parse(SourceFile(name: label, text: printed))
    #expect(reparsed.diagnostics.isEmpty, "\(label): \(reparsed.diagnostics.map(\.message))\n\(printed)")
    #expect(reparsed.file == file, "\(label) does not round-trip:\n\(printed)")
    #expect(RulesPrinter.print(reparsed.file) == printed)
  }

  @Test("every valid corpus file and the sample round-trip through the printer", arguments: Corpus.files("valid"))
  func corpusFile(name: String) throws {
    let parsed = RulesParser.parse(try Corpus.source("valid", name))
    #expect(parsed.diagnostics.isEmpty)
    expectRoundTrip(parsed.file, name)
  }

  /// The invalid corpus files that parse without a syntax error (their errors are semantic).
  static let invalidFilesThatParse = Corpus.files("invalid").filter { name in
    (try? RulesParser.parse(Corpus.source("invalid", name)).diagnostics.isEmpty) ?? false
  }

  @Test("invalid corpus files without syntax errors round-trip too", arguments: invalidFilesThatParse)
  func invalidCorpusFile(name: String) throws {
    expectRoundTrip(RulesParser.parse(try Corpus.source("invalid", name)).file, name)
  }

  /// How many invalid files the round trip covers, pinned: a parser change that makes one of them
  /// a syntax error (or a file added with one) shows here instead of silently shrinking the test.
  @Test func invalidFilesThatParseAreCounted() {
    #expect(Corpus.files("invalid").count == 33)
    #expect(Self.invalidFilesThatParse.count == 26)
  }

  @Test("the sample project round-trips")
  func sample() throws {
    expectRoundTrip(RulesParser.parse(try Corpus.sample).file, "sample")
  }

  @Test("random expressions round-trip", arguments: 0..<4)
  func randomExpressions(seed: UInt64) {
    var random = RandomAST(rng: SplitMix64(seed: seed))
    for index in 0..<500 {
      let expr = random.expr()
      let printed = RulesPrinter.print(expr)
      let reparsed = RulesParser.parseExpression(SourceFile(name: "e", text: printed))
      #expect(
        reparsed.diagnostics.isEmpty, "seed \(seed) #\(index): \(printed) -> \(reparsed.diagnostics.map(\.message))")
      #expect(
        reparsed.expr == expr,
        "seed \(seed) #\(index): \(printed)\n\(TreeDump.dump(expr))\(TreeDump.dump(reparsed.expr))")
      if reparsed.expr != expr { return }
    }
  }

  @Test("random files round-trip", arguments: 0..<4)
  func randomFiles(seed: UInt64) {
    var random = RandomAST(rng: SplitMix64(seed: 100 + seed))
    for index in 0..<100 {
      expectRoundTrip(random.file(), "seed \(seed) #\(index)")
    }
  }
}
