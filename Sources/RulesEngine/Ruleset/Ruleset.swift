import RulesLanguage

/// A loaded ruleset, ready to evaluate requests: the parsed file plus everything the
/// evaluator precomputes once (the flattened match tree and the function scopes).
///
/// Build it from a file that parsed and passed the checks; a file with errors still
/// loads (its `.invalid` expressions evaluate to errors) but should not be trusted.
package struct Ruleset: Sendable {
  /// Immutable shared storage, so copying a ruleset (into every evaluation) costs one retain.
  final class Storage: Sendable {
    let file: RulesFile
    let source: SourceFile
    let nodes: [MatchNode]
    let scopes: [FunctionScope]
    let functions: [UserFunction]
    /// The scope where every uniquely named function is visible (`Ruleset.anywhereSite`).
    let anywhereScope: Int

    init(file: RulesFile, source: SourceFile) {
      self.file = file
      self.source = source
      var builder = RulesetBuilder(version: file.languageVersion, source: source)
      builder.build(file)
      self.anywhereScope = builder.addAnywhereScope()
      self.nodes = builder.nodes
      self.scopes = builder.scopes
      self.functions = builder.functions
    }
  }

  let storage: Storage

  /// Precomputes the match tree and function scopes of `file`.
  package init(file: RulesFile, source: SourceFile) {
    storage = Storage(file: file, source: source)
  }

  /// The parsed file.
  package var file: RulesFile { storage.file }
  /// The source text the ranges in `file` point into.
  package var source: SourceFile { storage.source }
  /// The effective language version (v1 when `rules_version` is absent).
  package var version: RulesVersion { storage.file.languageVersion }

  /// Every `match` block, flattened, in source (pre-)order.
  var nodes: [MatchNode] { storage.nodes }
  /// Function scopes: 0 = top level, 1 = service, then one per match node, then `anywhereScope`.
  var scopes: [FunctionScope] { storage.scopes }
  /// Every user function, indexed by `FunctionScope.table`.
  var functions: [UserFunction] { storage.functions }

  /// The number of flattened match blocks.
  package var matchBlockCount: Int { storage.nodes.count }

  /// Parses and checks `source` (`RulesCompiler.compile`); the ruleset is nil when any
  /// diagnostic is an error, so a broken file is never evaluated.
  package static func compile(_ source: SourceFile) -> (ruleset: Ruleset?, diagnostics: [Diagnostic]) {
    let compiled = RulesCompiler.compile(source)
    let failed = compiled.diagnostics.contains { $0.severity == .error }
    return (failed ? nil : Ruleset(file: compiled.file, source: source), compiled.diagnostics)
  }
}

/// One `match` block with its complete (concatenated) pattern.
struct MatchNode: Sendable {
  var pattern: MatchPattern
  /// The pattern as text (precomputed for traces).
  var patternText: String
  /// The range of the block's own `match` header path.
  var pathRange: SourceRange
  /// The allow statements written directly in this block, in source order.
  var allows: [AllowRule]
  /// The function scope of this block's body.
  var scope: Int
}

/// One `allow` statement, with what the evaluator needs precomputed. A class so that the
/// evaluator's hot loop copies a reference, not the statement.
final class AllowRule: Sendable {
  let statement: AllowStatement
  /// Position among every allow of the file (source order).
  let order: Int
  /// The 1-based line of the `allow` keyword (the emulator's `@ L<n>`).
  let line: Int
  /// The request methods the statement covers (`RequestMethod.bit`s).
  let methodMask: UInt8

  init(statement: AllowStatement, order: Int, line: Int) {
    self.statement = statement
    self.order = order
    self.line = line
    self.methodMask = statement.methods.reduce(0) { $0 | RequestMethod.mask(of: $1.method) }
  }

  @inline(__always)
  func covers(_ method: RequestMethod) -> Bool {
    methodMask & method.bit != 0
  }
}

/// A lexical function scope: the functions visible in it, inner declarations shadowing outer.
struct FunctionScope: Sendable {
  var parent: Int?
  /// Function name to index into `Ruleset.functions`.
  var table: [String: Int]
  /// How many wildcard bindings (from the start of a match's bindings) this scope sees.
  var visibleWildcards: Int
}

/// A user-declared function and the scope it was declared in (its body's lexical scope).
struct UserFunction: Sendable {
  var decl: FunctionDecl
  var scope: Int
  var visibleWildcards: Int
}

/// Walks a `RulesFile` once to flatten it.
struct RulesetBuilder {
  let version: RulesVersion
  let source: SourceFile
  var nodes: [MatchNode] = []
  var scopes: [FunctionScope] = []
  var functions: [UserFunction] = []
  var allowCount = 0

  init(version: RulesVersion, source: SourceFile) {
    self.version = version
    self.source = source
  }

  mutating func build(_ file: RulesFile) {
    let top = addScope(parent: nil, declaring: file.functions, visibleWildcards: 0)
    guard let service = file.service else { return }
    let serviceScope = addScope(parent: top, declaring: functionsIn(service.items), visibleWildcards: 0)
    for case .match(let block) in service.items {
      add(block, under: [], scope: serviceScope)
    }
  }

  private mutating func add(_ block: MatchBlock, under prefix: [MatchSegment.Kind], scope parent: Int) {
    let segments = prefix + block.path.segments.map(\.kind)
    let pattern = MatchPattern(segments: segments, version: version)
    let scope = addScope(parent: parent, declaring: block.functions, visibleWildcards: pattern.variableCount)
    let index = nodes.count
    nodes.append(
      MatchNode(
        pattern: pattern, patternText: pattern.description, pathRange: block.path.range, allows: [], scope: scope))
    // Number allows in true source order, even when they follow nested matches.
    for item in block.items {
      switch item {
      case .allow(let statement):
        let line = source.location(of: statement.range.start).line
        nodes[index].allows.append(AllowRule(statement: statement, order: allowCount, line: line))
        allowCount += 1
      case .match(let child):
        add(child, under: segments, scope: scope)
      case .function:
        break
      }
    }
  }

  private mutating func addScope(parent: Int?, declaring decls: [FunctionDecl], visibleWildcards: Int) -> Int {
    let index = scopes.count
    var table = parent.map { scopes[$0].table } ?? [:]
    var declared: Set<String> = []
    for decl in decls where declared.insert(decl.name.name).inserted {
      table[decl.name.name] = functions.count
      functions.append(UserFunction(decl: decl, scope: index, visibleWildcards: visibleWildcards))
    }
    scopes.append(FunctionScope(parent: parent, table: table, visibleWildcards: visibleWildcards))
    return index
  }

  private func functionsIn(_ items: [MatchItem]) -> [FunctionDecl] {
    items.compactMap { if case .function(let f) = $0 { f } else { nil } }
  }
}
