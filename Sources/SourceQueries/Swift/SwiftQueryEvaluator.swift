import Queries
import SwiftSyntax

/// Walks Swift code statement by statement, tracking what each variable holds, and evaluates
/// Firestore SDK call chains (`collection`, `whereField`, `order(by:)`, ...) to query variants.
/// A query is reported where it runs (`getDocuments`, `addSnapshotListener`, `getAggregation`,
/// ...) or where it leaves the code Flint can follow (passed to a function of another module).
final class SwiftQueryEvaluator {
  typealias Env = [String: SourceValue]

  let index: SwiftModuleIndex
  let file: String
  let lines: LineTable
  var findings: SourceFindings
  /// Off while a helper's body is evaluated for its return value (its own runs are reported
  /// when the helper itself is walked).
  private var reporting = true
  private var depth = 0
  private var evaluatingProperties: Set<String> = []
  private static let maxDepth = 12

  init(index: SwiftModuleIndex, file: String, text: String, findings: SourceFindings) {
    self.index = index
    self.file = file
    self.lines = LineTable(text)
    self.findings = findings
  }

  static let runMethods: Set<String> = [
    "getDocuments", "addSnapshotListener", "getAggregation", "snapshotPublisher", "getDocumentsPublisher",
    "snapshots",
  ]

  static func literal(_ node: StringLiteralExprSyntax) -> String? {
    var text = ""
    for segment in node.segments {
      guard case .stringSegment(let part) = segment else { return nil }
      text += unescaped(part.content.text)
    }
    return text
  }

  static func unescaped(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escape = false
    for character in text {
      if escape {
        switch character {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "0": out.append("\0")
        default: out.append(character)
        }
        escape = false
      } else if character == "\\" {
        escape = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// The parameters of the function being walked: a query run on one was handed in, and is
  /// reported where it is handed over.
  var parameters: Set<String> = []
  /// The type whose code is walked: its members come before same-named ones of other types.
  var currentType: String?

  /// Methods only a query has: run on a receiver Flint cannot see built, they are unresolved.
  static let queryOnlyRunMethods: Set<String> = ["getDocuments", "getAggregation", "getDocumentsPublisher"]

  /// Whether `return` statements report the query they return (a function called from elsewhere).
  private var reportingReturns = false

  /// Walks a function body; with `reportingReturns`, a query it returns (also as the body's one
  /// expression) is reported at the returned expression.
  func walkBody(_ items: [CodeBlockItemSyntax], env: inout Env, reportingReturns: Bool) {
    self.reportingReturns = reportingReturns
    defer { self.reportingReturns = false }
    if reportingReturns, items.count == 1, let only = items.first, case .expr(let expr) = only.item,
      !expr.is(IfExprSyntax.self), !expr.is(SwitchExprSyntax.self)
    {
      let value = eval(expr, env: &env)
      report(value, at: expr)
      return
    }
    walk(items, env: &env)
  }

  // MARK: Statements

  /// Walks statements, updating `env`; returns the values of `return` statements.
  @discardableResult
  func walk<S: Sequence>(_ items: S, env: inout Env) -> [SourceValue] where S.Element == CodeBlockItemSyntax {
    var returns: [SourceValue] = []
    for item in items {
      switch item.item {
      case .decl(let decl):
        if let variable = decl.as(VariableDeclSyntax.self) {
          for binding in variable.bindings {
            guard let value = binding.initializer?.value else { continue }
            let result = eval(value, env: &env)
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { env[name] = result }
          }
        }
      case .stmt(let stmt):
        returns += statement(stmt, env: &env)
      case .expr(let expr):
        returns += expression(expr, env: &env)
      }
    }
    return returns
  }

  /// An expression in statement position: `if`/`switch` branch, others are evaluated.
  private func expression(_ expr: ExprSyntax, env: inout Env) -> [SourceValue] {
    if let ifExpr = expr.as(IfExprSyntax.self) { return branches(ifExpr, env: &env) }
    if let switchExpr = expr.as(SwitchExprSyntax.self) {
      _ = eval(switchExpr.subject, env: &env)
      var results: [Env] = []
      var returns: [SourceValue] = []
      for element in switchExpr.cases {
        guard case .switchCase(let switchCase) = element else { continue }
        var branch = env
        returns += walk(switchCase.statements, env: &branch)
        results.append(branch)
      }
      env = SourceValue.merged(env, results)
      return returns
    }
    _ = eval(expr, env: &env)
    return []
  }

  private func statement(_ stmt: StmtSyntax, env: inout Env) -> [SourceValue] {
    if let expressionStmt = stmt.as(ExpressionStmtSyntax.self) {
      return expression(expressionStmt.expression, env: &env)
    }
    if let returnStmt = stmt.as(ReturnStmtSyntax.self) {
      guard let expr = returnStmt.expression else { return [] }
      let value = eval(expr, env: &env)
      if reportingReturns { report(value, at: expr) }
      return [value]
    }
    if let guardStmt = stmt.as(GuardStmtSyntax.self) {
      conditions(guardStmt.conditions, env: &env)
      var branch = env
      return walk(guardStmt.body.statements, env: &branch)
    }
    var bodies: [CodeBlockSyntax] = []
    if let forStmt = stmt.as(ForStmtSyntax.self) {
      _ = eval(forStmt.sequence, env: &env)
      bodies = [forStmt.body]
    } else if let whileStmt = stmt.as(WhileStmtSyntax.self) {
      conditions(whileStmt.conditions, env: &env)
      bodies = [whileStmt.body]
    } else if let repeatStmt = stmt.as(RepeatStmtSyntax.self) {
      bodies = [repeatStmt.body]
    } else if let doStmt = stmt.as(DoStmtSyntax.self) {
      // The body runs; a catch clause may run after any part of it.
      var returns = walk(doStmt.body.statements, env: &env)
      for clause in doStmt.catchClauses {
        var branch = env
        returns += walk(clause.body.statements, env: &branch)
      }
      return returns
    } else if let deferStmt = stmt.as(DeferStmtSyntax.self) {
      bodies = [deferStmt.body]
    }
    // A loop body may run or not: its assignments are one more branch.
    var returns: [SourceValue] = []
    for body in bodies {
      var branch = env
      returns += walk(body.statements, env: &branch)
      env = SourceValue.merged(env, [env, branch])
    }
    return returns
  }

  private func conditions(_ list: ConditionElementListSyntax, env: inout Env) {
    for element in list {
      switch element.condition {
      case .expression(let expr): _ = eval(expr, env: &env)
      case .optionalBinding(let binding):
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let value =
          binding.initializer.map { eval($0.value, env: &env) } ?? name.flatMap { env[$0] } ?? .unknown(name ?? "value")
        if let name { env[name] = value }
      default: break
      }
    }
  }

  private func branches(_ ifExpr: IfExprSyntax, env: inout Env) -> [SourceValue] {
    var thenEnv = env
    conditions(ifExpr.conditions, env: &thenEnv)
    var returns = walk(ifExpr.body.statements, env: &thenEnv)
    var elseEnv = env
    switch ifExpr.elseBody {
    case .ifExpr(let next): returns += branches(next, env: &elseEnv)
    case .codeBlock(let block): returns += walk(block.statements, env: &elseEnv)
    case nil: break
    }
    env = SourceValue.merged(env, [thenEnv, elseEnv])
    return returns
  }

  // MARK: Expressions

  func place(_ node: some SyntaxProtocol) -> SourcePlace {
    lines.place(file: file, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  private func report(_ value: SourceValue, at node: some SyntaxProtocol) {
    guard reporting else { return }
    findings.report(value, place: place(node), language: .swift, text: node.trimmedDescription)
  }

  func eval(_ expr: ExprSyntax, env: inout Env) -> SourceValue {
    if let e = expr.as(TryExprSyntax.self) { return eval(e.expression, env: &env) }
    if let e = expr.as(AwaitExprSyntax.self) { return eval(e.expression, env: &env) }
    if let e = expr.as(ForceUnwrapExprSyntax.self) { return eval(e.expression, env: &env) }
    if let e = expr.as(OptionalChainingExprSyntax.self) { return eval(e.expression, env: &env) }
    if let e = expr.as(TupleExprSyntax.self) {
      if e.elements.count == 1, let only = e.elements.first, only.label == nil {
        return eval(only.expression, env: &env)
      }
      for element in e.elements { _ = eval(element.expression, env: &env) }
      return .unknown("value")
    }
    if let e = expr.as(StringLiteralExprSyntax.self) {
      if let text = Self.literal(e) { return .string(text) }
      // Interpolated: a path template at best (`"users/\(uid)/posts"`), never a constant.
      var template = ""
      for segment in e.segments {
        switch segment {
        case .stringSegment(let part): template += Self.unescaped(part.content.text)
        case .expressionSegment(let part):
          for element in part.expressions { _ = eval(element.expression, env: &env) }
          template += "{}"
        }
      }
      return .pathTemplate(template)
    }
    if let e = expr.as(IntegerLiteralExprSyntax.self) {
      return .literal(e.literal.text.replacing("_", with: ""))
    }
    if let e = expr.as(FloatLiteralExprSyntax.self) {
      return .literal(e.literal.text.replacing("_", with: ""))
    }
    if let e = expr.as(BooleanLiteralExprSyntax.self) { return .literal(e.literal.text) }
    if expr.is(NilLiteralExprSyntax.self) { return .literal("null") }
    if let e = expr.as(PrefixOperatorExprSyntax.self) {
      let inner = eval(e.expression, env: &env)
      if e.operator.text == "-", case .literal(let text) = inner { return .literal("-" + text) }
      return .unknown("value")
    }
    if let e = expr.as(ArrayExprSyntax.self) { return .array(e.elements.map { eval($0.expression, env: &env) }) }
    if let e = expr.as(DeclReferenceExprSyntax.self) { return lookup(e.baseName.text, env: env) }
    if let e = expr.as(MemberAccessExprSyntax.self) { return member(e, env: &env) }
    if let e = expr.as(FunctionCallExprSyntax.self) { return call(e, env: &env) }
    if let e = expr.as(ClosureExprSyntax.self) {
      var inner = env
      let saved = reportingReturns
      reportingReturns = false
      walk(e.statements, env: &inner)
      reportingReturns = saved
      return .unknown("closure")
    }
    if let e = expr.as(SequenceExprSyntax.self) { return sequence(Array(e.elements), env: &env) }
    if let e = expr.as(IfExprSyntax.self) {
      // `if` as an expression: the value of each branch's last expression.
      return branchValue(e, env: &env)
    }
    if let e = expr.as(SwitchExprSyntax.self) {
      _ = expression(ExprSyntax(e), env: &env)
      return .unknown("value")
    }
    // Anything else: its parts may still run queries.
    for child in expr.children(viewMode: .sourceAccurate) {
      if let inner = child.as(ExprSyntax.self) { _ = eval(inner, env: &env) }
    }
    return .unknown("value")
  }

  private func branchValue(_ e: IfExprSyntax, env: inout Env) -> SourceValue {
    var thenEnv = env
    conditions(e.conditions, env: &thenEnv)
    let thenValue = lastValue(e.body.statements, env: &thenEnv)
    var elseEnv = env
    let elseValue: SourceValue
    switch e.elseBody {
    case .ifExpr(let next): elseValue = branchValue(next, env: &elseEnv)
    case .codeBlock(let block): elseValue = lastValue(block.statements, env: &elseEnv)
    case nil: elseValue = .unknown("value")
    }
    env = SourceValue.merged(env, [thenEnv, elseEnv])
    return SourceValue.merge(thenValue, elseValue)
  }

  private func lastValue(_ items: CodeBlockItemListSyntax, env: inout Env) -> SourceValue {
    guard let last = items.last, case .expr(let expr) = last.item else {
      walk(items, env: &env)
      return .unknown("value")
    }
    walk(items.dropLast(), env: &env)
    return eval(expr, env: &env)
  }

  /// An unfolded operator sequence: `a = b`, `c ? x : y`; others are evaluated for their calls.
  private func sequence(_ elements: [ExprSyntax], env: inout Env) -> SourceValue {
    if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
      let value = eval(elements[2], env: &env)
      if let name = assignedName(elements[0]) { env[name] = value }
      return .unknown("value")
    }
    if elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self) {
      for element in elements.dropLast(2) { _ = eval(element, env: &env) }
      var thenEnv = env
      let thenValue = eval(ternary.thenExpression, env: &thenEnv)
      var elseEnv = env
      let elseValue = eval(elements[elements.count - 1], env: &elseEnv)
      env = SourceValue.merged(env, [thenEnv, elseEnv])
      return SourceValue.merge(thenValue, elseValue)
    }
    for element in elements { _ = eval(element, env: &env) }
    return .unknown("value")
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

  private func lookup(_ name: String, env: Env) -> SourceValue {
    if let value = env[name] { return value }
    if let type = currentType, let value = property("\(type).\(name)") { return value }
    return property(name) ?? .unknown(name)
  }

  /// A module-level property's value (evaluated once per lookup, cycles cut).
  private func property(_ name: String) -> SourceValue? {
    guard let found = index.properties[name] else { return nil }
    switch found {
    case .string(let text): return .string(text)
    case .getter(let body):
      guard depth < Self.maxDepth else { return .unknown(name) }
      return inline(body, env: [:])
    case .expression(let expr):
      guard !evaluatingProperties.contains(name), depth < Self.maxDepth else { return .unknown(name) }
      evaluatingProperties.insert(name)
      defer { evaluatingProperties.remove(name) }
      let saved = reporting
      reporting = false
      defer { reporting = saved }
      var env: Env = [:]
      depth += 1
      defer { depth -= 1 }
      let value = eval(expr, env: &env)
      if case .unknown = value { return .unknown(name) }
      return value
    }
  }

  private func member(_ e: MemberAccessExprSyntax, env: inout Env) -> SourceValue {
    let name = e.declName.baseName.text
    guard let base = e.base else { return .unknown(name) }
    if let ref = base.as(DeclReferenceExprSyntax.self), env[ref.baseName.text] == nil {
      let typeName = ref.baseName.text
      if typeName == "self" || typeName == "Self" { return lookup(name, env: env) }
      if let value = property("\(typeName).\(name)") { return value }
      if typeName == "FieldPath", name == "documentID" { return .unknown("documentID") }
    }
    let value = eval(base, env: &env)
    switch (value, name) {
    case (.string, "rawValue"): return value
    case (.query, "count"): return value.adding(.count)
    case (.unknown, _):
      // `model.feedQuery`: a query property of the module, found by its name.
      let found = lookup(name, env: [:])
      if case .query = found { return found }
      return .unknown(name)
    default: return .unknown(name)
    }
  }

  private func argument(_ call: FunctionCallExprSyntax, _ label: String?) -> ExprSyntax? {
    call.arguments.first { $0.label?.text == label }?.expression
  }

  private func call(_ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    let result = callValue(e, env: &env)
    // Closures passed to the call run with the variables as they are now.
    let saved = reportingReturns
    reportingReturns = false
    for closure in [e.trailingClosure].compactMap({ $0 }) + e.additionalTrailingClosures.map(\.closure) {
      var inner = env
      walk(closure.statements, env: &inner)
    }
    reportingReturns = saved
    return result
  }

  private func callValue(_ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    if let ref = e.calledExpression.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      if name == "FieldPath" { return fieldPath(e, env: &env) }
      return helper(name, e, env: &env)
    }
    guard let access = e.calledExpression.as(MemberAccessExprSyntax.self) else { return evalArguments(e, env: &env) }
    let method = access.declName.baseName.text
    // An implicit member (`.orFilter([...])`, `.whereField(...)` in a filter list, `.sum("x")` in
    // `aggregate([...])`) names the type the SDK expects there.
    let implicitType: String? =
      switch method {
      case "orFilter", "andFilter", "whereField": "Filter"
      case "count", "sum", "average": "AggregateField"
      default: nil
      }
    guard let baseExpr = access.base else {
      guard let implicitType else { return evalArguments(e, env: &env) }
      return sdkStatic(implicitType, method, e, env: &env) ?? evalArguments(e, env: &env)
    }
    if let ref = baseExpr.as(DeclReferenceExprSyntax.self), env[ref.baseName.text] == nil,
      let value = sdkStatic(ref.baseName.text, method, e, env: &env)
    {
      return value
    }
    let base = eval(baseExpr, env: &env)
    return apply(method, to: base, baseExpr: baseExpr, e, env: &env)
  }

  /// `FieldPath.documentID()`, `Filter.*`, `AggregateField.*`, and helpers called on `self`.
  private func sdkStatic(_ type: String, _ method: String, _ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue?
  {
    switch (type, method) {
    case ("FieldPath", "documentID"): return .field(.documentID)
    case ("Filter", _): return filter(method, e, env: &env)
    case ("AggregateField", "count"): return .constraint(.count)
    case ("AggregateField", "sum"), ("AggregateField", "average"):
      guard let first = e.arguments.first else { return .constraint(nil) }
      let field = eval(first.expression, env: &env).field
      return .constraint(field.map { method == "sum" ? .sum($0) : .average($0) })
    case ("self", _), ("Self", _):
      return index.functions[method] != nil ? helper(method, e, env: &env) : nil
    default:
      return nil
    }
  }

  private func evalArguments(_ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    _ = eval(e.calledExpression, env: &env)
    for argument in e.arguments {
      let value = eval(argument.expression, env: &env)
      // A query handed to code Flint does not follow runs there.
      if case .query = value { report(value, at: argument.expression) }
    }
    return .unknown("value")
  }

  private func fieldPath(_ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    guard e.arguments.count == 1, let first = e.arguments.first,
      case .array(let parts) = eval(first.expression, env: &env)
    else {
      return .unknown("fieldPath")
    }
    var segments: [String] = []
    for part in parts {
      guard case .string(let text) = part else { return .unknown("fieldPath") }
      segments.append(text)
    }
    return .field(.segments(segments))
  }

  /// `Filter.whereField(...)`, `Filter.orFilter([...])`, `Filter.andFilter([...])`.
  private func filter(_ method: String, _ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    switch method {
    case "whereField":
      return whereField(e, env: &env)
    case "orFilter", "andFilter":
      guard let first = e.arguments.first, case .array(let parts) = eval(first.expression, env: &env) else {
        return .badFilter("the filters of Filter.\(method) are not a literal array")
      }
      var filters: [SourceFilter] = []
      for part in parts {
        switch part {
        case .filter(let filter): filters.append(filter)
        case .badFilter(let reason): return .badFilter(reason)
        default: return .badFilter("a filter of Filter.\(method) is not a constant filter")
        }
      }
      return .filter(.composite(isOr: method == "orFilter", filters))
    default:
      return .badFilter("unknown filter Filter.\(method)")
    }
  }

  static let whereLabels: [String: String] = [
    "isEqualTo": "==", "isNotEqualTo": "!=", "isLessThan": "<", "isLessThanOrEqualTo": "<=", "isGreaterThan": ">",
    "isGreaterThanOrEqualTo": ">=", "arrayContains": "array-contains", "arrayContainsAny": "array-contains-any",
    "in": "in", "notIn": "not-in",
  ]

  private func whereField(_ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    let arguments = Array(e.arguments)
    guard arguments.count == 2, let label = arguments[1].label?.text, let op = Self.whereLabels[label] else {
      return .badFilter("whereField with labels Flint does not know")
    }
    let field = eval(arguments[0].expression, env: &env)
    let value = eval(arguments[1].expression, env: &env)
    return fieldFilter(field, op: op, value: value, fieldText: arguments[0].expression.trimmedDescription)
  }

  private func apply(
    _ method: String, to base: SourceValue, baseExpr: ExprSyntax, _ e: FunctionCallExprSyntax, env: inout Env
  ) -> SourceValue {
    switch base {
    case .query(let states):
      switch method {
      case "whereField":
        return withFilter(base, whereField(e, env: &env))
      case "whereFilter":
        guard let first = e.arguments.first else { return base }
        return withFilter(base, eval(first.expression, env: &env))
      case "order":
        guard let by = argument(e, "by") else { return base }
        let field = eval(by, env: &env)
        var descending = false
        if let flag = argument(e, "descending") {
          switch eval(flag, env: &env) {
          case .literal("true"): descending = true
          case .literal("false"): descending = false
          default: return base.failing("the direction of order(by:) is not a constant (\(flag.trimmedDescription))")
          }
        }
        guard let name = field.field else {
          return base.failing("the field of order(by:) is not a constant (\(by.trimmedDescription))")
        }
        return base.adding(.orderBy(name, descending: descending))
      case "limit":
        if let to = argument(e, "to") { return base.adding(.limit(limitValue(eval(to, env: &env)))) }
        if let last = argument(e, "toLast") { return base.adding(.limitToLast(limitValue(eval(last, env: &env)))) }
        return base
      case "start", "end":
        // Cursors never change the index a query needs.
        for argument in e.arguments { _ = eval(argument.expression, env: &env) }
        return base
      case "aggregate":
        guard let first = e.arguments.first, case .array(let parts) = eval(first.expression, env: &env) else {
          return base.failing("the fields of aggregate([...]) are not a literal array")
        }
        var value = base
        for part in parts {
          guard case .constraint(let step?) = part else {
            return base.failing("an aggregation of aggregate([...]) is not constant")
          }
          value = value.adding(step)
        }
        return value
      case "document":
        guard states.count == 1, let state = states.first, state.scope == .collection, state.problem == nil else {
          return .unknown("document")
        }
        guard let first = e.arguments.first else { return .document(state.path + ["{id}"]) }
        return .document(state.path + [segment(eval(first.expression, env: &env), e: first.expression)])
      case _ where Self.runMethods.contains(method):
        _ = evalArguments(e, env: &env)
        report(base, at: baseExpr)
        return .unknown("snapshot")
      default:
        _ = evalArguments(e, env: &env)
        return .unknown(method)
      }
    case .document(let path):
      if method == "collection", let first = e.arguments.first {
        let value = eval(first.expression, env: &env)
        guard let segments = collectionPath(value) else {
          return QueryState.computedCollection(.collection, under: path, written: first.expression.trimmedDescription)
        }
        return .query([QueryState(scope: .collection, path: path + segments)])
      }
      _ = evalArguments(e, env: &env)
      return .unknown(method)
    case .unknown where Self.queryOnlyRunMethods.contains(method):
      _ = evalArguments(e, env: &env)
      let handedIn = baseExpr.as(DeclReferenceExprSyntax.self).map { parameters.contains($0.baseName.text) } ?? false
      if reporting, !handedIn {
        findings.unresolved(
          "the query is built where Flint cannot see it (\(SourceFindings.oneLine(baseExpr.trimmedDescription)))",
          place: place(baseExpr), language: .swift, text: baseExpr.trimmedDescription)
      }
      return .unknown("snapshot")
    case .unknown, .string:
      // `db.collection(...)`, `Firestore.firestore().collectionGroup(...)`.
      guard method == "collection" || method == "collectionGroup", e.arguments.count == 1,
        let first = e.arguments.first,
        first.label == nil
      else {
        return evalArguments(e, env: &env)
      }
      let value = eval(first.expression, env: &env)
      let kind: QuerySource.Kind = method == "collection" ? .collection : .collectionGroup
      guard let segments = collectionPath(value) else {
        return QueryState.computedCollection(kind, under: [], written: first.expression.trimmedDescription)
      }
      return .query([QueryState(scope: kind, path: segments)])
    default:
      return evalArguments(e, env: &env)
    }
  }

  private func segment(_ value: SourceValue, e: ExprSyntax) -> String {
    if case .string(let text) = value { return text }
    return "{\(DSLText.placeholder(e.trimmedDescription))}"
  }

  private func limitValue(_ value: SourceValue) -> String {
    if case .literal(let text) = value, Int(text) != nil { return text }
    return "1"
  }

  private func withFilter(_ base: SourceValue, _ filter: SourceValue) -> SourceValue {
    switch filter {
    case .filter(let f): return base.adding(.filter(f))
    case .badFilter(let reason): return base.failing(reason)
    default: return base.failing("the filter is not a constant Filter")
    }
  }

  /// A call of a function of the module: its return value with the arguments bound.
  private func helper(_ name: String, _ e: FunctionCallExprSyntax, env: inout Env) -> SourceValue {
    let arguments = e.arguments.map { eval($0.expression, env: &env) }
    // A query handed to a function runs there, or in what it calls: reported at the argument
    // (a helper of the module may run it, `func fetch(_ q: Query) { q.getDocuments() }`).
    for (argument, value) in zip(e.arguments, arguments) {
      if case .query = value { report(value, at: argument.expression) }
    }
    guard let candidates = index.functions[name], depth < Self.maxDepth,
      let function = candidates.first(where: { $0.signature.parameterClause.parameters.count == arguments.count }),
      let body = function.body
    else {
      return .unknown(name)
    }
    var bound: Env = [:]
    for (parameter, value) in zip(function.signature.parameterClause.parameters, arguments) {
      bound[(parameter.secondName ?? parameter.firstName).text] = value
    }
    return inline(body.statements, env: bound)
  }

  private func inline(_ body: CodeBlockItemListSyntax, env: Env) -> SourceValue {
    let saved = reporting
    let savedReturns = reportingReturns
    reportingReturns = false
    defer { reportingReturns = savedReturns }
    reporting = false
    depth += 1
    defer {
      reporting = saved
      depth -= 1
    }
    var inner = env
    var returns = walk(body, env: &inner)
    // A body of one expression returns it.
    if returns.isEmpty, body.count == 1, let only = body.first, case .expr(let expr) = only.item {
      var again = env
      returns = [eval(expr, env: &again)]
    }
    guard var value = returns.first else { return .unknown("value") }
    for other in returns.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }
}
