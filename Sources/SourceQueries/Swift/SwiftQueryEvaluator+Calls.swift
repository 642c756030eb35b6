import SwiftSyntax

/// Calls: the SDK's methods (through `SwiftSurface`), helpers of the module inlined with the
/// caller's arguments, extension methods of `Query` with the query as `self`, and the closures
/// passed to a call.
extension SwiftQueryEvaluator {
  func call(_ e: FunctionCallExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    let result = callValue(e, context, env: &env)
    // Closures passed to the call run with the variables as they are now.
    for closure in [e.trailingClosure].compactMap({ $0 }) + e.additionalTrailingClosures.map(\.closure) {
      var inner = env
      work += 1
      if let parameters = closure.signature?.parameterClause { Self.bindUnknown(parameters, env: &inner) }
      walk(closure.statements, context.inClosure, env: &inner)
    }
    return result
  }

  /// The arguments of a call, each evaluated once.
  private func arguments(_ e: FunctionCallExprSyntax, _ context: Context, env: inout Env) -> [SwiftArgument] {
    e.arguments.map {
      SwiftArgument(label: $0.label?.text, value: eval($0.expression, context, env: &env), expression: $0.expression)
    }
  }

  private func callValue(_ e: FunctionCallExprSyntax, _ context: Context, env: inout Env) -> SourceValue {
    switch e.calledExpression.as(ExprSyntaxEnum.self) {
    case .declReferenceExpr(let ref):
      let name = ref.baseName.text
      let args = arguments(e, context, env: &env)
      if name == "FieldPath" { return SwiftSurface.fieldPath(args) }
      // Inside an extension of an SDK type: `whereField(...)` is `self.whereField(...)`.
      if let selfValue = context.selfValue,
        index.extensionMethod(name, on: selfValue, arguments: args.count) != nil
          || SwiftSurface.queryMethods.contains(name)
      {
        return apply(name, to: selfValue, baseExpr: e.calledExpression, args, context)
      }
      return helper(name, args, context)
    case .memberAccessExpr(let access):
      let method = access.declName.baseName.text
      guard let baseExpr = access.base else {
        // An implicit member (`.orFilter([...])`, `.sum("x")`) names the type the SDK expects there.
        let args = arguments(e, context, env: &env)
        if let value = SwiftSurface.implicitMember(method, args) { return value }
        reportHandedOver(args, context)
        return .unknown(method)
      }
      if let type = Self.qualifiedName(baseExpr), let first = type.split(separator: ".").first,
        env[String(first)] == nil
      {
        if (type == "self" || type == "Self") && context.selfValue == nil {
          return helper(method, arguments(e, context, env: &env), context)
        }
        if index.properties[type] == nil, SwiftSurface.isStaticType(type) {
          let args = arguments(e, context, env: &env)
          return SwiftSurface.staticCall(type, method, args) ?? .unknown(method)
        }
        // `Constants.usersCollection(uid:)`: a static function of a type of the module.
        let typeName = type.split(separator: ".").last.map(String.init)
        if index.properties[type] == nil, let typeName,
          index.functions[method]?.contains(where: { $0.type?.split(separator: ".").last.map(String.init) == typeName })
            == true
        {
          return helper(method, arguments(e, context, env: &env), context.inType(typeName))
        }
      }
      let base = eval(baseExpr, context, env: &env)
      let args = arguments(e, context, env: &env)
      return apply(method, to: base, baseExpr: baseExpr, args, context)
    case .closureExpr(let closure) where e.arguments.isEmpty && e.trailingClosure == nil:
      // A closure called where it is written (`lazy var q: Query = { ... }()`): what it returns.
      work += 1
      return bodyValue(closure.statements, context.inClosure, env: env)
    default:
      _ = eval(e.calledExpression, context, env: &env)
      reportHandedOver(arguments(e, context, env: &env), context)
      return .unknown("value")
    }
  }

  /// `base.method(args)`.
  private func apply(
    _ method: String, to base: SourceValue, baseExpr: ExprSyntax, _ args: [SwiftArgument], _ context: Context
  ) -> SourceValue {
    switch base {
    case .query:
      if let value = SwiftSurface.queryMethod(method, on: base, args) { return value }
      if SwiftSurface.runMethods.contains(method) {
        report(base, at: baseExpr, context)
        return .unknown("snapshot")
      }
      if let function = index.extensionMethod(method, on: base, arguments: args.count) {
        return inline(function, selfValue: base, args, context)
      }
    case .document(let path):
      if let value = SwiftSurface.documentMethod(method, under: path, args) { return value }
      if let function = index.extensionMethod(method, on: base, arguments: args.count) {
        return inline(function, selfValue: base, args, context)
      }
    case .oneOf(let alternatives) where alternatives.allSatisfy({ if case .document = $0 { true } else { false } }):
      // One of several documents: the method on each, the results merged into variants.
      let results = alternatives.map { apply(method, to: $0, baseExpr: baseExpr, args, context) }
      return results.dropFirst().reduce(results[0], SourceValue.merge)
    case .unknown where SwiftSurface.queryOnlyRunMethods.contains(method) && index.functions[method] == nil:
      let handedIn = baseExpr.as(DeclReferenceExprSyntax.self).map { context.parameters.contains($0.baseName.text) }
      if context.reporting, handedIn != true {
        findings.unresolved(
          SwiftSurface.unseen(baseExpr.trimmedDescription), place: place(baseExpr), language: .swift,
          text: baseExpr.trimmedDescription)
      }
      return .unknown("snapshot")
    default:
      break
    }
    reportHandedOver(args, context)
    return .unknown(method)
  }

  /// A call of a function of the module: its return value with the arguments bound. A query
  /// handed to a function that does not return a query runs there or in what it calls: it is
  /// reported at the argument.
  private func helper(_ name: String, _ args: [SwiftArgument], _ context: Context) -> SourceValue {
    guard let function = index.function(name, arguments: args.count, preferring: context.currentType) else {
      reportHandedOver(args, context)
      return .unknown(name)
    }
    let value = inline(function, selfValue: nil, args, context)
    if case .query = value { return value }
    reportHandedOver(args, context)
    return value
  }
}
