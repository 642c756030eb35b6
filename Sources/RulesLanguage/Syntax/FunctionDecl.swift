/// `function name(a, b) { let x = e; return expr; }`
public struct FunctionDecl: Hashable, Sendable {
  public var name: Identifier
  public var parameters: [Identifier]
  public var lets: [LetBinding]
  /// The `return` expression. A body missing `return` is a parse error; the parser
  /// then stores an `.invalid` expression.
  public var body: Expr
  public var range: SourceRange

  public init(name: Identifier, parameters: [Identifier], lets: [LetBinding], body: Expr, range: SourceRange) {
    self.name = name
    self.parameters = parameters
    self.lets = lets
    self.body = body
    self.range = range
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.lets == rhs.lets && lhs.body == rhs.body
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(parameters)
    hasher.combine(lets)
    hasher.combine(body)
  }
}

/// `let name = value;`
public struct LetBinding: Hashable, Sendable {
  public var name: Identifier
  public var value: Expr
  public var range: SourceRange

  public init(name: Identifier, value: Expr, range: SourceRange) {
    self.name = name
    self.value = value
    self.range = range
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(value)
  }
}
