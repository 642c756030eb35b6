/// How much a failing case's explanation shows.
package enum ExplainLevel: String, Sendable, CaseIterable {
  /// Each allow that could have granted: its line, the first failing sub-expression and the
  /// values it saw (a dozen lines for a typical failure).
  case short
  /// The whole evaluated expression tree of every allow, matches, lookups and debug output.
  case full
}
