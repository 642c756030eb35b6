/// The lexical structure of a rules file as the checks see it: nested blocks (top level,
/// `service`, each `match`), the wildcard variables each block binds and the functions
/// declared in it.
///
/// Functions are visible in their whole block (wherever declared) and in nested blocks; an
/// inner function shadows an outer one of the same name (rules-language §2 note 2). A function
/// body sees the block it is declared in (§5.4: lexical scope).
struct ScopeTree {
  /// One block. Index 0 is the top level (functions before `service`).
  struct Block {
    var parent: Int?
    /// Variables bound by this block's own match path, with where they were written.
    var variables: [(name: String, range: SourceRange)]
    /// Functions declared directly in this block: name → function index (first declaration wins).
    var functions: [String: Int]
    /// Nesting depth in `match` blocks (0 for top level and service).
    var matchDepth: Int
    /// The source the block covers (the whole file for the top level).
    var range: SourceRange
  }

  /// A declared function and the block it lives in.
  struct Function {
    var decl: FunctionDecl
    var block: Int
  }

  /// An `allow` condition with the block it appears in (only the condition is kept:
  /// copying whole statements costs a reference-count update per field).
  struct AllowEntry {
    var condition: Expr?
    var block: Int
  }

  private(set) var blocks: [Block] = []
  private(set) var functions: [Function] = []
  private(set) var allows: [AllowEntry] = []

  init(_ file: RulesFile) {
    blocks.append(Block(parent: nil, variables: [], functions: [:], matchDepth: 0, range: file.range))
    for function in file.functions {
      declare(function, in: 0)
    }
    if let service = file.service {
      let serviceBlock = addBlock(parent: 0, variables: [], depth: 0, range: service.range)
      add(service.items, to: serviceBlock)
    }
  }

  private mutating func addBlock(
    parent: Int, variables: [(name: String, range: SourceRange)], depth: Int, range: SourceRange
  ) -> Int {
    blocks.append(Block(parent: parent, variables: variables, functions: [:], matchDepth: depth, range: range))
    return blocks.count - 1
  }

  private mutating func declare(_ function: FunctionDecl, in block: Int) {
    functions.append(Function(decl: function, block: block))
    if blocks[block].functions[function.name.name] == nil {
      blocks[block].functions[function.name.name] = functions.count - 1
    }
  }

  private mutating func add(_ items: [MatchItem], to block: Int) {
    // Declare every function of the block first: calls may precede declarations.
    for case .function(let function) in items {
      declare(function, in: block)
    }
    for item in items {
      switch item {
      case .function: break
      case .allow(let allow):
        allows.append(AllowEntry(condition: allow.condition, block: block))
      case .match(let match):
        let variables = match.path.segments.compactMap { segment in
          segment.variable.map { (name: $0, range: segment.range) }
        }
        let child = addBlock(
          parent: block, variables: variables, depth: blocks[block].matchDepth + 1, range: match.range)
        add(match.items, to: child)
      }
    }
  }

  /// The function a call to `name` from `block` resolves to, innermost block first.
  func resolveFunction(_ name: String, from block: Int) -> Int? {
    var current: Int? = block
    while let index = current {
      if let function = blocks[index].functions[name] { return function }
      current = blocks[index].parent
    }
    return nil
  }

  /// The block and index of the wildcard variable `name` seen from `block`, innermost first.
  func resolveVariable(_ name: String, from block: Int) -> (block: Int, index: Int)? {
    var current: Int? = block
    while let index = current {
      if let position = blocks[index].variables.lastIndex(where: { $0.name == name }) { return (index, position) }
      current = blocks[index].parent
    }
    return nil
  }

  /// Whether a wildcard variable `name` is bound in `block` or an enclosing block.
  func bindsVariable(_ name: String, from block: Int) -> Bool {
    var current: Int? = block
    while let index = current {
      if blocks[index].variables.contains(where: { $0.name == name }) { return true }
      current = blocks[index].parent
    }
    return false
  }

  /// Every wildcard variable visible from `block` (for suggestions).
  func visibleVariables(from block: Int) -> [String] {
    var names: [String] = []
    var current: Int? = block
    while let index = current {
      names += blocks[index].variables.map(\.name)
      current = blocks[index].parent
    }
    return names
  }

  /// Every function name visible from `block` (for suggestions).
  func visibleFunctions(from block: Int) -> [String] {
    var names: [String] = []
    var current: Int? = block
    while let index = current {
      names += blocks[index].functions.keys
      current = blocks[index].parent
    }
    return names
  }
}
