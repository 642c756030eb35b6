/// Where every name a rules file declares is declared and where it is used: functions, their
/// parameters and `let` bindings, and the wildcard variables of `match` paths. Editors use it
/// for go to definition, find references and hover.
///
/// Names resolve as `NameResolution` resolves them (rules-language §5.4): `let`s and parameters
/// first, then the wildcards of the enclosing matches; calls go to the innermost function of
/// that name. Built from any tree the parser returns, broken ones included.
package struct SymbolIndex: Sendable {
  /// What a symbol is.
  package enum Kind: String, Hashable, Sendable {
    case function
    case parameter
    case letBinding = "let"
    case wildcard
  }

  /// One declared name.
  package struct Symbol: Hashable, Sendable {
    package var name: String
    package var kind: Kind
    /// Where the name is written in its declaration.
    package var nameRange: SourceRange
    /// The whole declaration: the function, the `let`, or the match path segment.
    package var declarationRange: SourceRange
    /// For functions, parameters and lets: the function they belong to (a symbol index).
    package var function: Int?
  }

  /// A use of a symbol.
  package struct Reference: Hashable, Sendable {
    package var range: SourceRange
    package var symbol: Int
  }

  package private(set) var symbols: [Symbol] = []
  package private(set) var references: [Reference] = []

  private let scopes: ScopeModel
  /// Symbol of each `ScopeModel` function, and of each wildcard variable per block.
  private var functionSymbols: [Int] = []
  private var variableSymbols: [[Int]] = []

  package init(_ file: RulesFile) {
    scopes = ScopeModel(file)
    for function in scopes.functions {
      let decl = function.decl
      functionSymbols.append(add(decl.name.name, .function, decl.name.range, decl.range, function: nil))
    }
    for block in scopes.blocks {
      variableSymbols.append(block.variables.map { add($0.name, .wildcard, $0.range, $0.range, function: nil) })
    }
    for (index, function) in scopes.functions.enumerated() {
      indexBody(of: function.decl, symbol: functionSymbols[index], block: function.block)
    }
    for entry in scopes.allows {
      guard let condition = entry.statement.condition else { continue }
      walk(condition, block: entry.block, locals: [:])
    }
  }

  private mutating func add(
    _ name: String, _ kind: Kind, _ nameRange: SourceRange, _ declaration: SourceRange, function: Int?
  ) -> Int {
    symbols.append(
      Symbol(name: name, kind: kind, nameRange: nameRange, declarationRange: declaration, function: function))
    return symbols.count - 1
  }

  private mutating func indexBody(of decl: FunctionDecl, symbol: Int, block: Int) {
    var locals: [String: Int] = [:]
    for parameter in decl.parameters {
      locals[parameter.name] = add(parameter.name, .parameter, parameter.range, parameter.range, function: symbol)
    }
    for binding in decl.lets {
      walk(binding.value, block: block, locals: locals)
      locals[binding.name.name] = add(
        binding.name.name, .letBinding, binding.name.range, binding.range, function: symbol)
    }
    walk(decl.body, block: block, locals: locals)
  }

  private mutating func walk(_ expr: Expr, block: Int, locals: [String: Int]) {
    switch expr.kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid:
      break
    case .identifier(let name):
      if let symbol = locals[name] {
        references.append(Reference(range: expr.range, symbol: symbol))
      } else if let (owner, index) = scopes.resolveVariable(name, from: block) {
        references.append(Reference(range: expr.range, symbol: variableSymbols[owner][index]))
      }
    case .call(let name, let args):
      if let function = scopes.resolveFunction(name.name, from: block) {
        references.append(Reference(range: name.range, symbol: functionSymbols[function]))
      }
      for arg in args { walk(arg, block: block, locals: locals) }
    default:
      for child in expr.children { walk(child, block: block, locals: locals) }
    }
  }

  /// The symbol whose declaration name or one of whose uses covers `offset` (an offset just
  /// past a name counts, as an editor's cursor after the last letter), with that range.
  package func occurrence(at offset: Int) -> (symbol: Int, range: SourceRange)? {
    if let reference = references.first(where: { $0.range.start <= offset && offset <= $0.range.end }) {
      return (reference.symbol, reference.range)
    }
    let declared = symbols.firstIndex {
      $0.nameRange.start <= offset && offset <= $0.nameRange.end && $0.nameRange.length > 0
    }
    return declared.map { ($0, symbols[$0].nameRange) }
  }

  /// The symbol at `offset` (see `occurrence(at:)`).
  package func symbol(at offset: Int) -> Int? { occurrence(at: offset)?.symbol }

  /// Every use of `symbol`, in source order (the declaration not included).
  package func uses(of symbol: Int) -> [SourceRange] {
    references.filter { $0.symbol == symbol }.map(\.range).sorted { $0.start < $1.start }
  }

  /// The names visible at `offset`: the functions of the enclosing blocks (innermost first,
  /// shadowed ones left out), their wildcard variables, and, inside a function, its
  /// parameters and the `let`s declared before `offset`.
  package func visibleSymbols(at offset: Int) -> [Int] {
    var block = 0
    for (index, candidate) in scopes.blocks.enumerated()
    where candidate.range.start <= offset && offset <= candidate.range.end && index > block {
      block = index  // blocks are numbered in source order, so a later match is an inner one
    }
    var result: [Int] = []
    var seen = Set<String>()
    if let function = symbols.indices.first(where: {
      symbols[$0].kind == .function && symbols[$0].declarationRange.start <= offset
        && offset <= symbols[$0].declarationRange.end
    }) {
      for (index, symbol) in symbols.enumerated() where symbol.function == function {
        if symbol.kind == .letBinding && symbol.declarationRange.start >= offset { continue }
        if seen.insert(symbol.name).inserted { result.append(index) }
      }
    }
    var current: Int? = block
    while let index = current {
      for symbol in variableSymbols[index] where seen.insert(symbols[symbol].name).inserted {
        result.append(symbol)
      }
      for function in scopes.blocks[index].declared.values.sorted() {
        let symbol = functionSymbols[function]
        if seen.insert(symbols[symbol].name).inserted { result.append(symbol) }
      }
      current = scopes.blocks[index].parent
    }
    return result
  }
}
