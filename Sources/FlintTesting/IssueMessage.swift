import Flint

/// `expected allow: get /users/alice as alice`, then the explanation, without a trailing blank line.
func issueMessage(expected: String, _ request: RulesRequest, _ decision: RulesDecision) -> String {
  var explanation = decision.description
  while explanation.hasSuffix("\n") { explanation.removeLast() }
  return "expected \(expected): \(request)\n\(explanation)"
}
