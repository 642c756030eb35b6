/// The lexical structure of a rules file, built once and read by every layer that needs to know
/// which function a call means or which wildcard a name reads: the checks, the lints, type
/// inference, the evaluator, the query prover and the solver. A scoping rule changes here, for
/// all of them, so `flint check`, `flint test` and `flint diff` cannot disagree.
///
/// The blocks are numbered in source (pre-)order: 0 is the top level (functions before
/// `service`), 1 the `service` body when there is one, then one block per `match`.
///
/// - Functions are visible in their whole block (wherever declared) and in nested blocks; an
///   inner function shadows an outer one of the same name, and of two in one block the first
///   wins (rules-language §2 note 2, the second is an error).
/// - A function body sees the block it is declared in (§5.4: lexical scope): the wildcards of
///   that block's complete pattern, not those of the caller's.
/// - A wildcard name bound at two levels reads the innermost binding visible from the block.
///
/// Built from any tree the parser returns, including a recovered (broken) one.
package final class ScopeModel: Sendable {
  /// One block: the top level, the service body or a `match`.
  package struct Block: Sendable {
    /// Position in `ScopeModel.blocks`.
    package var index: Int
    package var parent: Int?
    /// The `match` block; nil for the top level and the service.
    package var match: MatchBlock?
    /// The complete pattern from the service root: the enclosing matches' segments, then this
    /// block's own (empty for the top level and the service).
    package var pattern: [MatchSegment]
    /// How many of `pattern`'s segments (the last ones) this block's own path wrote.
    package var ownSegmentCount: Int
    /// The names `pattern` binds, outermost first: the bindings of a request it matches, in
    /// order. A body in this block sees all of them; a function declared here sees them too.
    package var wildcards: [String]
    /// Functions declared directly in this block: name → index into `functions` (first wins).
    package var declared: [String: Int]
    /// Every function a call from this block resolves to by name (own declarations shadowing
    /// the enclosing blocks'): name → index into `functions`.
    package var visible: [String: Int]
    /// Nesting depth in `match` blocks (0 for the top level and the service).
    package var matchDepth: Int
    /// The source the block covers (the whole file for the top level).
    package var range: SourceRange
    /// The allow statements written directly in this block, in source order.
    package var allows: [AllowStatement]

    /// The segments this block's own path wrote.
    package var ownSegments: ArraySlice<MatchSegment> { pattern.suffix(ownSegmentCount) }

    /// The wildcard variables this block's own path binds, with where they were written.
    package var variables: [(name: String, range: SourceRange)] {
      ownSegments.compactMap { segment in segment.variable.map { (name: $0, range: segment.range) } }
    }

    /// The complete pattern's segment kinds.
    package var patternKinds: [MatchSegment.Kind] { pattern.map(\.kind) }
  }

  /// A declared function and the block it is declared in (its body's lexical scope).
  package struct Function: Sendable {
    package var decl: FunctionDecl
    package var block: Int
  }

  /// An `allow` statement and the block it is written in.
  package struct Allow: Sendable {
    package var statement: AllowStatement
    package var block: Int
  }

  /// The service the file declares (Firestore when it names none): which globals, lookups and
  /// limits its rules see.
  package let service: RulesService
  /// Every block, in source (pre-)order.
  package let blocks: [Block]
  /// Every function declaration, in source order of their blocks (a block's own in order).
  package let functions: [Function]
  /// Every allow statement of the file, in source order.
  package let allows: [Allow]
  /// The index of the first `match` block (`blocks[firstMatch...]` are the matches).
  package let firstMatch: Int
  /// Every function whose name is declared once in the file, by name (see `anywhere`).
  private let uniquelyNamed: [String: Int]

  package init(_ file: RulesFile) {
    service = RulesService.of(file)
    var builder = Builder()
    builder.build(file)
    blocks = builder.blocks
    functions = builder.functions
    allows = builder.allows
    firstMatch = file.service == nil ? 1 : 2
    // A second declaration in one block (an error) is never called: it does not count.
    let callable = builder.functions.indices.filter {
      builder.blocks[builder.functions[$0].block].declared[builder.functions[$0].decl.name.name] == $0
    }
    var counts: [String: Int] = [:]
    for index in callable { counts[builder.functions[index].decl.name.name, default: 0] += 1 }
    var unique: [String: Int] = [:]
    for index in callable where counts[builder.functions[index].decl.name.name] == 1 {
      unique[builder.functions[index].decl.name.name] = index
    }
    uniquelyNamed = unique
  }

  /// The `match` blocks, in source (pre-)order.
  package var matchBlocks: ArraySlice<Block> { blocks[firstMatch...] }

  /// The block of the service body (1), or the top level (0) when the file has no service.
  package var serviceBlock: Int { firstMatch - 1 }

  /// A pseudo-block after the file's own, from which every function whose name is declared once
  /// in the file is callable (`flint expr` with no site; the calls inside a body still resolve
  /// from the body's own block).
  package var anywhere: Int { blocks.count }

  /// The function a call to `name` from `block` resolves to, innermost block first.
  @inline(__always)
  package func resolveFunction(_ name: String, from block: Int) -> Int? {
    if block >= 0, block < blocks.count { return blocks[block].visible[name] }
    return block == anywhere ? uniquelyNamed[name] : nil
  }

  /// How many of a matched request's bindings (from the first) a body in `block` sees; a
  /// function's body sees those of its declaring block.
  package func visibleWildcards(_ block: Int) -> Int {
    blocks.indices.contains(block) ? blocks[block].wildcards.count : 0
  }

  /// The block and position (among that block's own `variables`) of the wildcard `name` seen
  /// from `block`, innermost first.
  package func resolveVariable(_ name: String, from block: Int) -> (block: Int, index: Int)? {
    var current: Int? = blocks.indices.contains(block) ? block : nil
    while let index = current {
      if let position = blocks[index].variables.lastIndex(where: { $0.name == name }) { return (index, position) }
      current = blocks[index].parent
    }
    return nil
  }

  /// Whether a wildcard `name` is bound in `block` or an enclosing block.
  package func bindsVariable(_ name: String, from block: Int) -> Bool {
    blocks.indices.contains(block) && blocks[block].wildcards.contains(name)
  }

  /// Every wildcard name visible from `block`, innermost block first (for suggestions).
  package func visibleVariables(from block: Int) -> [String] {
    var names: [String] = []
    var current: Int? = blocks.indices.contains(block) ? block : nil
    while let index = current {
      names += blocks[index].variables.map(\.name)
      current = blocks[index].parent
    }
    return names
  }

  /// Every function name visible from `block`, innermost block first (for suggestions).
  package func visibleFunctions(from block: Int) -> [String] {
    guard blocks.indices.contains(block) else { return block == anywhere ? Array(uniquelyNamed.keys) : [] }
    var names: [String] = []
    var current: Int? = block
    while let index = current {
      names += blocks[index].declared.keys
      current = blocks[index].parent
    }
    return names
  }

  /// Whether `function` is the one its name resolves to in its own block (a second declaration
  /// of a name in one block is an error and never called).
  package func isFirstDeclaration(_ function: Int) -> Bool {
    let entry = functions[function]
    return blocks[entry.block].declared[entry.decl.name.name] == function
  }

  /// Walks a `RulesFile` once.
  private struct Builder {
    var blocks: [Block] = []
    var functions: [Function] = []
    var allows: [Allow] = []

    mutating func build(_ file: RulesFile) {
      let top = addBlock(parent: nil, match: nil, pattern: [], own: 0, depth: 0, range: file.range)
      declare(file.functions, in: top)
      guard let service = file.service else { return }
      let serviceBlock = addBlock(parent: top, match: nil, pattern: [], own: 0, depth: 0, range: service.range)
      add(service.items, to: serviceBlock)
    }

    private mutating func addBlock(
      parent: Int?, match: MatchBlock?, pattern: [MatchSegment], own: Int, depth: Int, range: SourceRange
    ) -> Int {
      let index = blocks.count
      blocks.append(
        Block(
          index: index, parent: parent, match: match, pattern: pattern, ownSegmentCount: own,
          wildcards: pattern.compactMap(\.variable), declared: [:], visible: parent.map { blocks[$0].visible } ?? [:],
          matchDepth: depth, range: range, allows: []))
      return index
    }

    private mutating func declare(_ decls: [FunctionDecl], in block: Int) {
      for decl in decls {
        functions.append(Function(decl: decl, block: block))
        if blocks[block].declared[decl.name.name] == nil {
          blocks[block].declared[decl.name.name] = functions.count - 1
          blocks[block].visible[decl.name.name] = functions.count - 1
        }
      }
    }

    private mutating func add(_ items: [MatchItem], to block: Int) {
      // Declare every function of the block first: calls may precede declarations.
      declare(items.compactMap { if case .function(let f) = $0 { f } else { nil } }, in: block)
      for item in items {
        switch item {
        case .function: break
        case .allow(let statement):
          allows.append(Allow(statement: statement, block: block))
          blocks[block].allows.append(statement)
        case .match(let match):
          let child = addBlock(
            parent: block, match: match, pattern: blocks[block].pattern + match.path.segments,
            own: match.path.segments.count, depth: blocks[block].matchDepth + 1, range: match.range)
          add(match.items, to: child)
        }
      }
    }
  }
}
