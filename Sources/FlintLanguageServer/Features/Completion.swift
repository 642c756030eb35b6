import FirestoreModel
import RulesLanguage

/// `textDocument/completion`: after `.`, the members of what is before it (a namespace's
/// functions, `request` and `resource` properties, or methods); elsewhere the names in scope
/// (functions, wildcards, parameters, `let`s), the globals, the built-in functions and keywords.
///
/// It reads the text before the cursor rather than the tree: the line being typed rarely parses.
enum Completion {
  /// LSP CompletionItemKind values used here.
  private enum Kind: Int64 {
    case method = 2
    case function = 3
    case field = 5
    case variable = 6
    case module = 9
    case property = 10
    case keyword = 14
  }

  static let keywords = [
    "allow", "match", "function", "return", "let", "if", "true", "false", "null", "is", "in",
    "read", "write", "get", "list", "create", "update", "delete",
  ]

  /// Members of the variables whose properties are known, by dotted name.
  private static let mapTyped: Set<String> = ["resource.data", "request.resource.data", "request.auth.token"]

  static func items(in document: inout TextDocument, at offset: Int) -> JSONValue {
    let before = Array(document.source.bytes[document.lines.lineStart(of: offset)..<offset])
    var end = before.count
    while end > 0, isNameByte(before[end - 1]) { end -= 1 }
    let items: [JSONValue]
    if end > 0, before[end - 1] == UInt8(ascii: ".") {
      items = members(of: receiver(before[..<(end - 1)]), document: &document, offset: offset)
    } else {
      items = names(in: &document, at: offset)
    }
    return ["isIncomplete": false, "items": .array(items)]
  }

  /// The dotted name before a `.`, such as `request.auth`; nil when it is not a plain chain.
  static func receiver(_ bytes: ArraySlice<UInt8>) -> String? {
    var start = bytes.endIndex
    while start > bytes.startIndex, isNameByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") {
      start -= 1
    }
    let text = String(decoding: bytes[start...], as: UTF8.self)
    guard !text.isEmpty, !text.hasPrefix("."), !text.hasSuffix("."), !text.contains("..") else { return nil }
    if start > bytes.startIndex, [UInt8(ascii: ")"), UInt8(ascii: "]")].contains(bytes[start - 1]) { return nil }
    return text
  }

  private static func members(of receiver: String?, document: inout TextDocument, offset: Int) -> [JSONValue] {
    guard let receiver else { return methodItems(BuiltinNames.methodDocs.keys) }
    let index = document.symbols()
    let shadowed = index.visibleSymbols(at: offset).contains { index.symbols[$0].name == receiver }
    let service = document.service
    if !shadowed, let members = service.namespaces[receiver] {
      return members.sorted { $0.key < $1.key }.map { item($0.key, .function, $0.value.doc) }
    }
    let prefix = receiver + "."
    let properties = service.properties.filter {
      $0.key.hasPrefix(prefix) && !$0.key.dropFirst(prefix.count).contains(".")
    }
    if !shadowed, !properties.isEmpty {
      return properties.sorted { $0.key < $1.key }.map {
        item(String($0.key.dropFirst(prefix.count)), .property, $0.value.doc)
      }
    }
    if mapTyped.contains(receiver), let methods = ExpressionTypes.methods(ofType: "map") {
      return methodItems(methods.keys)
    }
    return methodItems(BuiltinNames.methodDocs.keys)
  }

  private static func methodItems(_ names: some Sequence<String>) -> [JSONValue] {
    names.sorted().compactMap { name in BuiltinNames.methodDocs[name].map { item(name, .method, $0) } }
  }

  private static func names(in document: inout TextDocument, at offset: Int) -> [JSONValue] {
    var items: [JSONValue] = []
    let index = document.symbols()
    for symbol in index.visibleSymbols(at: offset).map({ index.symbols[$0] }) {
      let kind: Kind = symbol.kind == .function ? .function : .variable
      let detail =
        symbol.kind == .function
        ? DocumentSymbols.short(document.source.text(in: symbol.declarationRange)) : "(\(symbol.kind.rawValue))"
      items.append(["label": .string(symbol.name), "kind": .int(kind.rawValue), "detail": .string(detail)])
    }
    let service = document.service
    for name in ["request", "resource"] {
      if let entry = service.properties[name] { items.append(item(name, .variable, entry.doc)) }
    }
    for (name, summary) in service.namespaceSummaries.sorted(by: { $0.key < $1.key }) {
      items.append(["label": .string(name), "kind": .int(Kind.module.rawValue), "detail": .string(summary)])
    }
    for (name, function) in service.functions.sorted(by: { $0.key < $1.key }) {
      items.append(item(name, .function, function.doc))
    }
    for keyword in keywords {
      items.append(["label": .string(keyword), "kind": .int(Kind.keyword.rawValue)])
    }
    return items
  }

  private static func item(_ label: String, _ kind: Kind, _ entry: BuiltinDoc) -> JSONValue {
    [
      "label": .string(label), "kind": .int(kind.rawValue), "detail": .string(entry.signature),
      "documentation": ["kind": "markdown", "value": .string(entry.summary)],
    ]
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
  }
}
