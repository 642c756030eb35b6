import FirestoreModel
import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `textDocument/codeAction`: mechanical fixes for the diagnostics in the requested range.
/// - a "did you mean" suggestion replaces the misspelt name (and `=` becomes `==`);
/// - `type.redundant-allow`: remove the redundant statement;
/// - `security.unpinned-ownership-field`, `security.owner-field-in-key-list`: pin the field in the
///   update's condition;
/// - every warning: silence it with a `// flint:ignore CODE` comment on the line above.
enum CodeActions {
  static func actions(in document: TextDocument, range: SourceRange) -> JSONValue {
    var actions: [JSONValue] = []
    for diagnostic in document.analysis.diagnostics.prefix(PublishedDiagnostics.maxPerFile)
    where diagnostic.range.start <= range.end && range.start <= diagnostic.range.end {
      var fixes: [(title: String, edits: [(SourceRange, String)])] = []
      if let fix = suggestion(diagnostic, document) { fixes.append(fix) }
      if diagnostic.code == .typeRedundantAllow, let fix = removeAllow(diagnostic, document) { fixes.append(fix) }
      if pinsField.contains(diagnostic.code), let fix = pinField(diagnostic, document) {
        fixes.append(fix)
      }
      if diagnostic.severity == .warning { fixes.append(silence(diagnostic, document)) }
      for (index, fix) in fixes.enumerated() {
        actions.append(action(fix.title, fix.edits, diagnostic, preferred: index == 0 && fixes.count > 1, document))
      }
    }
    return .array(actions)
  }

  /// The lints whose message names, as "change 'F'", an ownership field the update must pin.
  static let pinsField: Set<DiagnosticCode> = [.securityUnpinnedOwnershipField, .securityOwnerFieldInKeyList]

  private static func action(
    _ title: String, _ edits: [(SourceRange, String)], _ diagnostic: Diagnostic, preferred: Bool,
    _ document: TextDocument
  ) -> JSONValue {
    let textEdits: [JSONValue] = edits.map { ["range": document.lines.range($0.0), "newText": .string($0.1)] }
    var object = JSONObject()
    object["title"] = .string(title)
    object["kind"] = "quickfix"
    object["diagnostics"] = .array([PublishedDiagnostics.lsp(diagnostic, in: document)])
    if preferred { object["isPreferred"] = true }
    object["edit"] = [
      "changes": .object(JSONObject(members: [JSONMember(key: document.uri, value: .array(textEdits))])!)
    ]
    return .object(object)
  }

  /// "did you mean 'x'?" (a note, or `==` in the message) turned into a replacement.
  private static func suggestion(_ diagnostic: Diagnostic, _ document: TextDocument) -> (
    String, [(SourceRange, String)]
  )? {
    if diagnostic.code == .parseAssignmentInCondition {
      return ("Replace '=' with '=='", [(diagnostic.range, "==")])
    }
    let prefix = "did you mean '"
    guard diagnostic.range.length > 0,
      let note = diagnostic.notes.first(where: { $0.message.hasPrefix(prefix) && $0.message.hasSuffix("'?") })
    else { return nil }
    let name = String(note.message.dropFirst(prefix.count).dropLast(2))
    let written = document.source.text(in: diagnostic.range)
    guard !name.isEmpty, written.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return ("Replace '\(written)' with '\(name)'", [(diagnostic.range, name)])
  }

  private static func removeAllow(_ diagnostic: Diagnostic, _ document: TextDocument) -> (
    String, [(SourceRange, String)]
  )? {
    guard let allow = allowStatement(containing: diagnostic.range.start, in: document.file) else { return nil }
    var statement = allow.range
    let bytes = document.source.bytes
    if statement.end < bytes.count, bytes[statement.end] == UInt8(ascii: ";") {
      statement = SourceRange(start: statement.start, end: statement.end + 1)
    }
    return ("Remove the redundant allow", [(wholeLines(statement, document.source) ?? statement, "")])
  }

  /// Appends `!request.resource.data.diff(resource.data).affectedKeys().hasAny(['field'])` to the
  /// update's condition (parenthesized, so `||` inside keeps its meaning).
  private static func pinField(_ diagnostic: Diagnostic, _ document: TextDocument) -> (String, [(SourceRange, String)])?
  {
    guard let allow = allowStatement(containing: diagnostic.range.start, in: document.file),
      let condition = allow.condition, let field = quotedField(diagnostic.message)
    else { return nil }
    let pin = "!request.resource.data.diff(resource.data).affectedKeys().hasAny(['\(field)'])"
    return (
      "Pin '\(field)' in the update",
      [(.at(condition.range.start), "("), (.at(condition.range.end), ") && " + pin)]
    )
  }

  /// The field named in "lets the user change 'role'".
  static func quotedField(_ message: String) -> String? {
    guard let marker = message.firstRange(of: "change '") else { return nil }
    let rest = message[marker.upperBound...]
    guard let end = rest.firstIndex(of: "'") else { return nil }
    let field = String(rest[..<end])
    return field.isEmpty || field.contains("\\") ? nil : field
  }

  private static func silence(_ diagnostic: Diagnostic, _ document: TextDocument) -> (String, [(SourceRange, String)]) {
    let start = document.lines.lineStart(of: diagnostic.range.start)
    var indentEnd = start
    while indentEnd < document.source.bytes.count, [32, 9].contains(document.source.bytes[indentEnd]) { indentEnd += 1 }
    let indent = String(decoding: document.source.bytes[start..<indentEnd], as: UTF8.self)
    return ("Silence \(diagnostic.code) here", [(.at(start), "\(indent)// flint:ignore \(diagnostic.code)\n")])
  }

  /// The range of the lines `range` spans, newline included, when nothing else is on them.
  private static func wholeLines(_ range: SourceRange, _ source: SourceFile) -> SourceRange? {
    let bytes = source.bytes
    var start = range.start
    while start > 0, [32, 9].contains(bytes[start - 1]) { start -= 1 }
    guard start == 0 || bytes[start - 1] == 10 else { return nil }
    var end = range.end
    while end < bytes.count, [32, 9, 13].contains(bytes[end]) { end += 1 }
    guard end == bytes.count || bytes[end] == 10 else { return nil }
    return SourceRange(start: start, end: min(end + 1, bytes.count))
  }

  private static func allowStatement(containing offset: Int, in file: RulesFile) -> AllowStatement? {
    func search(_ items: [MatchItem]) -> AllowStatement? {
      for item in items {
        switch item {
        case .allow(let allow) where allow.range.start <= offset && offset <= allow.range.end: return allow
        case .match(let block) where block.range.start <= offset && offset <= block.range.end:
          return search(block.items)
        default: continue
        }
      }
      return nil
    }
    return file.service.flatMap { search($0.items) }
  }
}
