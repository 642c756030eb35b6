import RulesLanguage

/// What is under the cursor: the innermost `match` around it (with its full path), and the
/// expression chain, outermost first, when the cursor is inside a condition, a `let` or a
/// function body.
struct CursorContext {
  var matchPath: [MatchSegment] = []
  var match: MatchBlock?
  var expressions: [Expr] = []

  init(_ file: RulesFile, offset: Int) {
    for function in file.functions { visit(function, offset) }
    if let service = file.service, contains(service.range, offset) {
      visit(service.items, prefix: [], offset)
    }
  }

  /// The innermost expression, if the cursor is in one.
  var innermost: Expr? { expressions.last }

  private mutating func visit(_ items: [MatchItem], prefix: [MatchSegment], _ offset: Int) {
    for item in items {
      switch item {
      case .function(let decl):
        visit(decl, offset)
      case .allow(let allow):
        if let condition = allow.condition, let chain = condition.innermost(at: offset) { expressions = chain }
      case .match(let block):
        guard contains(block.range, offset) else { continue }
        matchPath = prefix + block.path.segments
        match = block
        visit(block.items, prefix: matchPath, offset)
      }
    }
  }

  private mutating func visit(_ decl: FunctionDecl, _ offset: Int) {
    guard contains(decl.range, offset) else { return }
    for binding in decl.lets {
      if let chain = binding.value.innermost(at: offset) { expressions = chain }
    }
    if let chain = decl.body.innermost(at: offset) { expressions = chain }
  }

  private func contains(_ range: SourceRange, _ offset: Int) -> Bool {
    range.start <= offset && offset <= range.end
  }
}
