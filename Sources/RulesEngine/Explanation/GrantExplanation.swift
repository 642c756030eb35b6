import RulesLanguage

/// Why a request was allowed: the allow that granted it (the rules file and line, its methods
/// and condition), the `match` it sits in with the wildcard values, and the sub-expressions that
/// made the condition true with the values they saw. An unexpected ALLOW is the case that
/// matters most for security, so it gets as much explanation as a DENY.
///
/// ```
/// granted by firestore.rules:8: allow read: if isOwner(uid) || resource.data.public == true
///   in match /databases/{database}/documents/users/{uid} (uid = 'alice')
///   in isOwner(): request.auth != null → true (request.auth = {...})
/// ```
package enum GrantExplanation {
  /// The most true sub-expressions listed per allow; the rest are counted.
  static let maximumReasons = 6
  /// Values are cut shorter than in denials: a grant line holds several.
  static let valueLimit = 40

  /// The lines for every allow of `trace` that granted (none when it was denied). Allows run in
  /// source order and the decision stops at the first that grants; at full trace level the later
  /// ones are evaluated for the explanation, and those that grant too are named after it, since
  /// each would have to change for the request to be denied.
  package static func lines(_ trace: DecisionTrace, source: SourceFile) -> [String] {
    var lines: [String] = []
    for allow in trace.allows where allow.outcome == .granted || allow.alsoGrants != nil {
      let methods = allow.methods.map(\.rawValue).joined(separator: ", ")
      let condition = allow.conditionRange.map { "if " + TraceTextRenderer.snippetText($0, source: source) }
      let by = allow.outcome == .granted ? "granted by" : "also grants (evaluated after the first):"
      lines.append(
        "\(by) \(source.name):\(allow.line): allow \(methods)" + (condition.map { ": " + $0 } ?? " (no condition)"))
      if trace.matches.indices.contains(allow.matchIndex) {
        let match = trace.matches[allow.matchIndex]
        // `{database}` is bound to the request's database in every block: left out.
        let bindings = match.pattern.hasPrefix("/databases/{") ? Array(match.bindings.dropFirst()) : match.bindings
        let bound = bindings.map { "\($0.name) = \($0.value.map { ValueText.render($0) } ?? "<unknown>")" }
        lines.append("  in match \(match.pattern)" + (bound.isEmpty ? "" : " (\(bound.joined(separator: ", ")))"))
      }
      guard let expression = allow.expression ?? allow.alsoGrants?.expression else { continue }
      var found: [(node: ExprTrace, function: String?)] = []
      reasons(expression, function: nil, into: &found)
      // A literal (`if true`) explains nothing beyond the condition already shown.
      found.removeAll {
        TraceTextRenderer.snippetText($0.node.range, source: source) == ValueText.render($0.node.value)
      }
      for (node, function) in found.prefix(maximumReasons) {
        let text = TraceTextRenderer.snippetText(node.range, source: source)
        var line = "  " + (function.map { "in \($0)(): " } ?? "")
        line += "\(text) → \(ValueText.render(node.value))"
        // The object of a member access (`resource.data` in `resource.data.published`) says
        // less than the value read from it, shown after the arrow.
        let seen = ShortExplanation.operands(node, source: source, limit: valueLimit)
          .filter { $0.text != text && !text.hasPrefix($0.text + ".") && !text.hasPrefix($0.text + "[") }
          .map { "\($0.text) = \($0.value)" }
        if !seen.isEmpty { line += " (\(seen.joined(separator: ", ")))" }
        lines.append(line)
      }
      if found.count > maximumReasons { lines.append("  … and \(found.count - maximumReasons) more") }
    }
    return lines
  }

  /// The sub-expressions whose values made `node` true: every side of `&&`, the side of `||`
  /// that was true, a ternary's condition and the branch taken, through function bodies.
  static func reasons(_ node: ExprTrace, function: String?, into found: inout [(node: ExprTrace, function: String?)]) {
    let evaluated = node.children.filter { if case .notEvaluated = $0.value { false } else { true } }
    switch node.kind {
    case .and:
      for child in evaluated { reasons(child, function: function, into: &found) }
    case .or:
      if let side = evaluated.first(where: \.value.isTrue) {
        reasons(side, function: function, into: &found)
      } else {
        found.append((node, function))
      }
    case .ternary:
      guard evaluated.count >= 2 else { return found.append((node, function)) }
      found.append((evaluated[0], function))
      reasons(evaluated[evaluated.count - 1], function: function, into: &found)
    case .call(let name):
      if let body = evaluated.last, case .functionBody = body.kind {
        reasons(body, function: name, into: &found)
      } else {
        found.append((node, function))
      }
    case .functionBody, .letBinding, .debug:
      if let last = evaluated.last { reasons(last, function: function, into: &found) }
    case .expression, .not, .lookup:
      found.append((node, function))
    }
  }
}
