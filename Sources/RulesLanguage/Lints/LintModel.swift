/// What the lints see of a rules file: every `match` block flattened with its full path (the
/// segments below `/databases/{database}/documents`), its `allow` statements, and a way to
/// read a condition with the user functions it calls inlined.
///
/// Built from any tree the parser returns, including a recovered (broken) one: nothing here
/// assumes a well-formed file.
struct LintModel {
  /// One flattened `match` block.
  /// (A class: lints pass matches around constantly, and a copy is then one reference.)
  final class Match {
    let block: MatchBlock
    /// The block's allow statements (`block.allows` filters its items on every call).
    let allows: [AllowStatement]
    /// Segments of the complete path below the documents root (the root match itself has none).
    let segments: [MatchSegment]
    /// Whether the path starts at `/databases/{database}/documents` (else lints treat it as foreign).
    let underDocuments: Bool
    /// Index into `LintModel.scopes` for function lookup.
    let scope: Int
    /// Index of the enclosing flattened match, if any.
    let parent: Int?

    init(block: MatchBlock, segments: [MatchSegment], underDocuments: Bool, scope: Int, parent: Int?) {
      self.block = block
      self.allows = block.allows
      self.segments = segments
      self.underDocuments = underDocuments
      self.scope = scope
      self.parent = parent
    }

    /// Whether any segment is a recursive wildcard `{x=**}`.
    var isRecursive: Bool {
      segments.contains { if case .recursiveWildcard = $0.kind { true } else { false } }
    }

    /// Whether the last segment is a recursive wildcard: the match covers whole subtrees.
    var endsRecursive: Bool {
      if case .recursiveWildcard = segments.last?.kind { true } else { false }
    }

    /// The path as written from the documents root, e.g. `/users/{uid}/posts/{postId}`.
    var pathText: String { segments.isEmpty ? "/" : segments.map { "/" + $0.description }.joined() }

    /// The wildcard names bound along the path.
    var wildcards: Set<String> { Set(segments.compactMap(\.variable)) }
  }

  /// A function scope: the functions declared in one block, and the enclosing scope.
  struct Scope {
    var functions: [String: FunctionDecl]
    var parent: Int?
  }

  let file: RulesFile
  let source: SourceFile
  private(set) var matches: [Match] = []
  private(set) var scopes: [Scope] = []
  /// Every allow statement of every match with its inlined condition (computed once).
  private(set) var allowFacts: [AllowFacts] = []
  /// What static types prove about the file (computed once).
  private(set) var typeFindings: [TypeInference.Finding] = []
  /// The updates `OwnershipChange` reports (computed once: `UnvalidatedWrite` asks too).
  private(set) var ownershipFindings: [(allow: AllowFacts, field: String)] = []

  init(_ file: RulesFile, source: SourceFile) {
    self.file = file
    self.source = source
    scopes.append(Scope(functions: Self.table(file.functions), parent: nil))
    guard let service = file.service else { return }
    let serviceFunctions = service.items.compactMap { if case .function(let f) = $0 { f } else { nil } }
    scopes.append(Scope(functions: Self.table(serviceFunctions), parent: 0))
    for case .match(let block) in service.items {
      add(block, prefix: [], underDocuments: false, scope: 1, parent: nil)
    }
    allowFacts = computeAllowFacts()
    typeFindings = TypeInference(self).findings
    ownershipFindings = OwnershipChange.findings(self)
  }

  private static func table(_ functions: [FunctionDecl]) -> [String: FunctionDecl] {
    // Sized up front: a file's service block can declare hundreds of helpers.
    var table = [String: FunctionDecl](minimumCapacity: functions.count)
    for function in functions where table[function.name.name] == nil { table[function.name.name] = function }
    return table
  }

  private mutating func add(
    _ block: MatchBlock, prefix: [MatchSegment], underDocuments: Bool, scope parentScope: Int, parent: Int?
  ) {
    var segments = prefix
    var isUnder = underDocuments
    var own = block.path.segments
    if !underDocuments, Self.isDocumentsRoot(own) {
      own = Array(own.dropFirst(3))
      isUnder = true
    }
    segments += own
    scopes.append(Scope(functions: Self.table(block.functions), parent: parentScope))
    let scope = scopes.count - 1
    matches.append(Match(block: block, segments: segments, underDocuments: isUnder, scope: scope, parent: parent))
    let index = matches.count - 1
    for child in block.matches {
      add(child, prefix: segments, underDocuments: isUnder, scope: scope, parent: index)
    }
  }

  /// `/databases/{database}/documents` (any wildcard name, or a literal database id).
  private static func isDocumentsRoot(_ segments: [MatchSegment]) -> Bool {
    guard segments.count >= 3, case .literal("databases") = segments[0].kind,
      case .literal("documents") = segments[2].kind
    else { return false }
    return true
  }

  /// The user function a call to `name` from `scope` resolves to.
  func function(_ name: String, from scope: Int) -> (decl: FunctionDecl, scope: Int)? {
    Self.function(name, from: scope, in: scopes)
  }

  /// The user function a call to `name` from `scope` resolves to, in a scope table.
  static func function(_ name: String, from scope: Int, in scopes: [Scope]) -> (decl: FunctionDecl, scope: Int)? {
    var current: Int? = scope
    while let index = current, index < scopes.count {
      if let decl = scopes[index].functions[name] { return (decl, index) }
      current = scopes[index].parent
    }
    return nil
  }

  /// `condition` with user function calls replaced by their bodies (parameters and `let`s
  /// substituted), so lints can see through helpers such as `isSignedIn()`. Inlining stops at
  /// a budget of nodes and a depth, leaving the call in place (which lints read as unknown).
  func inlined(_ condition: Expr, scope: Int) -> Expr {
    var inliner = Inliner(scopes: scopes)
    return inliner.expand(condition, scope: scope, bindings: NameBindings(), depth: 0)
  }

  /// The 1-based line of an offset.
  func line(_ offset: Int) -> Int { source.location(of: offset).line }
}
