import SwiftSyntax

/// The statement walker: what each variable holds after each statement, with one variant per
/// reachable combination of branches (`if`/`else`, `switch`, `guard`, loops, `do`/`catch`).
extension SwiftQueryEvaluator {
  /// Walks a function body; with `context.reportingReturns`, a query it returns (also as the
  /// body's one expression) is reported at the returned expression.
  func walkBody(_ items: [CodeBlockItemSyntax], _ context: Context, env: inout Env) {
    if context.reportingReturns, items.count == 1, let expr = Self.expression(of: items.first),
      !expr.is(IfExprSyntax.self), !expr.is(SwitchExprSyntax.self)
    {
      report(eval(expr, context, env: &env), at: expr, context)
      return
    }
    walk(items, context, env: &env)
  }

  /// Walks statements, updating `env`.
  @discardableResult
  func walk<S: Sequence>(_ items: S, _ context: Context, env: inout Env) -> SwiftFlow
  where S.Element == CodeBlockItemSyntax {
    var flow = SwiftFlow()
    for item in items {
      work += 1
      switch item.item {
      case .decl(let decl):
        if let variable = decl.as(VariableDeclSyntax.self) { declare(variable, context, env: &env) }
      case .stmt(let stmt):
        statement(stmt, context, env: &env, flow: &flow)
      case .expr(let expr):
        expression(expr, context, env: &env, flow: &flow)
      }
    }
    return flow
  }

  /// `let a = ...`, `var q: Query` (declared, assigned later).
  private func declare(_ variable: VariableDeclSyntax, _ context: Context, env: inout Env) {
    for binding in variable.bindings {
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      guard let initializer = binding.initializer?.value else {
        if let name { env[name] = Self.unassigned }
        continue
      }
      var value = eval(initializer, context, env: &env)
      guard let name else { continue }
      if case .unknown = value, let type = SwiftSurface.firestoreType(binding.typeAnnotation?.type) {
        value = SwiftSurface.opaque(type, name: name)
      }
      env[name] = value
    }
  }

  /// An expression in statement position; `if` and `switch` branch.
  private func expression(_ expr: ExprSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow) {
    if let ifExpr = expr.as(IfExprSyntax.self) {
      _ = ifValue(ifExpr, context, env: &env, flow: &flow)
    } else if let switchExpr = expr.as(SwitchExprSyntax.self) {
      _ = switchValue(switchExpr, context, env: &env, flow: &flow)
    } else {
      _ = eval(expr, context, env: &env)
      if Self.neverReturns(expr) { flow.exits = true }
    }
  }

  private func statement(_ stmt: StmtSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow) {
    switch stmt.as(StmtSyntaxEnum.self) {
    case .expressionStmt(let s):
      expression(s.expression, context, env: &env, flow: &flow)
    case .returnStmt(let s):
      flow.exits = true
      guard let expr = s.expression else { return }
      let value = eval(expr, context, env: &env)
      if context.reportingReturns { report(value, at: expr, context) }
      flow.returns.append(value)
    case .throwStmt(let s):
      _ = eval(s.expression, context, env: &env)
      flow.exits = true
    case .continueStmt:
      flow.exits = true
    case .guardStmt(let s):
      var orElse = env
      flow.returns += walk(s.body.statements, context, env: &orElse).returns
      conditions(s.conditions, context, env: &env)
    case .forStmt(let s):
      _ = eval(s.sequence, context, env: &env)
      var body = env
      Self.bindUnknown(s.pattern, env: &body)
      loop(s.body, context, env: &body, flow: &flow)
      env = Self.merged(env, [body])
    case .whileStmt(let s):
      conditions(s.conditions, context, env: &env)
      loop(s.body, context, env: &env, flow: &flow)
    case .repeatStmt(let s):
      loop(s.body, context, env: &env, flow: &flow)
      _ = eval(s.condition, context, env: &env)
    case .doStmt(let s):
      // The body runs; a catch clause may run after any part of it.
      let body = walk(s.body.statements, context, env: &env)
      flow.returns += body.returns
      for clause in s.catchClauses {
        var branch = env
        flow.returns += walk(clause.body.statements, context, env: &branch).returns
      }
    case .deferStmt(let s):
      loop(s.body, context, env: &env, flow: &flow)
    default:
      break
    }
  }

  /// A body that may run or not (a loop's, a `defer`'s): its assignments are one more branch.
  private func loop(_ body: CodeBlockSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow) {
    var branch = env
    flow.returns += walk(body.statements, context, env: &branch).returns
    env = Self.merged(env, [env, branch])
  }

  func conditions(_ list: ConditionElementListSyntax, _ context: Context, env: inout Env) {
    for element in list {
      switch element.condition {
      case .expression(let expr): _ = eval(expr, context, env: &env)
      case .optionalBinding(let binding):
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let value: SourceValue =
          if let initializer = binding.initializer {
            eval(initializer.value, context, env: &env)
          } else if let name {
            lookup(name, context, env: env)
          } else {
            .unknown("value")
          }
        if let name { env[name] = value }
      default: break
      }
    }
  }

  // MARK: Branches with values

  /// A block whose last expression may be its value (a one-expression body, a branch of an `if`
  /// or `switch` expression): walks it and returns that value, or nil when it ends otherwise.
  func blockValue(
    _ items: CodeBlockItemListSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow
  ) -> SourceValue? {
    guard let last = items.last, let expr = Self.expression(of: last) else {
      Self.join(&flow, walk(items, context, env: &env))
      return nil
    }
    Self.join(&flow, walk(items.dropLast(), context, env: &env))
    work += 1
    if let ifExpr = expr.as(IfExprSyntax.self) { return ifValue(ifExpr, context, env: &env, flow: &flow) }
    if let switchExpr = expr.as(SwitchExprSyntax.self) {
      return switchValue(switchExpr, context, env: &env, flow: &flow)
    }
    let value = eval(expr, context, env: &env)
    if Self.neverReturns(expr) { flow.exits = true }
    return value
  }

  /// `if`/`else if`/`else`, as a statement or an expression: each branch walked once; the
  /// variables after it merged over the branches that do not leave.
  func ifValue(_ e: IfExprSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow) -> SourceValue? {
    var thenEnv = env
    conditions(e.conditions, context, env: &thenEnv)
    var thenFlow = SwiftFlow()
    let thenValue = blockValue(e.body.statements, context, env: &thenEnv, flow: &thenFlow)
    var elseEnv = env
    var elseFlow = SwiftFlow()
    let elseValue: SourceValue?
    switch e.elseBody {
    case .ifExpr(let next): elseValue = ifValue(next, context, env: &elseEnv, flow: &elseFlow)
    case .codeBlock(let block): elseValue = blockValue(block.statements, context, env: &elseEnv, flow: &elseFlow)
    case nil: elseValue = nil
    }
    flow.returns += thenFlow.returns + elseFlow.returns
    let reaching = [(thenEnv, thenFlow.exits), (elseEnv, elseFlow.exits)].filter { !$0.1 }.map { $0.0 }
    if reaching.isEmpty { flow.exits = true } else { env = Self.merged(env, reaching) }
    return Self.mergedValue([thenValue, elseValue])
  }

  /// `switch`, as a statement or an expression: each case walked once from the same variables.
  func switchValue(_ e: SwitchExprSyntax, _ context: Context, env: inout Env, flow: inout SwiftFlow) -> SourceValue? {
    _ = eval(e.subject, context, env: &env)
    var reaching: [Env] = []
    var values: [SourceValue?] = []
    for element in e.cases {
      guard case .switchCase(let switchCase) = element else { continue }
      var branch = env
      if case .case(let label) = switchCase.label { Self.bindUnknown(label.caseItems, env: &branch) }
      var branchFlow = SwiftFlow()
      values.append(blockValue(switchCase.statements, context, env: &branch, flow: &branchFlow))
      flow.returns += branchFlow.returns
      if !branchFlow.exits { reaching.append(branch) }
    }
    // Some case runs (Swift's switches are exhaustive).
    if reaching.isEmpty { flow.exits = !values.isEmpty } else { env = Self.merged(env, reaching) }
    return Self.mergedValue(values)
  }

  // MARK: Merging

  /// The variables of `base` after one of `branches` ran: each merged across the branches (a
  /// variable a branch never assigned merges as nothing, see `unassigned`).
  static func merged(_ base: Env, _ branches: [Env]) -> Env {
    SourceValue.merged(base, branches, by: merge)
  }

  static func merge(_ a: SourceValue, _ b: SourceValue) -> SourceValue {
    if a == unassigned { return b }
    if b == unassigned { return a }
    return SourceValue.merge(a, b)
  }

  private static func mergedValue(_ values: [SourceValue?]) -> SourceValue? {
    let known = values.compactMap { $0 }
    guard var value = known.first else { return nil }
    for other in known.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }

  private static func join(_ flow: inout SwiftFlow, _ other: SwiftFlow) {
    flow.returns += other.returns
    if other.exits { flow.exits = true }
  }

  /// Binds every name a pattern or parameter list declares (`case .mine(let uid)`, `for (a, b) in`,
  /// `{ snapshot, error in`) to an unknown value, so it never resolves to a same-named property.
  static func bindUnknown(_ node: some SyntaxProtocol, env: inout Env) {
    for token in node.tokens(viewMode: .sourceAccurate) {
      if case .identifier(let name) = token.tokenKind { env[name] = .unknown(name) }
    }
  }

  /// The expression a code-block item is, if it is one.
  static func expression(of item: CodeBlockItemSyntax?) -> ExprSyntax? {
    switch item?.item {
    case .expr(let expr): expr
    case .stmt(let stmt): stmt.as(ExpressionStmtSyntax.self)?.expression
    default: nil
    }
  }

  /// `fatalError(...)`, `preconditionFailure(...)`: the code after it never runs.
  private static func neverReturns(_ expr: ExprSyntax) -> Bool {
    guard let call = expr.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    else { return false }
    return name == "fatalError" || name == "preconditionFailure"
  }
}
