import SwiftSyntax

/// The expression evaluator: one `switch` over the expression's kind, each sub-expression
/// evaluated once.
extension SwiftQueryEvaluator {
  func eval(_ expr: ExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    work += 1
    switch expr.as(ExprSyntaxEnum.self) {
    case .tryExpr(let e): return eval(e.expression, context, env: &env)
    case .awaitExpr(let e): return eval(e.expression, context, env: &env)
    case .forceUnwrapExpr(let e): return eval(e.expression, context, env: &env)
    case .optionalChainingExpr(let e): return eval(e.expression, context, env: &env)
    case .asExpr(let e): return eval(e.expression, context, env: &env)
    case .tupleExpr(let e):
      if e.elements.count == 1, let only = e.elements.first, only.label == nil {
        return eval(only.expression, context, env: &env)
      }
      for element in e.elements { _ = eval(element.expression, context, env: &env) }
      return .unknown("value")
    case .stringLiteralExpr(let e): return string(e, context, env: &env)
    case .integerLiteralExpr(let e): return .literal(e.literal.text.replacing("_", with: ""))
    case .floatLiteralExpr(let e): return .literal(e.literal.text.replacing("_", with: ""))
    case .booleanLiteralExpr(let e): return .literal(e.literal.text)
    case .nilLiteralExpr: return .literal("null")
    case .prefixOperatorExpr(let e):
      let inner = eval(e.expression, context, env: &env)
      if e.operator.text == "-", case .literal(let text) = inner { return .literal("-" + text) }
      return .unknown("value")
    case .arrayExpr(let e): return .array(e.elements.map { eval($0.expression, context, env: &env) })
    case .declReferenceExpr(let e): return lookup(e.baseName.text, context, env: env)
    case .memberAccessExpr(let e): return member(e, context, env: &env)
    case .functionCallExpr(let e): return call(e, context, env: &env)
    case .closureExpr(let e):
      var inner = env
      if let parameters = e.signature?.parameterClause { Self.bindUnknown(parameters, env: &inner) }
      walk(e.statements, context.inClosure, env: &inner)
      return .unknown("closure")
    case .infixOperatorExpr(let e): return infix(e, context, env: &env)
    case .ternaryExpr(let e):
      _ = eval(e.condition, context, env: &env)
      var thenEnv = env
      let thenValue = eval(e.thenExpression, context, env: &thenEnv)
      var elseEnv = env
      let elseValue = eval(e.elseExpression, context, env: &elseEnv)
      env = Self.merged(env, [thenEnv, elseEnv])
      return SourceValue.merge(thenValue, elseValue)
    case .ifExpr(let e):
      var flow = SwiftFlow()
      return ifValue(e, context, env: &env, flow: &flow) ?? .unknown("value")
    case .switchExpr(let e):
      var flow = SwiftFlow()
      return switchValue(e, context, env: &env, flow: &flow) ?? .unknown("value")
    default:
      // Anything else (an operator sequence Flint could not fold, a subscript, a key path):
      // its parts may still run queries.
      for child in expr.children(viewMode: .sourceAccurate) {
        if let inner = child.as(ExprSyntax.self) { _ = eval(inner, context, env: &env) }
      }
      return .unknown("value")
    }
  }

  /// A string literal: its value (escapes decoded by swift-syntax), or, interpolated, a path
  /// template at best (`"users/\(uid)/posts"`), never a constant.
  private func string(_ e: StringLiteralExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    if let text = e.representedLiteralValue { return .string(text) }
    var template = ""
    for segment in e.segments {
      switch segment {
      case .stringSegment(let part):
        template += Self.literalValue(of: part, in: e) ?? part.content.text
      case .expressionSegment(let part):
        for element in part.expressions { _ = eval(element.expression, context, env: &env) }
        template += "{}"
      }
    }
    return .pathTemplate(template)
  }

  /// The decoded text of one segment of an interpolated literal (the literal's quotes and
  /// delimiters around that segment alone).
  static func literalValue(of part: StringSegmentSyntax, in literal: StringLiteralExprSyntax) -> String? {
    StringLiteralExprSyntax(
      openingPounds: literal.openingPounds, openingQuote: literal.openingQuote,
      segments: StringLiteralSegmentListSyntax([.stringSegment(part)]), closingQuote: literal.closingQuote,
      closingPounds: literal.closingPounds
    ).representedLiteralValue
  }

  /// `a = b`, `a ?? b`, `"users/" + uid`; other operators are evaluated for their calls.
  private func infix(_ e: InfixOperatorExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    if e.operator.is(AssignmentExprSyntax.self) {
      let value = eval(e.rightOperand, context, env: &env)
      if let name = assignedName(e.leftOperand) { env[name] = value }
      return .unknown("value")
    }
    let left = eval(e.leftOperand, context, env: &env)
    let right = eval(e.rightOperand, context, env: &env)
    switch (e.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, left, right) {
    case ("??", .query, .query): return SourceValue.merge(left, right)
    case ("??", .query, _): return left
    case ("+", .string(let a), .string(let b)): return .string(a + b)
    case ("+", .string(let a), .pathTemplate(let b)), ("+", .pathTemplate(let a), .string(let b)),
      ("+", .pathTemplate(let a), .pathTemplate(let b)):
      return .pathTemplate(a + b)
    case ("+", .string(let a), .unknown): return .pathTemplate(a + "{}")
    case ("+", .pathTemplate(let a), .unknown): return .pathTemplate(a + "{}")
    case ("+", .unknown, .string(let b)): return .pathTemplate("{}" + b)
    case ("+", .unknown, .pathTemplate(let b)): return .pathTemplate("{}" + b)
    default: return .unknown("value")
    }
  }

  private func assignedName(_ expr: ExprSyntax) -> String? {
    if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
    if let access = expr.as(MemberAccessExprSyntax.self),
      access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return access.declName.baseName.text
    }
    return nil
  }

  /// `Type.name` and `Outer.Inner.name` of the module, `self.name`, `value.rawValue`, `query.count`,
  /// and a query property of another object found by its name (`model.feedQuery`).
  private func member(_ e: MemberAccessExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    let name = e.declName.baseName.text
    guard let base = e.base else {
      // `.users` where a type's string constant or `String` enum case is expected.
      if case .string? = property(name, context) { return property(name, context) ?? .unknown(name) }
      return .unknown(name)
    }
    if let qualified = Self.qualifiedName(base), let first = qualified.split(separator: ".").first,
      env[String(first)] == nil
    {
      if qualified == "self" || qualified == "Self" {
        if context.selfValue == nil { return lookup(name, context, env: env) }
      } else if let value = typeMember(qualified, name, context) {
        return value
      } else if qualified == "FieldPath", name == "documentID" {
        return .unknown("documentID")
      }
    }
    let value = eval(base, context, env: &env)
    switch (value, name) {
    case (.string, "rawValue"): return value
    case (.query, "count"): return value.adding(.count)
    case (.unknown, _):
      // `model.feedQuery`: a query property of the module, found by its name.
      if let found = property(name, context) {
        switch found {
        case .query, .document: return found
        default: break
        }
      }
      return .unknown(name)
    default: return .unknown(name)
    }
  }

  /// `A.B.name` as the module declares it: by its whole name, then by the last type's.
  private func typeMember(_ qualified: String, _ name: String, _ context: Context) -> SourceValue? {
    if let value = property("\(qualified).\(name)", context) { return value }
    if let dot = qualified.lastIndex(of: ".") {
      return property("\(qualified[qualified.index(after: dot)...]).\(name)", context)
    }
    return nil
  }

  /// `a`, `a.b.c` when the expression is only names, else nil.
  static func qualifiedName(_ expr: ExprSyntax) -> String? {
    if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
    if let access = expr.as(MemberAccessExprSyntax.self), let base = access.base,
      let prefix = qualifiedName(base)
    {
      return prefix + "." + access.declName.baseName.text
    }
    return nil
  }
}
