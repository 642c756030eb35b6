import Queries
import SwiftSyntax

/// Evaluates the Swift code of one module to query variants: the statement walker
/// (`+Statements`), the expression evaluator (`+Expressions`), calls and helpers (`+Calls`), with
/// the SDK's own methods in `SwiftSurface`. A query is reported where it runs (`getDocuments`,
/// `addSnapshotListener`, `getAggregation`, ...) or where it leaves the code Flint can follow
/// (passed to a function of another module).
///
/// Linear time: every expression of a body is evaluated once; a helper's value is memoized per
/// function and call context (its arguments and `self`), a property's once; and all inlining
/// stops at a work budget proportional to the module's size. A query whose helper or property was
/// not evaluated because of the budget is unresolved with that reason.
final class SwiftQueryEvaluator {
  typealias Env = [String: SourceValue]
  typealias Context = SwiftEvaluationContext

  let index: SwiftModuleIndex
  var findings: SourceFindings
  private(set) var file = ""
  private var lines = LineTable("")
  /// One unit per expression evaluated and statement walked.
  var work = 0
  /// Above this much work, helpers and properties are no longer inlined.
  let budget: Int
  static let maxDepth = 12

  private var helperValues: [HelperCall: SourceValue] = [:]
  private var helpersInProgress: Set<HelperCall> = []
  private var propertyValues: [String: SourceValue] = [:]
  private var propertiesInProgress: Set<String> = []

  /// A helper called with given argument values (and `self`): the memo key of its value.
  private struct HelperCall: Hashable {
    var function: SyntaxIdentifier
    var arguments: [SourceValue]
    var selfValue: SourceValue?
  }

  /// A variable declared without a value (`let q: Query`): a path that never assigns it
  /// cannot reach a use (definite initialization), so merging ignores it.
  static let unassigned = SourceValue.unknown("\u{1}unassigned")

  init(index: SwiftModuleIndex, budget: Int, findings: SourceFindings) {
    self.index = index
    self.budget = budget
    self.findings = findings
  }

  /// Starts a file: places of what is reported are in it.
  func begin(file: String, text: String) {
    self.file = file
    lines = LineTable(text)
  }

  func place(_ node: some SyntaxProtocol) -> SourcePlace {
    lines.place(file: file, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  /// Reports a query at `node`, unless the context is not reporting or the query was handed in
  /// by the caller (the caller reports it where it hands it over).
  func report(_ value: SourceValue, at node: some SyntaxProtocol, _ context: Context) {
    guard context.reporting, case .query(let states) = value else { return }
    if states.allSatisfy({ $0.problem?.hasPrefix(SwiftSurface.handedInReason) == true }) { return }
    findings.report(value, place: place(node), language: .swift, text: node.trimmedDescription)
  }

  /// Queries among the arguments of a call Flint does not follow run there: each is reported at
  /// its argument.
  func reportHandedOver(_ args: [SwiftArgument], _ context: Context) {
    for argument in args {
      if case .query = argument.value { report(argument.value, at: argument.expression, context) }
    }
  }

  // MARK: Names

  func lookup(_ name: String, _ context: Context, env: Env) -> SourceValue {
    if let value = env[name] { return value == Self.unassigned ? .unknown(name) : value }
    if name == "self" { return context.selfValue ?? .unknown("self") }
    if let type = context.currentType, let value = property("\(type).\(name)", context) { return value }
    return property(name, context) ?? .unknown(name)
  }

  /// A module-level property's value, evaluated once (cycles cut).
  func property(_ name: String, _ context: Context) -> SourceValue? {
    guard let entry = index.properties[name] else { return nil }
    if let known = propertyValues[name] { return known }
    guard !propertiesInProgress.contains(name) else { return .unknown(name) }
    if work > budget { return fallback(entry.declaredType, name: name) }
    propertiesInProgress.insert(name)
    defer { propertiesInProgress.remove(name) }
    let inner = context.inlined(type: entry.type)
    var value: SourceValue
    switch entry.property {
    case .string(let text): value = .string(text)
    case .typed(let type): value = SwiftSurface.opaque(type, name: name)
    case .assigned(let values):
      let assigned = values.map { assignment in
        var env: Env = [:]
        for parameter in assignment.parameters {
          env[parameter.name] = Self.parameterValue(parameter.name, type: parameter.type)
        }
        return eval(assignment.value, inner, env: &env)
      }
      value = assigned.dropFirst().reduce(assigned[0]) { SourceValue.merge($0, $1) }
    case .getter(let body): value = bodyValue(body, inner, env: [:])
    case .expression(let expr):
      var env: Env = [:]
      value = eval(expr, inner, env: &env)
    }
    if case .unknown = value {
      value = entry.declaredType.map { SwiftSurface.opaque($0, name: name) } ?? .unknown(name)
    }
    propertyValues[name] = value
    return value
  }

  /// What a parameter of a walked body holds: the database or a document for those types, a
  /// query the caller hands in, or an unknown value (never a same-named property of the module).
  static func parameterValue(_ name: String, type: String?) -> SourceValue {
    switch type {
    case "Firestore"?, "DocumentReference"?: SwiftSurface.opaque(type ?? "", name: name)
    case .some: SwiftSurface.handedIn(name)
    case nil: .unknown(name)
    }
  }

  /// What a helper or property stands for when Flint does not evaluate it: a value of its SDK
  /// type (a query unresolved with the reason), or unknown.
  func fallback(_ declaredType: String?, name: String, reason: String? = nil) -> SourceValue {
    guard let declaredType else { return .unknown(name) }
    if let reason, declaredType == "Query" || declaredType == "CollectionReference" {
      return .query([QueryState(scope: .collection, path: ["{collection}"], problem: reason)])
    }
    return SwiftSurface.opaque(declaredType, name: name)
  }

  // MARK: Helpers

  /// A function of the module called with `args` (on `selfValue` for an extension method): the
  /// value its body returns, memoized per function and call context.
  func inline(
    _ function: SwiftModuleIndex.Function, selfValue: SourceValue?, _ args: [SwiftArgument], _ context: Context
  ) -> SourceValue {
    let name = function.decl.name.text
    let declared = SwiftSurface.firestoreType(function.decl.signature.returnClause?.type)
    guard let body = function.decl.body else { return fallback(declared, name: name) }
    let key = HelperCall(function: function.decl.id, arguments: args.map(\.value), selfValue: selfValue)
    if let known = helperValues[key] { return known }
    guard !helpersInProgress.contains(key) else {
      return fallback(declared, name: name, reason: "the helper calls itself (\(name))")
    }
    guard context.depth < Self.maxDepth else {
      return fallback(declared, name: name, reason: "helper calls nest more than \(Self.maxDepth) deep (\(name))")
    }
    guard work <= budget else {
      return fallback(declared, name: name, reason: "Flint's work budget for this module ran out at \(name)(...)")
    }
    helpersInProgress.insert(key)
    defer { helpersInProgress.remove(key) }
    var env: Env = [:]
    let parameters = Array(function.decl.signature.parameterClause.parameters)
    for (position, parameter) in parameters.enumerated() {
      let parameterName = (parameter.secondName ?? parameter.firstName).text
      if position < args.count {
        var value = args[position].value
        if case .unknown = value, let type = SwiftSurface.firestoreType(parameter.type) {
          value = SwiftSurface.opaque(type, name: parameterName)
        }
        env[parameterName] = value
      } else if let fallbackValue = parameter.defaultValue?.value {
        var scratch: Env = [:]
        env[parameterName] = eval(fallbackValue, context.inlined(type: function.type), env: &scratch)
      } else {
        env[parameterName] = .unknown(parameterName)
      }
    }
    var value = bodyValue(body.statements, context.inlined(type: function.type, selfValue: selfValue), env: env)
    if case .unknown = value, let declared { value = SwiftSurface.opaque(declared, name: name) }
    helperValues[key] = value
    return value
  }

  /// The value a body returns (a body of one expression returns it).
  func bodyValue(_ body: CodeBlockItemListSyntax, _ context: Context, env: Env) -> SourceValue {
    var inner = env
    var flow = SwiftFlow()
    var returns: [SourceValue] = []
    if body.count == 1 {
      if let value = blockValue(body, context, env: &inner, flow: &flow) { returns.append(value) }
    } else {
      flow = walk(body, context, env: &inner)
    }
    returns += flow.returns
    // `return nil` of an optional query: the paths that return one are its variants.
    let values = returns.filter { $0 != .literal("null") }
    if !values.isEmpty { returns = values }
    guard var value = returns.first else { return .unknown("value") }
    for other in returns.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }
}
