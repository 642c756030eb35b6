import RulesLanguage

/// A loaded ruleset, ready to evaluate requests: the parsed file plus everything the
/// evaluator precomputes once (the file's `ScopeModel` and each match block's complete pattern).
///
/// Build it from a file that parsed and passed the checks; a file with errors still
/// loads (its `.invalid` expressions evaluate to errors) but should not be trusted.
package struct Ruleset: Sendable {
  /// Immutable shared storage, so copying a ruleset (into every evaluation) costs one retain.
  final class Storage: Sendable {
    let file: RulesFile
    let source: SourceFile
    let scopes: ScopeModel
    let nodes: [MatchNode]

    init(file: RulesFile, source: SourceFile) {
      self.file = file
      self.source = source
      let scopes = ScopeModel(file)
      self.scopes = scopes
      self.nodes = MatchNode.nodes(of: scopes, version: file.languageVersion, source: source)
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
  /// The service the file declares (Cloud Firestore or Cloud Storage).
  package var service: RulesService { storage.scopes.service }
  /// The effective language version (v1 when `rules_version` is absent).
  package var version: RulesVersion { storage.file.languageVersion }

  /// Every `match` block, flattened, in source (pre-)order.
  var nodes: [MatchNode] { storage.nodes }
  /// The blocks, functions and name resolution of the file (shared with the checks, the lints,
  /// the query prover and the solver): an evaluation's `Environment.scope` is one of its blocks.
  package var scopes: ScopeModel { storage.scopes }

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
  /// This block in `Ruleset.scopes` (where its calls resolve).
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

extension MatchNode {
  /// One node per `match` block of `scopes`, in source order, its allows numbered in true
  /// source order (even when they follow nested matches).
  static func nodes(of scopes: ScopeModel, version: RulesVersion, source: SourceFile) -> [MatchNode] {
    var nodes = scopes.matchBlocks.map { block in
      let pattern = MatchPattern(segments: block.patternKinds, version: version)
      return MatchNode(
        pattern: pattern, patternText: pattern.description, pathRange: block.match?.path.range ?? block.range,
        allows: [], scope: block.index)
    }
    var order = 0
    for allow in scopes.allows where allow.block >= scopes.firstMatch {
      let line = source.location(of: allow.statement.range.start).line
      nodes[allow.block - scopes.firstMatch].allows.append(
        AllowRule(statement: allow.statement, order: order, line: line))
      order += 1
    }
    return nodes
  }
}
