import FirestoreModel
import RulesEngine
import RulesLanguage

/// Renders a `ListProof` as text (for terminals and goldens) or JSON (one line, keys in a
/// fixed order; positions are 1-based lines and columns).
package enum ProofRenderer {
  /// The explanation as text:
  ///
  /// ```
  /// DENY list /databases/(default)/documents/posts
  ///   match /databases/{database}/documents/posts/{post}
  ///   branch 1 of 1: no filters
  ///     L5 allow read: unprovable
  ///       5 |       allow read: if resource.data.owner == request.auth.uid;
  ///         |                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ resource.data.owner has no filter ...
  ///       suggestion: add .where("owner", "==", auth.uid)
  ///   suggested fix: add .where("owner", "==", auth.uid)
  /// ```
  ///
  /// Fixes are alternatives (`or: ...`), each a set of changes applied together (`and`).
  package static func text(_ proof: ListProof, source: SourceFile) -> String {
    var lines = ["\(proof.allowed ? "ALLOW" : "DENY") \(proof.request)"]
    if !proof.allowed { lines.append("  reason: \(proof.summary)") }
    for pattern in proof.matches { lines.append("  match \(pattern)") }
    let count = proof.branches.count
    for (index, branch) in proof.branches.enumerated() {
      let verdict = branch.granted ? "allowed" : "denied"
      lines.append("  branch \(index + 1) of \(count): \(branch.branch) — \(verdict)")
      for attempt in branch.attempts {
        lines.append(contentsOf: render(attempt, source: source).map { "    " + $0 })
      }
    }
    if let breach = proof.limitBreach { lines.append("  limit exceeded: \(breach)") }
    for (index, fix) in proof.fixes.enumerated() {
      lines.append("  \(index == 0 ? "suggested fix" : "or"): add \(fix.joined(separator: " and "))")
    }
    for note in proof.notes { lines.append("  note: \(note)") }
    return lines.joined(separator: "\n") + "\n"
  }

  static func render(_ attempt: AllowAttempt, source: SourceFile) -> [String] {
    let methods = attempt.methods.map(\.rawValue).joined(separator: ", ")
    var lines = ["L\(attempt.line) allow \(methods): \(outcomeText(attempt.outcome))"]
    if attempt.outcome == .granted {
      // The allow that granted, named as a place a reader can open, with its condition.
      let condition = attempt.conditionRange.map { ": if " + TraceTextRenderer.snippetText($0, source: source) } ?? ""
      lines[0] += " (\(source.name):\(attempt.line)\(condition))"
    }
    for obstacle in attempt.obstacles {
      let carets = TraceTextRenderer.caretLines(obstacle.range, source: source, note: obstacle.reason)
      lines.append(contentsOf: carets.map { "  " + $0 })
      if let suggestion = obstacle.suggestion { lines.append("  suggestion: add \(suggestion)") }
    }
    return lines
  }

  /// `granted`, `false`, `error: ...`, `unprovable`.
  package static func outcomeText(_ outcome: AllowAttempt.Outcome) -> String {
    switch outcome {
    case .granted: "granted"
    case .denied: "false"
    case .error(let message): "error: \(message)"
    case .unprovable: "unprovable from the query"
    }
  }

  /// The explanation as JSON text.
  package static func jsonText(_ proof: ListProof, source: SourceFile) -> String {
    json(proof, source: source).text(.spaced)
  }

  /// The explanation as a JSON tree, for embedding:
  /// `{"decision", "request", "summary", "matches", "branches": [{"filters", "allowed",
  /// "allows": [{"line", "methods", "pattern", "outcome", "obstacles": [...]}]}],
  /// "suggestions", "notes"}`.
  package static func json(_ proof: ListProof, source: SourceFile) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("decision", .string(proof.allowed ? "allow" : "deny")),
      ("request", .string(proof.request)),
      ("summary", .string(proof.summary)),
      ("matches", .array(proof.matches.map(JSONValue.string))),
      ("branches", .array(proof.branches.map { branch(of: $0, source: source) })),
    ]
    if let breach = proof.limitBreach { members.append(("limitBreach", .string(breach))) }
    members.append(("suggestions", .array(proof.suggestions.map(JSONValue.string))))
    members.append(("fixes", .array(proof.fixes.map { .array($0.map(JSONValue.string)) })))
    members.append(("notes", .array(proof.notes.map(JSONValue.string))))
    return .object(members)
  }

  private static func branch(of branch: BranchProof, source: SourceFile) -> JSONValue {
    .object([
      ("filters", .string(branch.branch.description)),
      ("allowed", .bool(branch.granted)),
      ("allows", .array(branch.attempts.map { attempt(of: $0, source: source) })),
    ])
  }

  private static func attempt(of attempt: AllowAttempt, source: SourceFile) -> JSONValue {
    let outcome: String
    var members: [(String, JSONValue)] = [
      ("line", .int(attempt.line)),
      ("methods", .array(attempt.methods.map { .string($0.rawValue) })),
      ("pattern", .string(attempt.pattern)),
    ]
    switch attempt.outcome {
    case .granted: outcome = "granted"
    case .denied: outcome = "false"
    case .error: outcome = "error"
    case .unprovable: outcome = "unprovable"
    }
    members.append(("outcome", .string(outcome)))
    if case .error(let message) = attempt.outcome { members.append(("error", .string(message))) }
    members.append(("obstacles", .array(attempt.obstacles.map { obstacle(of: $0, source: source) })))
    return .object(members)
  }

  private static func obstacle(of obstacle: ProofObstacle, source: SourceFile) -> JSONValue {
    let start = source.location(of: obstacle.range.start)
    let end = source.location(of: obstacle.range.end)
    return .object([
      ("kind", .string(obstacle.kind.rawValue)),
      ("text", .string(obstacle.text)),
      (
        "range",
        .object([
          ("start", .object([("line", .int(start.line)), ("column", .int(start.column))])),
          ("end", .object([("line", .int(end.line)), ("column", .int(end.column))])),
        ])
      ),
      ("reason", .string(obstacle.reason)),
      ("suggestion", obstacle.suggestion.map(JSONValue.string) ?? .null),
    ])
  }
}

extension ListProof {
  /// The text explanation (see `ProofRenderer.text`).
  package func explanation(source: SourceFile) -> String {
    ProofRenderer.text(self, source: source)
  }
}
