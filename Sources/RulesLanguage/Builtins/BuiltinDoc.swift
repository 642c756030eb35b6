/// How hover and completion describe a built-in name: its signature and a one-line summary
/// (rules-language §4-§5, in Flint's words). Each entry of `BuiltinNames` carries one, so the
/// names the checks accept and the names the editor documents are one table.
package struct BuiltinDoc: Hashable, Sendable {
  /// Such as `math.pow(base, exponent) -> float` or `request.auth: map | null`.
  package var signature: String
  package var summary: String

  package init(_ signature: String, _ summary: String) {
    self.signature = signature
    self.summary = summary
  }

  /// The hover text: the signature in a code block, then the summary.
  package var markdown: String { "```\n\(signature)\n```\n\(summary)" }
}
