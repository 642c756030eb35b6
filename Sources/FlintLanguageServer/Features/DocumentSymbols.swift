import FirestoreModel
import RulesLanguage

/// `textDocument/documentSymbol`: the `match` tree, with each block's functions and `allow`
/// statements, as an outline.
enum DocumentSymbols {
  /// LSP SymbolKind values used here.
  private enum Kind: Int64 {
    case module = 2
    case namespace = 3
    case property = 7
    case function = 12
  }

  static func symbols(in document: TextDocument) -> JSONValue {
    let file = document.file
    var items = file.functions.map { function($0, document) }
    if let service = file.service {
      items.append(
        symbol(
          "service \(service.name.name)", .module, range: service.range, selection: service.name.range,
          children: children(service.items, prefix: "", document), document))
    }
    return .array(items)
  }

  private static func children(_ items: [MatchItem], prefix: String, _ document: TextDocument) -> [JSONValue] {
    items.map { item in
      switch item {
      case .function(let decl):
        return function(decl, document)
      case .allow(let allow):
        let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
        let condition = allow.condition.map { short(document.source.text(in: $0.range)) } ?? "always"
        return symbol(
          "allow \(methods)", .property, range: allow.range, selection: allow.range, detail: condition, document)
      case .match(let block):
        let full = prefix + block.path.description
        return symbol(
          "match \(block.path.description)", .namespace, range: block.range, selection: block.path.range,
          detail: full == block.path.description ? nil : full,
          children: children(block.items, prefix: full, document), document)
      }
    }
  }

  private static func function(_ decl: FunctionDecl, _ document: TextDocument) -> JSONValue {
    let signature = "\(decl.name.name)(\(decl.parameters.map(\.name).joined(separator: ", ")))"
    return symbol(signature, .function, range: decl.range, selection: decl.name.range, document)
  }

  private static func symbol(
    _ name: String, _ kind: Kind, range: SourceRange, selection: SourceRange, detail: String? = nil,
    children: [JSONValue] = [], _ document: TextDocument
  ) -> JSONValue {
    // LSP requires the selection inside the range; a recovered tree may not promise that.
    let inside = range.start <= selection.start && selection.end <= range.end ? selection : range
    var object = JSONObject()
    object["name"] = .string(name.isEmpty ? "?" : name)
    if let detail { object["detail"] = .string(detail) }
    object["kind"] = .int(kind.rawValue)
    object["range"] = document.lines.range(range)
    object["selectionRange"] = document.lines.range(inside)
    if !children.isEmpty { object["children"] = .array(children) }
    return .object(object)
  }

  /// One line of at most 60 characters.
  static func short(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).map(trimmedSpaces).joined(separator: " ")
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }
}

/// `text` without leading and trailing spaces and tabs.
func trimmedSpaces(_ text: Substring) -> Substring {
  var trimmed = text
  while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
  while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
  return trimmed
}
