import FirestoreModel
import RulesLanguage

/// `textDocument/publishDiagnostics` for a document: exactly what `flint check` reports, lints
/// included, with notes that point elsewhere as related information.
enum PublishedDiagnostics {
  /// Like `flint check`'s text output, a file shows at most this many diagnostics.
  static let maxPerFile = DiagnosticRenderer.maxShownPerFile

  static func params(for document: TextDocument) -> JSONValue {
    let items = document.analysis.diagnostics.prefix(maxPerFile).map { lsp($0, in: document) }
    return [
      "uri": .string(document.uri), "version": .int(Int64(document.version)), "diagnostics": .array(Array(items)),
    ]
  }

  static func lsp(_ diagnostic: Diagnostic, in document: TextDocument) -> JSONValue {
    var message = diagnostic.message
    var related: [JSONValue] = []
    for note in diagnostic.notes {
      if let range = note.range {
        related.append([
          "location": ["uri": .string(document.uri), "range": document.lines.range(range)],
          "message": .string(note.message),
        ])
      } else {
        message += "\n" + note.message
      }
    }
    var object: JSONValue = [
      "range": document.lines.range(diagnostic.range),
      "severity": .int(severity(diagnostic.severity)),
      "code": .string(diagnostic.code.rawValue),
      "source": "flint",
      "message": .string(message),
    ]
    if !related.isEmpty, case .object(var members) = object {
      members["relatedInformation"] = .array(related)
      object = .object(members)
    }
    return object
  }

  /// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information.
  static func severity(_ severity: Severity) -> Int64 {
    switch severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }
}
