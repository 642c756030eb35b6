import FirestoreModel
import RulesLanguage

/// `textDocument/hover`: a declared name's definition, a built-in's signature and description,
/// the bindings of a `match` path, and the type of an expression where `flint check` is certain
/// of it.
enum Hover {
  static func hover(in document: inout TextDocument, at offset: Int) -> JSONValue {
    let index = document.symbols()
    if let (symbol, range) = index.occurrence(at: offset) {
      let context = CursorContext(document.file, offset: index.symbols[symbol].nameRange.start)
      return result(describe(index.symbols[symbol], index, context, document), range: range, document)
    }
    let context = CursorContext(document.file, offset: offset)
    if let expr = context.innermost, let text = describe(expr, offset: offset, &document) {
      return result(text, range: expr.range, document)
    }
    if let match = context.match, match.path.range.start <= offset, offset <= match.path.range.end {
      return result(bindings(context.matchPath), range: match.path.range, document)
    }
    return .null
  }

  private static func result(_ markdown: String, range: SourceRange?, _ document: TextDocument) -> JSONValue {
    var object = JSONObject()
    object["contents"] = ["kind": "markdown", "value": .string(markdown)]
    if let range { object["range"] = document.lines.range(range) }
    return .object(object)
  }

  private static func describe(
    _ symbol: SymbolIndex.Symbol, _ index: SymbolIndex, _ context: CursorContext, _ document: TextDocument
  ) -> String {
    let line = document.source.location(of: symbol.declarationRange.start).line
    switch symbol.kind {
    case .function:
      return "```\n\(document.source.text(in: symbol.declarationRange))\n```\nfunction declared at line \(line)"
    case .parameter:
      return "```\n(parameter) \(symbol.name)\n```\nof `\(owner(symbol, index))`"
    case .letBinding:
      return "```\n\(document.source.text(in: symbol.declarationRange))\n```\nin `\(owner(symbol, index))`"
    case .wildcard:
      let recursive = context.matchPath.contains { segment in
        if case .recursiveWildcard(symbol.name) = segment.kind { true } else { false }
      }
      let kind = recursive ? "path: the rest of the document path" : "string: one path segment (a document id)"
      return "```\n(wildcard) \(symbol.name)\n```\n\(kind), bound by `match \(pathText(context.matchPath))`"
    }
  }

  private static func owner(_ symbol: SymbolIndex.Symbol, _ index: SymbolIndex) -> String {
    guard let function = symbol.function else { return "?" }
    let parameters = index.symbols.filter { $0.function == function && $0.kind == .parameter }.map(\.name)
    return "\(index.symbols[function].name)(\(parameters.joined(separator: ", ")))"
  }

  /// The built-in or the type of the expression under the cursor.
  private static func describe(_ expr: Expr, offset: Int, _ document: inout TextDocument) -> String? {
    let type = document.expressionTypes()[expr.range]
    var text: String?
    let service = document.service
    switch expr.kind {
    case .call(let name, _):
      text = service.functions[name.name]?.doc.markdown
    case .methodCall(let base, let name, _):
      if case .identifier(let namespace) = base.kind, let members = service.namespaces[namespace] {
        text = members[name.name]?.doc.markdown
      } else if name.range.start <= offset {
        text = BuiltinNames.methodDocs[name.name]?.markdown
      }
    case .identifier(let name):
      text = service.properties[name]?.doc.markdown ?? service.namespaceSummaries[name].map { "`\(name)`: \($0)" }
    case .member:
      if let dotted = dottedName(expr) { text = service.properties[dotted]?.doc.markdown }
    default:
      break
    }
    if let type {
      return (text.map { $0 + "\n\n" } ?? "") + "type: `\(type)`"
    }
    return text
  }

  /// `request.auth.uid` for a member chain rooted at an identifier.
  static func dottedName(_ expr: Expr) -> String? {
    switch expr.kind {
    case .identifier(let name): name
    case .member(let base, let name): dottedName(base).map { "\($0).\(name.name)" }
    default: nil
    }
  }

  private static func bindings(_ path: [MatchSegment]) -> String {
    var lines = ["```\nmatch \(pathText(path))\n```"]
    for segment in path {
      switch segment.kind {
      case .literal: break
      case .wildcard(let name): lines.append("- `\(name)`: string (one path segment)")
      case .recursiveWildcard(let name): lines.append("- `\(name)`: path (the rest of the path)")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func pathText(_ path: [MatchSegment]) -> String {
    path.map { "/" + $0.description }.joined()
  }
}
