import RulesLanguage

/// Says what was null behind a failing sub-expression, and why, from the request itself:
/// `request.auth` only when the request was signed out, `resource` only when the document
/// does not exist, so that every note is true of the request it explains.
enum NullNote {
  static let signedOut = "request.auth is null: the request is signed out"

  /// The notes for `culprit`, the deepest sub-expression that made an allow fail: one per
  /// distinct null value read under it (`request.auth`, `resource`, `request.resource`, or,
  /// when the failure is a `Null value error`, any other expression that was null).
  static func notes(_ culprit: ExprTrace, trace: DecisionTrace, source: SourceFile, dataName: String) -> [String] {
    let nullError = culprit.value.error?.message.hasPrefix("Null value error") == true
    var notes: [String] = []
    visit(culprit) { node in
      guard case .value(.null) = node.value else { return }
      let text = TraceTextRenderer.snippetText(node.range, source: source)
      guard text != "null", !text.isEmpty else { return }
      let note: String?
      switch text {
      case "request.auth": note = signedOut
      case "resource": note = resourceNote(trace, dataName: dataName)
      case "request.resource": note = "request.resource is null: a \(trace.method.rawValue) request writes no document"
      default: note = nullError ? "\(text) is null" : nil
      }
      if let note, !notes.contains(note) { notes.append(note) }
    }
    return notes
  }

  /// Why `resource` is null for this request.
  static func resourceNote(_ trace: DecisionTrace, dataName: String) -> String {
    switch trace.method {
    case .create:
      "resource is null: \(trace.requestPath) does not exist before this create (the new document is request.resource)"
    default: "resource is null: \(trace.requestPath) does not exist in \(dataName)"
    }
  }

  /// Every evaluated node of the tree, depth first.
  private static func visit(_ node: ExprTrace, _ body: (ExprTrace) -> Void) {
    if case .notEvaluated = node.value { return }
    body(node)
    for child in node.children { visit(child, body) }
  }
}
