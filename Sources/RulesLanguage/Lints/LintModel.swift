/// What the lints see of a rules file: every `match` block of the `ScopeModel` with its full path
/// (the segments below the service's root, `/databases/{database}/documents`), its `allow`
/// statements, and a way to read a condition with the user functions it calls inlined.
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
    /// The block in `LintModel.scopes` (where its calls resolve).
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

  let file: RulesFile
  let source: SourceFile
  /// The file's blocks, functions and name resolution (shared with the checks and the engine).
  let scopes: ScopeModel
  /// The rules engine's regex, when the caller has one (`PatternMatcher`).
  let patterns: PatternMatcher?
  private(set) var matches: [Match] = []
  /// Every allow statement of every match with its inlined condition (computed once).
  private(set) var allowFacts: [AllowFacts] = []
  /// What static types prove about the file (computed once).
  private(set) var typeFindings: [TypeInference.Finding] = []
  /// The updates `OwnershipChange` reports (computed once: `UnvalidatedWrite` asks too).
  private(set) var ownershipFindings: [(allow: AllowFacts, field: String)] = []

  init(_ file: RulesFile, source: SourceFile, patterns: PatternMatcher? = nil) {
    self.file = file
    self.source = source
    self.patterns = patterns
    scopes = ScopeModel(file)
    guard file.service != nil else { return }
    let service = scopes.service
    for block in scopes.matchBlocks {
      guard let match = block.match else { continue }
      let parent = block.parent.flatMap { $0 >= scopes.firstMatch ? $0 - scopes.firstMatch : nil }
      var segments = parent.map { matches[$0].segments } ?? []
      var isUnder = parent.map { matches[$0].underDocuments } ?? false
      var own = match.path.segments
      // The service's root (`/databases/{database}/documents`) is left out of the paths.
      if !isUnder, let length = service.rootLength(of: own.map(\.kind)) {
        own = Array(own.dropFirst(length))
        isUnder = true
      }
      segments += own
      matches.append(
        Match(block: match, segments: segments, underDocuments: isUnder, scope: block.index, parent: parent))
    }
    allowFacts = computeAllowFacts()
    typeFindings = TypeInference(self).findings
    ownershipFindings = OwnershipChange.findings(self)
  }

  /// The user function a call to `name` from block `scope` resolves to, with the block it is
  /// declared in.
  func function(_ name: String, from scope: Int) -> (decl: FunctionDecl, scope: Int)? {
    scopes.resolveFunction(name, from: scope).map { (scopes.functions[$0].decl, scopes.functions[$0].block) }
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
