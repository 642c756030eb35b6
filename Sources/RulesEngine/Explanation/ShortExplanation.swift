import RulesLanguage

/// The default, short explanation of a decision.
///
/// Denied: for each allow that could have granted it, its line, the first sub-expression that
/// made it fail (a caret under it, through function calls) and the values that sub-expression
/// saw, with the offending keys of `hasOnly`/`hasAll`/`hasAny`/`keys()` checks named, then notes
/// on what was null and why. Allowed: the allow that granted it (`GrantExplanation`).
/// `TraceTextRenderer.render` keeps the full trace (`--explain full`).
package enum ShortExplanation {
  /// The short text. `signedOutHint` is added when the request was signed out and the rules
  /// read `request.auth` (it tells how to sign in with the caller's tool); `dataName` names
  /// the documents the request ran against in notes ("the case's data"); `batch` holds the
  /// decisions of the batch the request belongs to, if any (notes on `get()` name the write that
  /// creates a missing document).
  /// `explainsGrant: false` keeps an allowed request to its verdict line (the writes a batch
  /// allowed when the batch was expected to pass and another write was denied).
  package static func render(
    _ decision: Decision, source: SourceFile, signedOutHint: String? = nil, dataName: String = "the data",
    batch: [Decision] = [], explainsGrant: Bool = true
  ) -> String {
    let trace = decision.trace
    var lines = ["\(decision.allowed ? "ALLOW" : "DENY") \(trace.method.rawValue) \(trace.path)"]
    if decision.allowed {
      guard explainsGrant else { return lines.joined(separator: "\n") + "\n" }
      lines.append(contentsOf: GrantExplanation.lines(trace, source: source).map { "  " + $0 })
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("  reason: \(trace.summary)")
    for allow in trace.allows {
      let methods = allow.methods.map(\.rawValue).joined(separator: ", ")
      lines.append("  L\(allow.line) allow \(methods): \(TraceTextRenderer.outcomeText(allow.outcome))")
      guard let expression = allow.expression, allow.outcome != .granted else { continue }
      lines.append(contentsOf: TraceTextRenderer.failureCarets(expression, source: source).map { "    " + $0 })
      if let culprit = expression.failureChain.last {
        lines.append(contentsOf: seen(culprit, source: source).map { "    " + $0 })
      }
    }
    for note in notes(decision, source: source, dataName: dataName, batch: batch) {
      lines.append("  note: " + note)
      if note == NullNote.signedOut, let signedOutHint { lines.append("  " + signedOutHint) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The notes on a denied request, each true of it: the closest `match` block when none
  /// matched, what was null under each failing allow and why, and the missing documents
  /// `get()`/`getAfter()` looked up with the state they read. None for an allowed request.
  package static func notes(
    _ decision: Decision, source: SourceFile, dataName: String = "the data", batch: [Decision] = []
  )
    -> [String]
  {
    guard !decision.allowed else { return [] }
    let trace = decision.trace
    var notes: [String] = []
    func add(_ note: String) { if !notes.contains(note) { notes.append(note) } }
    if let nearest = trace.nearestMatch { add(nearest.note(source: source)) }
    for allow in trace.allows where allow.outcome != .granted {
      guard let culprit = allow.expression?.failureChain.last else { continue }
      NullNote.notes(culprit, trace: trace, source: source, dataName: dataName).forEach(add)
    }
    let writes = batch.isEmpty ? [trace] : batch.map(\.trace)
    // A read whose `resource` note already says the document is missing needs no second note
    // for a `get()` of that same document.
    let said = notes.contains(NullNote.resourceNote(trace, dataName: dataName)) && !trace.method.isWrite
    LookupNote.notes(trace, writes: writes, dataName: dataName, skipping: said ? trace.requestPath : nil).forEach(add)
    return notes
  }

  /// `where <operand> = <value>` for each evaluated operand that is not a literal, then the
  /// keys a key check is unhappy with.
  static func seen(_ node: ExprTrace, source: SourceFile) -> [String] {
    var lines = operands(node, source: source).map { "where \($0.text) = \($0.value)" }
    if let keys = KeyCheck.problem(node, source: source) { lines.append(keys) }
    return lines
  }

  /// The evaluated operands of `node` that are not literals, as source text and value text.
  static func operands(_ node: ExprTrace, source: SourceFile, limit: Int = 80) -> [(text: String, value: String)] {
    var found: [(text: String, value: String)] = []
    for child in node.children {
      if case .notEvaluated = child.value { continue }
      let text = TraceTextRenderer.snippetText(child.range, source: source)
      let value = ValueText.render(child.value, limit: limit)
      if text == value || text.isEmpty { continue }
      found.append((text, value))
    }
    return found
  }
}
