import RulesLanguage

/// The default, short explanation of a denied request: for each allow that could have
/// granted it, its line, the first sub-expression that made it fail (a caret under it,
/// through function calls) and the values that sub-expression saw, with the offending
/// keys of `hasOnly`/`hasAll`/`hasAny`/`keys()` checks named. `TraceTextRenderer.render`
/// keeps the full trace (`--explain full`).
public enum ShortExplanation {
  /// The short text; `signedOutHint` is added when the request was signed out and the
  /// rules read `request.auth` (it tells how to sign in with the caller's tool).
  public static func render(_ decision: Decision, source: SourceFile, signedOutHint: String? = nil) -> String {
    let trace = decision.trace
    var lines = ["\(decision.allowed ? "ALLOW" : "DENY") \(trace.method.rawValue) \(trace.path)"]
    if decision.allowed { return lines.joined(separator: "\n") + "\n" }
    lines.append("  reason: \(trace.summary)")
    var signedOut = false
    for allow in trace.allows {
      let methods = allow.methods.map(\.rawValue).joined(separator: ", ")
      lines.append("  L\(allow.line) allow \(methods): \(TraceTextRenderer.outcomeText(allow.outcome))")
      guard let expression = allow.expression, allow.outcome != .granted else { continue }
      lines.append(contentsOf: TraceTextRenderer.failureCarets(expression, source: source).map { "    " + $0 })
      if let culprit = expression.failureChain.last {
        lines.append(contentsOf: seen(culprit, source: source).map { "    " + $0 })
      }
      signedOut = signedOut || readsNullAuth(expression, source: source)
    }
    if signedOut {
      lines.append("  note: request.auth is null: the request is signed out")
      if let signedOutHint { lines.append("  " + signedOutHint) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `where <operand> = <value>` for each evaluated operand that is not a literal, then the
  /// keys a key check is unhappy with.
  static func seen(_ node: ExprTrace, source: SourceFile) -> [String] {
    var lines: [String] = []
    for child in node.children {
      if case .notEvaluated = child.value { continue }
      let text = TraceTextRenderer.snippetText(child.range, source: source)
      let value = ValueText.render(child.value)
      if text == value || text.isEmpty { continue }
      lines.append("where \(text) = \(value)")
    }
    if let keys = KeyCheck.problem(node, source: source) { lines.append(keys) }
    return lines
  }

  /// Whether some evaluated `request.auth…` sub-expression was null or failed on null.
  static func readsNullAuth(_ node: ExprTrace, source: SourceFile) -> Bool {
    let text = TraceTextRenderer.snippetText(node.range, source: source)
    if text.hasPrefix("request.auth") {
      switch node.value {
      case .value(.null): return true
      case .error(let error) where error.message.hasPrefix("Null value error"): return true
      default: break
      }
    }
    return node.children.contains { readsNullAuth($0, source: source) }
  }
}
