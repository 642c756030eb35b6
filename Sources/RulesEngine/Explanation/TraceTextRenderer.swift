import RulesLanguage

/// Renders explanations as text: the verdict, the matched blocks with their bindings,
/// each candidate allow with its outcome, and, for the allows that did not grant, the
/// source line with a caret under the sub-expression that made them fail, followed by the
/// evaluated expression tree (at `TraceLevel.full`).
package enum TraceTextRenderer {
  /// The full explanation of a decision; `source` is the rules file the ruleset was built from.
  package static func render(_ decision: Decision, source: SourceFile) -> String {
    let trace = decision.trace
    var lines: [String] = []
    lines.append("\(decision.allowed ? "ALLOW" : "DENY") \(trace.method.rawValue) \(trace.path)")
    if !decision.allowed { lines.append("  reason: \(trace.summary)") }
    if let nearest = trace.nearestMatch { lines.append("  note: " + nearest.note(source: source)) }
    for (index, match) in trace.matches.enumerated() {
      lines.append("  match \(match.pattern)" + lineSuffix(match.range, source))
      if !match.bindings.isEmpty {
        let bound = match.bindings.map { "\($0.name) = \($0.value.map { ValueText.render($0) } ?? "<unknown>")" }
        lines.append("    " + bound.joined(separator: ", "))
      }
      for allow in trace.allows where allow.matchIndex == index {
        lines.append(contentsOf: render(allow, source: source).map { "    " + $0 })
      }
    }
    for lookup in trace.lookups {
      let state = lookup.found ? "found" : "missing"
      let charge = lookup.charged ? "charged" : "cached"
      lines.append("  lookup \(lookup.function) /\(lookup.path) (\(state), \(charge))")
    }
    for output in trace.debugOutputs {
      lines.append("  debug L\(source.location(of: output.range.start).line): \(output.text)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One allow: `L6 allow read: false`, then carets and the expression tree when it failed.
  static func render(_ allow: AllowTrace, source: SourceFile) -> [String] {
    let methods = allow.methods.map(\.rawValue).joined(separator: ", ")
    var lines = ["L\(allow.line) allow \(methods): \(outcomeText(allow.outcome))"]
    if allow.alsoGrants != nil { lines[0] += " (an earlier allow granted; this one grants too)" }
    guard let expression = allow.expression else { return lines }
    if allow.outcome != .granted {
      lines.append(contentsOf: failureCarets(expression, source: source).map { "  " + $0 })
    }
    lines.append(contentsOf: tree(expression, source: source).map { "  " + $0 })
    return lines
  }

  /// The text of an allow outcome.
  static func outcomeText(_ outcome: AllowOutcome) -> String {
    switch outcome {
    case .granted: "granted"
    case .denied: "false"
    case .notBoolean(let type): "not a bool (\(type))"
    case .error(let message): "error: \(message)"
    case .needsQueryConstraints(let message): message
    case .limitExceeded(let message): "limit exceeded: \(message)"
    case .notEvaluated: "not evaluated"
    }
  }

  /// Caret snippets for a failing expression: one at the deepest failing node of each
  /// function level (the call site, then inside the function body, ...). When the deepest
  /// node is an `||` whose sides were all false, each side gets its own carets.
  package static func failureCarets(_ expression: ExprTrace, source: SourceFile) -> [String] {
    failureCarets(expression, source: source, function: nil)
  }

  private static func failureCarets(_ expression: ExprTrace, source: SourceFile, function: String?) -> [String] {
    let chain = expression.failureChain
    guard var segmentEnd = chain.first else { return [] }
    var lines: [String] = []
    var inFunction = function
    for node in chain {
      if case .functionBody(let name) = node.kind {
        lines.append(contentsOf: snippet(segmentEnd, source: source, function: inFunction))
        inFunction = name
      }
      segmentEnd = node
    }
    let sides = segmentEnd.children.filter(\.value.isFalse)
    if segmentEnd.kind == .or, segmentEnd.value.isFalse, sides.count > 1 {
      for side in sides {
        lines.append(contentsOf: failureCarets(side, source: source, function: inFunction))
      }
      return lines
    }
    lines.append(contentsOf: snippet(segmentEnd, source: source, function: inFunction))
    return lines
  }

  private static func snippet(_ node: ExprTrace, source: SourceFile, function: String?) -> [String] {
    let note = ValueText.render(node.value)
    var lines: [String] = []
    if let function { lines.append("in function \(function)():") }
    lines.append(contentsOf: caretLines(node.range, source: source, note: note))
    return lines
  }

  /// `  6 | source line` and `    |   ^~~~ note` for `range` (clipped to its first line; a very
  /// long line is shown as a window around the caret, as diagnostics show it).
  package static func caretLines(_ range: SourceRange, source: SourceFile, note: String) -> [String] {
    let start = source.location(of: range.start)
    let end = source.location(of: range.end)
    let shown = DiagnosticRenderer.excerpt(
      source, at: start, width: end.line == start.line ? end.column - start.column : nil)
    let gutter = String(start.line)
    let pad = String(repeating: " ", count: gutter.count)
    let caret = DiagnosticRenderer.caretLine(for: shown.line, column: shown.column, width: shown.width)
    return ["\(gutter) | \(shown.line)", "\(pad) | \(caret) \(note)"]
  }

  /// The evaluated tree, one node per line: `source text → value`, short-circuited nodes
  /// marked, function bodies and `let`s labelled, debug output shown inline.
  package static func tree(_ root: ExprTrace, source: SourceFile) -> [String] {
    var lines: [String] = []
    appendTree(root, source: source, prefix: "", childPrefix: "", into: &lines)
    return lines
  }

  private static func appendTree(
    _ node: ExprTrace, source: SourceFile, prefix: String, childPrefix: String, into lines: inout [String]
  ) {
    lines.append(prefix + label(node, source: source))
    for (index, child) in node.children.enumerated() {
      let last = index == node.children.count - 1
      appendTree(
        child, source: source, prefix: childPrefix + (last ? "└─ " : "├─ "),
        childPrefix: childPrefix + (last ? "   " : "│  "), into: &lines)
    }
  }

  private static func label(_ node: ExprTrace, source: SourceFile) -> String {
    let text = snippetText(node.range, source: source)
    let value = ValueText.render(node.value)
    switch node.kind {
    case .functionBody(let name): return "function \(name)() returns \(value)"
    case .letBinding(let name): return "let \(name) = \(value)"
    case .debug: return "\(text) → \(value)  [debug: \(ProtoText.render(node.value))]"
    default:
      if case .notEvaluated = node.value { return "\(text)  (short-circuited, not evaluated)" }
      return "\(text) → \(value)"
    }
  }

  /// The source text of a range on one line, whitespace collapsed, cut at 60 characters.
  package static func snippetText(_ range: SourceRange, source: SourceFile) -> String {
    let raw = source.text(in: range)
    let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return collapsed.count > 60 ? String(collapsed.prefix(59)) + "…" : collapsed
  }

  private static func lineSuffix(_ range: SourceRange, _ source: SourceFile) -> String {
    range == .none ? "" : "  (line \(source.location(of: range.start).line))"
  }
}

extension Decision {
  /// The text explanation of this decision (see `TraceTextRenderer`).
  package func explanation(source: SourceFile) -> String {
    TraceTextRenderer.render(self, source: source)
  }
}
