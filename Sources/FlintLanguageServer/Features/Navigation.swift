import FirestoreModel
import RulesLanguage

/// Go to definition and find references, for functions, parameters, `let` names and the
/// wildcard variables of `match` paths.
enum Navigation {
  static func definition(in document: inout TextDocument, at offset: Int) -> JSONValue {
    let index = document.symbols()
    guard let symbol = index.symbol(at: offset) else { return .null }
    return location(index.symbols[symbol].nameRange, document)
  }

  static func references(in document: inout TextDocument, at offset: Int, includeDeclaration: Bool) -> JSONValue {
    let index = document.symbols()
    guard let symbol = index.symbol(at: offset) else { return .array([]) }
    var ranges = index.uses(of: symbol)
    if includeDeclaration { ranges.insert(index.symbols[symbol].nameRange, at: 0) }
    return .array(ranges.map { location($0, document) })
  }

  static func location(_ range: SourceRange, _ document: TextDocument) -> JSONValue {
    ["uri": .string(document.uri), "range": document.lines.range(range)]
  }
}
