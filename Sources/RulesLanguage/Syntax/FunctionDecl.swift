/// `function name(a, b) { let x = e; return expr; }`
package struct FunctionDecl: Hashable, Sendable {
  package var name: Identifier
  package var parameters: [Identifier]
  package var lets: [LetBinding]
  /// The `return` expression. A body missing `return` is a parse error; the parser
  /// then stores an `.invalid` expression.
  package var body: Expr
  package var range: SourceRange

  package init(name: Identifier, parameters: [Identifier], lets: [LetBinding], body: Expr, range: SourceRange) {
    self.name = name
    self.parameters = parameters
    self.lets = lets
    self.body = body
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.lets == rhs.lets && lhs.body == rhs.body
  }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(parameters)
    hasher.combine(lets)
    hasher.combine(body)
  }
}

/// `let name = value;`
package struct LetBinding: Hashable, Sendable {
  package var name: Identifier
  package var value: Expr
  package var range: SourceRange

  package init(name: Identifier, value: Expr, range: SourceRange) {
    self.name = name
    self.value = value
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.value == rhs.value }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(value)
  }
}
