import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// The text of the session's answers. Every verdict line starts with ALLOW or DENY.
enum ReplRenderer {
  /// `error: column 7: message`, the line, and a caret under the column. The line and the
  /// message are escaped, and a long line is cut around the caret, as `flint check` shows a
  /// diagnostic (`DiagnosticRenderer.excerptLines`).
  static func parseError(_ error: ReplParseError, line: String, style: ReplStyle) -> String {
    let shown = DiagnosticRenderer.excerptLines(line, column: error.column)
    let message = VisibleText.escaped(error.message, keepingTabs: false)
    return style.error("error:") + " column \(error.column): \(message)\n  \(shown.line)\n  \(shown.caret)\n"
  }

  /// A JSON error inside a line, its column counted from the line's start.
  static func jsonError(_ error: JSONError, line: String, column: Int, style: ReplStyle) -> String {
    var errorColumn = column
    if error.line == 1 || error.line == nil, let inner = error.column { errorColumn = column + inner - 1 }
    let path = error.path == .root ? "" : "\(error.path): "
    let message = ReplParseError("invalid JSON: \(path)\(error.message)", column: errorColumn)
    return parseError(message, line: line, style: style)
  }

  /// A write Firestore refuses before the rules run.
  static func precondition(_ failure: PreconditionFailure, kind: ReplWrite.Kind, style: ReplStyle) -> String {
    "\(style.verdict(false)) \(failure.message)\n"
  }

  static func noRules(_ request: Request, style: ReplStyle) -> String {
    "\(style.verdict(false)) \(request.method.rawValue) /\(request.path): no rules loaded (:load rules FILE)\n"
  }

  /// A single-document decision: the verdict with the deciding allow (file:line) or the
  /// reason; then, explained, the failing sub-expressions with carets (or, with
  /// `:explain on`, the whole trace); `debug()` output inline.
  static func decision(_ decision: Decision, request: Request, rules: LoadedRules, explain: Bool, style: ReplStyle)
    -> String
  {
    let what = "\(request.method.rawValue) /\(request.path)"
    var out = style.verdict(decision.allowed) + " " + what
    if let line = decision.grantingLine, decision.allowed {
      // Every allow that grants: the deciding one, then those that would grant on their own.
      let also = decision.trace.allows.filter { $0.alsoGrants != nil }.map { "\(rules.file.display):\($0.line)" }
      let more = also.isEmpty ? "" : "; also grants: " + also.joined(separator: ", ")
      out += "  " + style.dim("(\(rules.file.display):\(line)\(more))") + "\n"
    } else {
      out += ": \(decision.message)\n"
    }
    let source = rules.source
    if explain {
      let full = TraceTextRenderer.render(decision, source: source)
      out += full.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        .filter { !$0.hasPrefix("  reason:") }.map { "\($0)\n" }.joined()
      return out
    }
    if !decision.allowed {
      for allow in decision.trace.allows where allow.outcome != .granted && allow.outcome != .notEvaluated {
        let methods = allow.methods.map(\.rawValue).joined(separator: ", ")
        out += "  \(rules.file.display):\(allow.line) allow \(methods): \(outcomeText(allow.outcome))\n"
        if let expression = allow.expression {
          out += TraceTextRenderer.failureCarets(expression, source: source).map { "    \($0)\n" }.joined()
        }
      }
      out += ShortExplanation.notes(decision, source: source, dataName: "the session's data")
        .map { "  note: \($0)\n" }.joined()
    }
    for output in decision.trace.debugOutputs {
      out += "  debug \(rules.file.display):\(source.location(of: output.range.start).line): \(output.text)\n"
    }
    return out
  }

  /// A query's rules proof: the verdict with the deciding allows or the reason, then the
  /// allows that could not be proved with carets and the suggested filters (or, with
  /// `:explain on`, every branch and allow).
  static func proof(_ proof: ListProof, scope: QueryScope, rules: LoadedRules, explain: Bool, style: ReplStyle)
    -> String
  {
    var out = style.verdict(proof.allowed) + " query on \(scope)"
    if proof.allowed {
      var lines: [Int] = []
      for branch in proof.branches {
        for attempt in branch.attempts where attempt.outcome == .granted && !lines.contains(attempt.line) {
          lines.append(attempt.line)
        }
      }
      let places = lines.map { "\(rules.file.display):\($0)" }.joined(separator: ", ")
      out += lines.isEmpty ? "\n" : "  " + style.dim("(\(places))") + "\n"
    } else {
      out += ": \(proof.summary)\n"
    }
    if explain {
      let full = ProofRenderer.text(proof, source: rules.source)
      out += full.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        .filter { !$0.hasPrefix("  reason:") }.map { "\($0)\n" }.joined()
      return out
    }
    guard !proof.allowed else { return out }
    if let breach = proof.limitBreach { out += "  limit exceeded: \(breach)\n" }
    if let branch = proof.branches.first(where: { !$0.granted }) {
      if proof.branches.count > 1 { out += "  branch: \(branch.branch)\n" }
      for attempt in branch.attempts where attempt.outcome != .granted {
        let methods = attempt.methods.map(\.rawValue).joined(separator: ", ")
        out +=
          "  \(rules.file.display):\(attempt.line) allow \(methods): \(ProofRenderer.outcomeText(attempt.outcome))\n"
        for obstacle in attempt.obstacles {
          out += TraceTextRenderer.caretLines(obstacle.range, source: rules.source, note: obstacle.reason)
            .map { "    \($0)\n" }.joined()
        }
      }
    }
    for (index, fix) in proof.fixes.enumerated() {
      out += "  \(index == 0 ? "suggested filter" : "or"): add \(fix.joined(separator: " and "))\n"
    }
    for note in proof.notes { out += "  note: \(note)\n" }
    return out
  }

  static func outcomeText(_ outcome: AllowOutcome) -> String {
    switch outcome {
    case .granted: "granted"
    case .denied, .notBoolean: "false"
    case .error(let message): "error: \(message)"
    case .needsQueryConstraints(let message): message
    case .limitExceeded(let message): "limit exceeded: \(message)"
    case .notEvaluated: "not evaluated"
    }
  }

  /// `1 document`, `2 documents`.
  static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }

  /// `clubs/dickens {"name": "Dickens Readers", ...}` and a newline.
  static func documentLine(_ document: Document) -> String {
    "\(document.path) \(compact(document.fields))\n"
  }

  /// Fields as one line of tagged JSON, keys sorted.
  static func compact(_ fields: [String: Value]) -> String {
    JSONValue.object(TaggedJSONEncoder.encode(fields: fields)).text(.spaced)
  }

  static func compact(_ value: Value) -> String {
    TaggedJSONEncoder.encode(value).text(.spaced)
  }
}
